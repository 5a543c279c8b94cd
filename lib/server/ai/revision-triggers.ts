import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/server/db";
import { conflict } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { DAILY_REVISION_CAP, isSubstantiveEdit, OUTSCORE_MARGIN, type RevisionTrigger } from "@/lib/ai-revision";
import { verificationStatus } from "@/lib/verification";

/*
 * The triggers of the correction loop (issue 16, ARCHITECTURE.md "The correction loop"). Each
 * runs inside the transaction of the write that makes the trigger (a verdict, a vote, an accept,
 * a question edit, a moderator's request) and owes a revision of the question's automatic answer
 * by inserting one ai_revision_jobs row: committed with its cause, or not at all, so a trigger is
 * never lost. The row is unique per answer and trigger key (ON CONFLICT DO NOTHING), so the same
 * trigger never owes twice, however many requests race. The worker writes the revisions of one
 * answer one after the other (lib/server/ai/revise.ts). Owing a revision takes a transaction-level
 * advisory lock per question, taken last in every transaction, so the daily cap counts exactly.
 */

const AI_SQL = (a: string) => Prisma.raw(`(${a}.is_auto_generated OR ${a}.custom_prompt IS NOT NULL OR ${a}.ai_model IS NOT NULL)`);

/** Message of the 409 when a moderator asks while a revision is owed or being written. */
export const REVISION_PENDING_MESSAGE = "This answer is already being revised";

interface AutomaticAnswer {
  id: number;
  questionId: number;
  /** Its current revision number (1 when never revised). */
  revision: number;
}

/** The question's automatic answer, visible, or none (not written yet, deleted, hidden). */
async function automaticAnswerOf(tx: Prisma.TransactionClient, where: Prisma.Sql): Promise<AutomaticAnswer | null> {
  const [row] = await tx.$queryRaw<AutomaticAnswer[]>`
    SELECT a.id, a.question_id AS "questionId",
           COALESCE((SELECT max(r.number) FROM answer_revisions r WHERE r.answer_id = a.id), 1)::int AS revision
      FROM answers a
     WHERE a.is_auto_generated AND a.hidden_at IS NULL AND ${where}
     ORDER BY a.id
     LIMIT 1`;
  return row ?? null;
}

/** What a trigger owes: the answer to revise, why, and what makes the trigger one. */
interface Owed {
  answer: AutomaticAnswer;
  trigger: RevisionTrigger;
  key: string;
  correctingAnswerId?: number | null;
  requestedById?: string | null;
  requestNote?: string | null;
  questionRevision?: number | null;
}

/** Serializes the owing of one question's revisions until the transaction ends. */
async function lockQuestionRevisions(tx: Prisma.TransactionClient, questionId: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('agora:ai-revision'), ${questionId}::int)`;
}

/** Revisions owed for the question since the start of the UTC day (all triggers; superseded ones did nothing and do not count). */
async function revisionsToday(tx: Prisma.TransactionClient, questionId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM ai_revision_jobs
     WHERE question_id = ${questionId} AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC')
       AND outcome IS DISTINCT FROM 'superseded'`;
  return row?.n ?? 0;
}

/**
 * Owes one revision (inside the caller's transaction): nothing when the same trigger already owed
 * one, or, for automatic triggers, when the question had DAILY_REVISION_CAP revisions today.
 * True when a revision is now owed (the caller kicks the worker after commit: kickRevisionWorker).
 */
async function owe(tx: Prisma.TransactionClient, owed: Owed): Promise<boolean> {
  const { answer } = owed;
  await lockQuestionRevisions(tx, answer.questionId);
  if (owed.trigger !== "moderator" && (await revisionsToday(tx, answer.questionId)) >= DAILY_REVISION_CAP) {
    log.info({ questionId: answer.questionId, trigger: owed.trigger }, "AI revision not owed: the question's daily cap is reached");
    return false;
  }
  const rows = await tx.$executeRaw`
    INSERT INTO ai_revision_jobs (answer_id, question_id, trigger, trigger_key, answer_revision, correcting_answer_id,
                                  requested_by_id, request_note, question_revision, created_at, updated_at, next_attempt_at)
    VALUES (${answer.id}, ${answer.questionId}, ${owed.trigger}, ${owed.key}, ${answer.revision}, ${owed.correctingAnswerId ?? null}::int,
            ${owed.requestedById ?? null}, ${owed.requestNote ?? null}, ${owed.questionRevision ?? null}::int,
            (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
    ON CONFLICT (answer_id, trigger_key) DO NOTHING`;
  return rows > 0;
}

/**
 * After a verdict on an answer changed its tally (the answer's row locked by the verdict): when
 * it is the automatic answer, not accepted, and now disputed, a revision is owed, once per
 * version of its text (key disputed:r<revision>).
 */
export async function oweRevisionIfDisputed(tx: Prisma.TransactionClient, answerId: number, tally: { correct: number; incorrect: number }): Promise<boolean> {
  if (verificationStatus({ ...tally, accepted: false }) !== "disputed") return false;
  const answer = await automaticAnswerOf(tx, Prisma.sql`a.id = ${answerId} AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.accepted_answer_id = a.id)`);
  if (!answer) return false;
  return owe(tx, { answer, trigger: "disputed", key: `disputed:r${answer.revision}` });
}

