import "server-only";
import { renderMarkdown } from "@/lib/markdown/render";
import { forgetPopularTags, forgetTrending } from "@/lib/server/cache";
import { db, type Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { NOTIFYING_TRANSACTION, notifyAnswerAccepted } from "@/lib/server/notifications/mutations";
import type { Viewer } from "@/lib/server/policy";
import type { QuestionDetailRow } from "@/lib/server/questions/presenters";
import type { QuestionRef } from "@/lib/server/questions/queries";
import { badRequest } from "@/lib/server/errors";
import { appendQuestionRevision, keepOriginalQuestion, rollbackSummary, type RevisionMeta } from "@/lib/server/revisions/mutations";
import type { QuestionRevisionRow } from "@/lib/server/revisions/presenters";
import { listTagIdsByName } from "@/lib/server/revisions/queries";
import { rewardVerdicts, syncAcceptReputation } from "@/lib/server/reputation/ledger";
import { kickRevisionWorker, oweRevisionIfAccepted, oweRevisionIfEdited } from "@/lib/server/ai/revision-triggers";

/*
 * Question writes. Each runs in one transaction that also keeps the denormalized counters
 * exact: tags.question_count and groups.question_count count every question (private-group
 * ones included; readers subtract what a viewer may not see).
 */

/** What a new question is made of, once validated and its tags and group checked. */
export interface NewQuestion {
  title: string;
  description: string;
  /** The chosen tags that exist, in the member's order (listChosenTagsOrThrow). */
  tags: { id: number; name: string; color: string }[];
  group: { id: number; name: string; isPrivate: boolean } | null;
}

/**
 * The automatic answer's job held from the start (issue 17): inserted as running under this lease
 * token, so no worker claims it while the answer written for the draft is adopted; should the
 * adoption never happen, the lease runs out and a worker writes the answer as usual.
 */
export interface HeldJob {
  token: string;
  leaseMs: number;
}

/**
 * Saves a question with its tags, bumps the tag and group counters, and records that its
 * automatic AI answer is owed (ai_answer_jobs, status pending); never waits for the AI.
 *
 * One statement (data-modifying CTEs, atomic like the transaction it replaces): the question,
 * its question_tags rows (ids in the member's order, which is the order pages list them in),
 * the job, both counters, and the author's columns. Returns the question as
 * getQuestionDetail would read it for its author right after, so the 201 needs no second
 * read: a new question has no answers, views, votes or comments, and its author has not
 * saved it. Timestamps are UTC without a zone, as Prisma writes them; updated_at, which
 * Prisma fills in on create (@updatedAt), is the creation time.
 */
export async function createQuestion(author: Viewer, input: NewQuestion, held: HeldJob | null = null): Promise<QuestionDetailRow> {
  const tagIds = input.tags.map((t) => t.id);
  const groupId = input.group?.id ?? null;
  const descriptionHtml = renderMarkdown(input.description);
  const [row] = await db.$queryRaw<CreatedQuestionRow[]>`
    WITH q AS (
      INSERT INTO questions (title, description, description_html, author_id, group_id, last_activity_at, created_at, updated_at)
      VALUES (${input.title}, ${input.description}, ${descriptionHtml}, ${author.id}, ${groupId}::int,
              (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
      RETURNING id, created_at, updated_at, last_activity_at
    ),
    qt AS (
      INSERT INTO question_tags (question_id, tag_id, created_at)
      SELECT q.id, chosen.tag_id, (now() AT TIME ZONE 'UTC')
        FROM q, unnest(${tagIds}::int[]) WITH ORDINALITY AS chosen(tag_id, n)
       ORDER BY chosen.n
      RETURNING id
    ),
    job AS (
      INSERT INTO ai_answer_jobs (question_id, status, attempts, locked_by, locked_until, started_at, next_attempt_at, created_at, updated_at)
      SELECT q.id, ${held ? "running" : "pending"}, ${held ? 1 : 0}, ${held?.token ?? null}::varchar,
             CASE WHEN ${held !== null} THEN (now() AT TIME ZONE 'UTC') + make_interval(secs => ${(held?.leaseMs ?? 0) / 1000}) END,
             CASE WHEN ${held !== null} THEN (now() AT TIME ZONE 'UTC') END,
             (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC') FROM q
      RETURNING status, attempts, next_attempt_at
    ),
    tag_counts AS (
      UPDATE tags SET question_count = question_count + 1 WHERE id = ANY(${tagIds}::int[]) RETURNING id
    ),
    group_counts AS (
      UPDATE groups SET question_count = question_count + 1, updated_at = (now() AT TIME ZONE 'UTC') WHERE id = ${groupId}::int RETURNING id
    )
    SELECT q.id, q.created_at AS "createdAt", q.updated_at AS "updatedAt", q.last_activity_at AS "lastActivityAt",
           job.status AS "jobStatus", job.attempts AS "jobAttempts", job.next_attempt_at AS "jobNextAttemptAt",
           u.id AS "authorId", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
           u.profile_image_url AS "profileImageUrl", u.is_assistant AS "isAssistant", u.deleted_at AS "deletedAt", u.reputation, u.role
      FROM q CROSS JOIN job JOIN users u ON u.id = ${author.id}`;
  if (!row) throw new Error("createQuestion: the author is gone"); // the foreign key refuses the insert first
  forgetPopularTags();
  return {
    id: row.id,
    title: input.title,
    description: input.description,
    descriptionHtml,
    authorId: author.id,
    groupId,
    editedAt: null,
    hiddenAt: null,
    closedAt: null,
    closeReason: null,
    lockedAt: null,
    duplicateOf: null,
    closedBy: null,
    closeVotes: [],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastActivityAt: row.lastActivityAt,
    viewCount: 0,
    voteScore: 0,
    answerCount: 0,
    commentCount: 0,
    acceptedAnswerId: null,
    author: {
      id: row.authorId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      profileImageUrl: row.profileImageUrl,
      isAssistant: row.isAssistant,
      deletedAt: row.deletedAt,
      reputation: row.reputation,
      role: row.role,
    },
    group: input.group ? { id: input.group.id, name: input.group.name, isPrivate: input.group.isPrivate } : null,
    tags: input.tags.map((t) => ({ tag: { id: t.id, name: t.name, color: t.color } })),
    savedBy: [],
    votes: [],
    suggestedEdits: [],
    aiJob: { status: row.jobStatus, attempts: row.jobAttempts, nextAttemptAt: row.jobNextAttemptAt },
    answers: [],
  };
}

interface CreatedQuestionRow {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  lastActivityAt: Date;
  jobStatus: string;
  jobAttempts: number;
  jobNextAttemptAt: Date;
  authorId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAssistant: boolean;
  deletedAt: Date | null;
  reputation: number;
  role: string;
}

/** What an edit may change (SPEC.md section 5): title, description and tags. */
export interface QuestionChanges {
  title: string;
  description: string;
  tagIds: number[];
}

// Serializes writers of one question, so that concurrent edits and deletes keep counters exact.
async function lockQuestion(tx: Prisma.TransactionClient, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM questions WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

/**
 * Changes a question's title, description and tags, moving the tag counters with the tags, and
 * keeps the result as its next revision (revision 1 first, when this is its first edit); false
 * when it is gone.
 */
export async function updateQuestion(question: Pick<QuestionRef, "id">, changes: QuestionChanges, revision: RevisionMeta): Promise<boolean> {
  const effects: QuestionUpdateEffects = {};
  const updated = await db.$transaction((tx) => applyQuestionUpdate(tx, question, changes, revision, effects));
  forgetPopularTags();
  forgetTrending();
  if (effects.revisionOwed) await kickRevisionWorker();
  return updated;
}

/** What an update did beyond the question (set by applyQuestionUpdate for its caller to act on after commit). */
export interface QuestionUpdateEffects {
  /** The edit owed the automatic answer a revision (issue 16): kick the worker after commit. */
  revisionOwed?: boolean;
}

/**
 * updateQuestion inside the caller's transaction (an approved suggested edit applies itself with
 * it); false when the question is gone. The caller forgets the tag and trending caches after commit.
 */
export async function applyQuestionUpdate(
  tx: Prisma.TransactionClient,
  question: Pick<QuestionRef, "id">,
  changes: QuestionChanges,
  revision: RevisionMeta,
  effects: QuestionUpdateEffects = {},
): Promise<boolean> {
  if (!(await lockQuestion(tx, question.id))) return false;
  const before = await tx.question.findUniqueOrThrow({ where: { id: question.id }, select: { title: true, description: true } });
  await keepOriginalQuestion(tx, question.id);
  const current = (await tx.questionTag.findMany({ where: { questionId: question.id }, select: { tagId: true } })).map((t) => t.tagId);
  const removed = current.filter((id) => !changes.tagIds.includes(id));
  const added = changes.tagIds.filter((id) => !current.includes(id));
  if (removed.length > 0) {
    await tx.questionTag.deleteMany({ where: { questionId: question.id, tagId: { in: removed } } });
    await tx.tag.updateMany({ where: { id: { in: removed } }, data: { questionCount: { decrement: 1 } } });
  }
  const now = new Date();
  if (added.length > 0) {
    await tx.questionTag.createMany({ data: added.map((tagId) => ({ questionId: question.id, tagId })) });
    await tx.tag.updateMany({ where: { id: { in: added } }, data: { questionCount: { increment: 1 } } });
  }
  await tx.question.update({
    where: { id: question.id },
    data: {
      title: changes.title,
      description: changes.description,
      descriptionHtml: renderMarkdown(changes.description),
      lastActivityAt: now,
      editedAt: now,
    },
  });
  await appendQuestionRevision(tx, question.id, revision);
  // An edit in substance of the title or description owes the automatic answer a revision (issue 16).
  effects.revisionOwed = await oweRevisionIfEdited(tx, question.id, before, changes);
  return true;
}

/** Message of the 400 when none of a revision's tags exists any more. */
export const ROLLBACK_TAGS_GONE_MESSAGE = "None of this revision's tags exists any more";

/**
 * Restores a question's title, description and tags to those of an earlier revision, as a new
 * revision "Rolled back to revision n" by the editor; tags deleted since are left out (400 when
 * none is left). False when the question is gone.
 */
export async function rollbackQuestion(question: Pick<QuestionRef, "id">, revision: QuestionRevisionRow, editorId: string): Promise<boolean> {
  const tagIds = await listTagIdsByName(revision.tags);
  if (tagIds.length === 0) throw badRequest(ROLLBACK_TAGS_GONE_MESSAGE);
  return updateQuestion(
    question,
    { title: revision.title, description: revision.description, tagIds },
    { editorId, summary: rollbackSummary(revision.number), rollbackOf: revision.number },
  );
}

/**
 * Deletes a question with everything under it (answers, comments, votes, saves, views, its AI job)
 * and lowers the counters; its reputation events go by cascade, taking their points back.
 */
export async function deleteQuestion(question: Pick<QuestionRef, "id">): Promise<void> {
  await db.$transaction(async (tx) => {
    // Its answers first, then the question, then (through the reputation ledger's cascade) the
    // members: the order every write locks in, so a vote or comment in flight cannot deadlock it.
    await tx.$queryRaw`SELECT id FROM answers WHERE question_id = ${question.id} ORDER BY id FOR UPDATE`;
    if (!(await lockQuestion(tx, question.id))) return;
    const row = await tx.question.findUniqueOrThrow({ where: { id: question.id }, select: { groupId: true, tags: { select: { tagId: true } } } });
    const tagIds = row.tags.map((t) => t.tagId);
    await tx.question.delete({ where: { id: question.id } });
    if (tagIds.length > 0) await tx.tag.updateMany({ where: { id: { in: tagIds } }, data: { questionCount: { decrement: 1 } } });
    if (row.groupId !== null) await tx.group.updateMany({ where: { id: row.groupId }, data: { questionCount: { decrement: 1 } } });
  });
  forgetPopularTags();
  forgetTrending();
}

/** Saves the question for the member; saving twice (or 50 times at once) leaves one row. */
export async function saveQuestion(viewer: Viewer, question: Pick<QuestionRef, "id">): Promise<boolean> {
  await db.savedQuestion.createMany({ data: [{ userId: viewer.id, questionId: question.id }], skipDuplicates: true });
  return true;
}

/** Removes the question from the member's saved list; removing an unsaved question changes nothing. */
export async function unsaveQuestion(viewer: Viewer, question: Pick<QuestionRef, "id">): Promise<boolean> {
  await db.savedQuestion.deleteMany({ where: { userId: viewer.id, questionId: question.id } });
  return false;
}

/** A question's accepted answer after POST or DELETE /api/questions/{id}/accept. */
export interface AcceptedState {
  questionId: number;
  acceptedAnswerId: number | null;
}

/** Message of the 404 for an answer that is not one of the question's. */
export const ANSWER_OF_QUESTION_NOT_FOUND = "Answer not found";

/**
 * Marks one of the question's answers accepted (moving the mark from any other): the single
 * column questions.accepted_answer_id is set in one statement, so simultaneous accepts leave
 * exactly one accepted answer. 404 when the answer is not one of this question's. When the mark
 * moves to a new answer, its author is told in the same transaction (notifyAnswerAccepted), and
 * the reputation ledger follows the mark (+15 to the answer's author, +2 to the asker; the
 * events of a previously accepted answer are taken back; nothing for one's own or an AI answer;
 * an AI answer's "correct" verdicts earn their members +2, once per answer).
 */
export async function acceptAnswer({ question, answerId, accepter }: { question: QuestionRef; answerId: number; accepter: Viewer }): Promise<AcceptedState> {
  const { state, owed } = await db.$transaction(async (tx) => {
    // Posts are locked answer first, then question (as votes, comments and deletes do): the
    // accepted_answer_id foreign key would otherwise share-lock the answer after the question.
    await tx.$queryRaw`SELECT id FROM answers WHERE id = ${answerId} FOR KEY SHARE`;
    // The row lock orders concurrent accepts, so each sees the mark the one before it left. NO KEY
    // UPDATE, not UPDATE: the reputation events a vote writes share-lock their question (foreign
    // key) after their members, and must not wait behind an accept that waits for those members.
    const [before] = await tx.$queryRaw<{ accepted: number | null }[]>`
      SELECT accepted_answer_id AS accepted FROM questions WHERE id = ${question.id} FOR NO KEY UPDATE`;
    if (!before) throw notFound(ANSWER_OF_QUESTION_NOT_FOUND);
    const moved = await tx.$executeRaw`
      UPDATE questions SET accepted_answer_id = ${answerId}
       WHERE id = ${question.id}
         AND EXISTS (SELECT 1 FROM answers WHERE id = ${answerId} AND question_id = ${question.id})`;
    if (moved === 0) throw notFound(ANSWER_OF_QUESTION_NOT_FOUND);
    let owed = false;
    if (before.accepted !== answerId) {
      await notifyAnswerAccepted(tx, { answerId, accepterId: accepter.id });
      await syncAcceptReputation(tx, question.id);
      // An accepted AI answer proves its "correct" verdicts right: +2 each, once per answer (issue 16).
      await rewardVerdicts(tx, answerId, "correct");
      // A member's answer accepted is the automatic answer's correction: a revision is owed (issue 16).
      owed = await oweRevisionIfAccepted(tx, question.id, answerId);
    }
    return { state: { questionId: question.id, acceptedAnswerId: answerId }, owed };
  }, NOTIFYING_TRANSACTION);
  if (owed) await kickRevisionWorker();
  return state;
}

/** Removes the question's accepted mark (repeating it changes nothing) and takes back its reputation events; nobody is told. */
export async function unacceptAnswer({ question }: { question: QuestionRef }): Promise<AcceptedState> {
  await db.$transaction(async (tx) => {
    const removed = await tx.$executeRaw`UPDATE questions SET accepted_answer_id = NULL WHERE id = ${question.id} AND accepted_answer_id IS NOT NULL`;
    if (removed > 0) await syncAcceptReputation(tx, question.id);
  });
  return { questionId: question.id, acceptedAnswerId: null };
}
