import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import {
  answerRevisionSelect,
  questionRevisionSelect,
  type AnswerRevisionRow,
  type QuestionRevisionRow,
} from "@/lib/server/revisions/presenters";
import { listApproversByRevision } from "@/lib/server/suggested-edits/queries";
import { authorSelect, type AuthorRow } from "@/lib/server/users/presenters";

// Names, beside each revision an approved suggested edit made, who approved it.
function withApprovers<R extends { number: number }>(rows: R[], approvers: Map<number, AuthorRow>): (R & { approvedBy: AuthorRow | null })[] {
  return rows.map((row) => ({ ...row, approvedBy: approvers.get(row.number) ?? null }));
}

/** Message of the 404 for a revision number a post does not have. */
export const REVISION_NOT_FOUND = "Revision not found";

/**
 * A question's revisions, newest first (visibility is the caller's: read the question with
 * getQuestionOrThrow first). A question never edited has no rows yet: its revision 1 is the
 * question as it stands.
 */
export async function listQuestionRevisions(questionId: number): Promise<QuestionRevisionRow[]> {
  const rows = await db.questionRevision.findMany({ where: { questionId }, select: questionRevisionSelect, orderBy: { number: "desc" } });
  if (rows.length > 0) return withApprovers(rows, await listApproversByRevision({ questionId }));
  const question = await db.question.findUnique({
    where: { id: questionId },
    select: {
      title: true,
      description: true,
      createdAt: true,
      author: { select: authorSelect },
      tags: { select: { tag: { select: { name: true } } }, orderBy: { id: "asc" } },
    },
  });
  if (!question) return [];
  return [{
    number: 1,
    title: question.title,
    description: question.description,
    tags: question.tags.map((t) => t.tag.name),
    summary: null,
    rollbackOf: null,
    createdAt: question.createdAt,
    editor: question.author,
  }];
}

/**
 * An answer's revisions, newest first (visibility is the caller's: read the answer with
 * getAnswerOrThrow first). An answer never edited has no rows yet: its revision 1 is the answer
 * as it stands.
 */
export async function listAnswerRevisions(answerId: number): Promise<AnswerRevisionRow[]> {
  const rows = await db.answerRevision.findMany({ where: { answerId }, select: answerRevisionSelect, orderBy: { number: "desc" } });
  if (rows.length > 0) return withApprovers(rows, await listApproversByRevision({ answerId }));
  const answer = await db.answer.findUnique({
    where: { id: answerId },
    select: { content: true, createdAt: true, author: { select: authorSelect } },
  });
  if (!answer) return [];
  return [{ number: 1, content: answer.content, summary: null, rollbackOf: null, createdAt: answer.createdAt, editor: answer.author }];
}

/** Revision `n` of the question, or 404 "Revision not found". */
export async function getQuestionRevisionOrThrow(questionId: number, n: number): Promise<QuestionRevisionRow> {
  const revision = (await listQuestionRevisions(questionId)).find((r) => r.number === n);
  if (!revision) throw notFound(REVISION_NOT_FOUND);
  return revision;
}

/** Revision `n` of the answer, or 404 "Revision not found". */
export async function getAnswerRevisionOrThrow(answerId: number, n: number): Promise<AnswerRevisionRow> {
  const revision = (await listAnswerRevisions(answerId)).find((r) => r.number === n);
  if (!revision) throw notFound(REVISION_NOT_FOUND);
  return revision;
}

/** The ids of the tags with these names that still exist, in the given order. */
export async function listTagIdsByName(names: readonly string[]): Promise<number[]> {
  const tags = await db.tag.findMany({ where: { name: { in: [...names] } }, select: { id: true, name: true } });
  const byName = new Map(tags.map((t) => [t.name, t.id]));
  return names.flatMap((name) => (byName.has(name) ? [byName.get(name)!] : []));
}