/**
 * After the asker accepted an answer: a member's answer accepted over the automatic one is its
 * correction, once per correcting answer (key answer:<id>, shared with "outscored").
 */
export async function oweRevisionIfAccepted(tx: Prisma.TransactionClient, questionId: number, acceptedAnswerId: number): Promise<boolean> {
  const [human] = await tx.$queryRaw<{ id: number }[]>`
    SELECT a.id FROM answers a WHERE a.id = ${acceptedAnswerId} AND a.question_id = ${questionId} AND NOT ${AI_SQL("a")} AND a.hidden_at IS NULL`;
  if (!human) return false;
  const answer = await automaticAnswerOf(tx, Prisma.sql`a.question_id = ${questionId}`);
  if (!answer) return false;
  return owe(tx, { answer, trigger: "accepted", key: `answer:${human.id}`, correctingAnswerId: human.id });
}

/**
 * After a vote moved an answer's score: when a member's answer of the same question now stands
 * OUTSCORE_MARGIN or more above the automatic answer, the best such answer is its correction,
 * once per correcting answer (key answer:<id>). Reads the scores as committed when it runs.
 */
export async function oweRevisionIfOutscored(tx: Prisma.TransactionClient, votedAnswerId: number): Promise<boolean> {
  // Once the best answer's revision is owed, later votes stop here (no lock, count or insert on every vote).
  const [row] = await tx.$queryRaw<{ aiId: number; questionId: number; humanId: number }[]>`
    SELECT best.* FROM (
      SELECT ai.id AS "aiId", ai.question_id AS "questionId", h.id AS "humanId"
        FROM answers v
        JOIN answers ai ON ai.question_id = v.question_id AND ai.is_auto_generated AND ai.hidden_at IS NULL
        JOIN answers h ON h.question_id = v.question_id AND NOT ${AI_SQL("h")} AND h.hidden_at IS NULL
                      AND h.vote_score >= ai.vote_score + ${OUTSCORE_MARGIN}::int
       WHERE v.id = ${votedAnswerId}
       ORDER BY h.vote_score DESC, h.id
       LIMIT 1
    ) best
     WHERE NOT EXISTS (SELECT 1 FROM ai_revision_jobs j WHERE j.answer_id = best."aiId" AND j.trigger_key = 'answer:' || best."humanId")`;
  if (!row) return false;
  const answer = await automaticAnswerOf(tx, Prisma.sql`a.id = ${row.aiId}`);
  if (!answer) return false;
  return owe(tx, { answer, trigger: "outscored", key: `answer:${row.humanId}`, correctingAnswerId: row.humanId });
}

/**
 * After a question edit (its row locked, the new revision appended): an edit in substance of
 * the title or description (lib/ai-revision.ts isSubstantiveEdit) owes a revision of its
 * automatic answer, once per question revision (key edited:q<n>).
 */
export async function oweRevisionIfEdited(
  tx: Prisma.TransactionClient,
  questionId: number,
  before: { title: string; description: string },
  after: { title: string; description: string },
): Promise<boolean> {
  if (!isSubstantiveEdit(before, after)) return false;
  const answer = await automaticAnswerOf(tx, Prisma.sql`a.question_id = ${questionId}`);
  if (!answer) return false;
  const [revision] = await tx.$queryRaw<{ n: number | null }[]>`SELECT max(number)::int AS n FROM question_revisions WHERE question_id = ${questionId}`;
  const n = revision?.n ?? 1;
  return owe(tx, { answer, trigger: "edited", key: `edited:q${n}`, questionRevision: n });
}

/**
 * A moderator's request (POST /api/answers/{id}/revise; the caller checked the role and that it
 * is the automatic answer): 409 while a revision of it is owed or being written; never capped.
 */
export async function oweRevisionOnRequest(tx: Prisma.TransactionClient, answerId: number, moderatorId: string, note: string | null): Promise<boolean> {
  const answer = await automaticAnswerOf(tx, Prisma.sql`a.id = ${answerId}`);
  if (!answer) return false;
  await lockQuestionRevisions(tx, answer.questionId);
  const [open] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM ai_revision_jobs WHERE answer_id = ${answerId} AND status <> 'done' LIMIT 1`;
  if (open) throw conflict(REVISION_PENDING_MESSAGE);
  return owe(tx, {
    answer,
    trigger: "moderator",
    key: `moderator:${crypto.randomBytes(9).toString("base64url")}`,
    requestedById: moderatorId,
    requestNote: note,
  });
}

/**
 * Starts writing owed revisions after the response (the worker module is loaded on demand: it
 * imports the writers that call these triggers). Awaited by the writers, so the worker is
 * scheduled while the request is still being handled.
 */
export async function kickRevisionWorker(): Promise<void> {
  try {
    (await import("@/lib/server/ai/worker")).kickAiWorker();
  } catch {
    // The worker's loop finds the revision within seconds anyway.
  }
}

/** A moderator's request for a revision of the automatic answer, in its own transaction (409 while one is owed or being written). */
export async function requestRevision({ answerId, moderatorId, note }: { answerId: number; moderatorId: string; note: string | null }): Promise<boolean> {
  const owed = await db.$transaction((tx) => oweRevisionOnRequest(tx, answerId, moderatorId, note));
  if (owed) await kickRevisionWorker();
  return owed;
}
