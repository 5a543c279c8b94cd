import "server-only";
import type { Prisma } from "@/lib/server/db";

/*
 * Revision writes. Each runs inside the edit's own transaction, after it locked the post row
 * FOR UPDATE: concurrent edits of one post then take their numbers one after the other, so the
 * numbers run 1..N without gaps (the unique (post, number) index is the backstop).
 *
 * Revision 1 is written lazily: a post that was never edited has no revision rows (its current
 * text is revision 1); its first edit first copies the row as it stands into revision 1, in the
 * same transaction. The migration gave every post that existed before it its revision 1.
 */

/** Who made a revision and why: `editorId` is the author today, the suggester of an accepted suggested edit later. */
export interface RevisionMeta {
  editorId: string;
  summary: string | null;
  /** The revision number this edit restores, when it is a rollback. */
  rollbackOf?: number | null;
}

/** The summary a rollback to revision `n` records. */
export function rollbackSummary(n: number): string {
  return `Rolled back to revision ${n}`;
}

/** Copies the question as it stands into revision 1 unless it has revisions already (call before changing it, with its row locked). */
export async function keepOriginalQuestion(tx: Prisma.TransactionClient, questionId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO question_revisions (question_id, number, title, description, tags, editor_id, created_at)
    SELECT q.id, 1, q.title, q.description,
           COALESCE((SELECT array_agg(t.name ORDER BY qt.id) FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id), ARRAY[]::text[]),
           q.author_id, q.created_at
      FROM questions q
     WHERE q.id = ${questionId}
       AND NOT EXISTS (SELECT 1 FROM question_revisions r WHERE r.question_id = q.id)`;
}

/** Records the question as it now stands as its next revision (call after changing it, with its row locked). */
export async function appendQuestionRevision(tx: Prisma.TransactionClient, questionId: number, meta: RevisionMeta): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO question_revisions (question_id, number, title, description, tags, editor_id, summary, rollback_of, created_at)
    SELECT q.id, COALESCE((SELECT max(r.number) FROM question_revisions r WHERE r.question_id = q.id), 0) + 1,
           q.title, q.description,
           COALESCE((SELECT array_agg(t.name ORDER BY qt.id) FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id), ARRAY[]::text[]),
           ${meta.editorId}, ${meta.summary}, ${meta.rollbackOf ?? null}::int, (now() AT TIME ZONE 'UTC')
      FROM questions q
     WHERE q.id = ${questionId}`;
}

/** Copies the answer as it stands into revision 1 unless it has revisions already (call before changing it, with its row locked). */
export async function keepOriginalAnswer(tx: Prisma.TransactionClient, answerId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO answer_revisions (answer_id, number, content, editor_id, created_at)
    SELECT a.id, 1, a.content, a.author_id, a.created_at
      FROM answers a
     WHERE a.id = ${answerId}
       AND NOT EXISTS (SELECT 1 FROM answer_revisions r WHERE r.answer_id = a.id)`;
}

/** Records the answer as it now stands as its next revision (call after changing it, with its row locked). */
export async function appendAnswerRevision(tx: Prisma.TransactionClient, answerId: number, meta: RevisionMeta): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO answer_revisions (answer_id, number, content, editor_id, summary, rollback_of, created_at)
    SELECT a.id, COALESCE((SELECT max(r.number) FROM answer_revisions r WHERE r.answer_id = a.id), 0) + 1,
           a.content, ${meta.editorId}, ${meta.summary}, ${meta.rollbackOf ?? null}::int, (now() AT TIME ZONE 'UTC')
      FROM answers a
     WHERE a.id = ${answerId}`;
}
