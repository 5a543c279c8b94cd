import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/*
 * The reputation ledger (issue 13). Every point a member earns or loses is one row of
 * reputation_events, with a unique source_key naming what it stands for, so the same event is
 * never counted twice. The database keeps the counter: triggers on the ledger (migration
 * reputation_ledger) move users.reputation_sum by each inserted or deleted row's points in the
 * same transaction, and set users.reputation = GREATEST(1, 1 + reputation_sum). "Never below 1"
 * is therefore a floor applied to the exact sum, not a clamp applied step by step: a member at 1
 * who loses 2 and then gains 10 has 9, and recomputeReputation() derives exactly the same number
 * from the ledger alone.
 *
 * The writers below run inside the transaction of the vote or accept that causes them, after the
 * statement that took that vote's (or question's) row lock, so a fresh statement sees every
 * committed event of that vote and concurrent changes of one vote are serialized. Each derives
 * the events the current state calls for and makes the ledger agree (delete what is no longer
 * due, insert what is missing): repeating one changes nothing. Deleting a post deletes its
 * events by foreign-key cascade (question_id, answer_id), which gives the points back, the
 * voter's -1 for a down-vote included: the post and its votes are gone.
 */

/** Why reputation moved, with the points each reason is worth. */
export const REPUTATION_POINTS = {
  /** An up-vote on the member's answer. */
  answer_upvoted: 10,
  /** A down-vote on the member's answer. */
  answer_downvoted: -2,
  /** An up-vote on the member's question. */
  question_upvoted: 10,
  /** A down-vote on the member's question. */
  question_downvoted: -2,
  /** The member down-voted someone's answer (Stack Overflow's cost of a down-vote). */
  downvoted_answer: -1,
  /** The member's answer was accepted. */
  answer_accepted: 15,
  /** The member accepted an answer to their own question (not their own answer). */
  accepted_answer: 2,
  /** The member's suggested edit was approved. */
  suggested_edit_approved: 2,
  /**
   * The member's verdict on an AI answer proved right (issue 16): "correct" on an answer the asker
   * then accepted, or "incorrect" on an answer then corrected. Once per answer and member.
   */
  ai_answer_reviewed: 2,
} as const;

/** A reason of a reputation event. */
export type ReputationReason = keyof typeof REPUTATION_POINTS;

/** Every reason, in the order of REPUTATION_POINTS. */
export const REPUTATION_REASONS = Object.keys(REPUTATION_POINTS) as ReputationReason[];

/** Anything that runs raw SQL: the app's client, a transaction, or the seed's own client. */
export type LedgerClient = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

/** One event to record. */
export interface ReputationEventInput {
  userId: string;
  points: number;
  reason: ReputationReason;
  questionId?: number | null;
  answerId?: number | null;
  actorId?: string | null;
  /** Names the event: recording the same key twice counts once. */
  sourceKey: string;
}

/**
 * Records one event in the caller's transaction (the counter moves with it); false when an event
 * with that source key already exists. The suggested-edits branch calls it with reason
 * "suggested_edit_approved", 2 points and a key such as `suggested-edit:<id>`.
 */
export async function recordReputation(tx: LedgerClient, event: ReputationEventInput): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO reputation_events (user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at)
    VALUES (${event.userId}, ${event.points}::int, ${event.reason}, ${event.questionId ?? null}::int, ${event.answerId ?? null}::int,
            ${event.actorId ?? null}, ${event.sourceKey}, timezone('UTC', now()))
    ON CONFLICT (source_key) DO NOTHING`;
  return inserted > 0;
}

/**
 * Takes back, in the caller's transaction, the event with this source key, or every event whose
 * key starts with it when it ends with ":" (a prefix such as `suggested-edit:12:`); returns how
 * many were removed. A prefix is matched without an index: keep prefixes for rare writes.
 */
export async function revokeReputation(tx: LedgerClient, sourceKeyPrefixOrKey: string): Promise<number> {
  if (sourceKeyPrefixOrKey.endsWith(":")) {
    return tx.$executeRaw`DELETE FROM reputation_events WHERE starts_with(source_key, ${sourceKeyPrefixOrKey})`;
  }
  return tx.$executeRaw`DELETE FROM reputation_events WHERE source_key = ${sourceKeyPrefixOrKey}`;
}

// An answer written by the AI (the automatic answer or a custom-prompt answer, as the answer
// presenter's isAi): it earns nobody anything, neither from votes nor from accepts.
const isAiAnswer = (a: string) => Prisma.raw(`(${a}.is_auto_generated OR ${a}.custom_prompt IS NOT NULL OR ${a}.ai_model IS NOT NULL)`);

/**
 * The events the answer votes matching `where` (over votes v, answers a) call for: +10 or -2 to
 * the author, and -1 to a down-voter. Columns: user_id, points, reason, question_id, answer_id,
 * actor_id, source_key, created_at (the vote's time). question_id stays null: the answer names
 * it, deleting the question deletes the answer and so the event, and a foreign key to the question
 * would share-lock it after the members, against an accept that holds it while it waits for them.
 */
const answerVoteEventsSql = (where: Prisma.Sql) => Prisma.sql`
  SELECT e.user_id, e.points, e.reason, NULL::int AS question_id, a.id AS answer_id, v.user_id AS actor_id,
         'answer-vote:' || a.id || ':' || v.user_id || ':' || e.kind AS source_key, v.created_at
    FROM votes v
    JOIN answers a ON a.id = v.answer_id
    CROSS JOIN LATERAL (VALUES
      (a.author_id, CASE WHEN v.vote_type = 'up' THEN ${REPUTATION_POINTS.answer_upvoted}::int ELSE ${REPUTATION_POINTS.answer_downvoted}::int END,
       CASE WHEN v.vote_type = 'up' THEN 'answer_upvoted' ELSE 'answer_downvoted' END, v.vote_type::text),
      (CASE WHEN v.vote_type = 'down' THEN v.user_id END, ${REPUTATION_POINTS.downvoted_answer}::int, 'downvoted_answer', 'down-cost')
    ) AS e(user_id, points, reason, kind)
   WHERE ${where} AND e.user_id IS NOT NULL AND v.user_id <> a.author_id AND NOT ${isAiAnswer("a")}`;

/** The events the question votes matching `where` (over question_votes v, questions q) call for: +10 or -2 to the asker. */
const questionVoteEventsSql = (where: Prisma.Sql) => Prisma.sql`
  SELECT q.author_id AS user_id,
         CASE WHEN v.vote_type = 'up' THEN ${REPUTATION_POINTS.question_upvoted}::int ELSE ${REPUTATION_POINTS.question_downvoted}::int END AS points,
         CASE WHEN v.vote_type = 'up' THEN 'question_upvoted' ELSE 'question_downvoted' END AS reason,
         q.id AS question_id, NULL::int AS answer_id, v.user_id AS actor_id,
         'question-vote:' || q.id || ':' || v.user_id || ':' || v.vote_type AS source_key, v.created_at
    FROM question_votes v
    JOIN questions q ON q.id = v.question_id
   WHERE ${where} AND v.user_id <> q.author_id`;

/**
 * The events the accepted answers of the questions matching `where` (over questions q) call for:
 * +15 to the answer's author and +2 to the asker, unless the asker accepted their own answer
 * (then neither: nobody earns from accepting themselves) or the answer is the AI's. Dated `at`
 * (now; the backfill, which cannot know when an answer was accepted, uses the answer's time).
 */
const acceptEventsSql = (where: Prisma.Sql, at: Prisma.Sql = Prisma.sql`timezone('UTC', now())`) => Prisma.sql`
  SELECT e.user_id, e.points, e.reason, q.id AS question_id, a.id AS answer_id, q.author_id AS actor_id,
         e.kind || ':' || q.id || ':' || a.id AS source_key, ${at} AS created_at
    FROM questions q
    JOIN answers a ON a.id = q.accepted_answer_id
    CROSS JOIN LATERAL (VALUES
      (a.author_id, ${REPUTATION_POINTS.answer_accepted}::int, 'answer_accepted', 'accept'),
      (q.author_id, ${REPUTATION_POINTS.accepted_answer}::int, 'accepted_answer', 'accept-asker')
    ) AS e(user_id, points, reason, kind)
   WHERE ${where} AND a.author_id <> q.author_id AND NOT ${isAiAnswer("a")}`;

/**
 * One statement making the ledger's events of `reasons` about one subject (`owned`, over
 * reputation_events r) equal to `wanted`: stale events are deleted and missing ones inserted.
 * Every member whose counter may move is locked first, in id order (`locked`, read before any
 * row is inserted; the counter's triggers and foreign-key checks run at the statement's end), so
 * two such statements touching the same two members wait for each other instead of deadlocking.
 * Callers lock the post first: posts (answer, then question) before members, everywhere.
 */
async function reconcile(tx: LedgerClient, owned: Prisma.Sql, reasons: ReputationReason[], wanted: Prisma.Sql): Promise<void> {
  await tx.$executeRaw`
    WITH wanted AS (${wanted}),
    current AS (
      SELECT r.id, r.user_id, r.source_key FROM reputation_events r WHERE ${owned} AND r.reason = ANY(${reasons}::text[])
    ),
    locked AS (
      SELECT u.id FROM users u
       WHERE u.id IN (SELECT user_id FROM wanted UNION SELECT user_id FROM current)
       ORDER BY u.id FOR NO KEY UPDATE
    ),
    stale AS (
      DELETE FROM reputation_events r
       WHERE r.id IN (SELECT id FROM current WHERE source_key NOT IN (SELECT source_key FROM wanted))
         AND (SELECT count(*) FROM locked) >= 0
    )
    INSERT INTO reputation_events (user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at)
    SELECT user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at FROM wanted
     WHERE (SELECT count(*) FROM locked) >= 0
    ON CONFLICT (source_key) DO NOTHING`;
}

const ANSWER_VOTE_REASONS: ReputationReason[] = ["answer_upvoted", "answer_downvoted", "downvoted_answer"];
const QUESTION_VOTE_REASONS: ReputationReason[] = ["question_upvoted", "question_downvoted"];
const ACCEPT_REASONS: ReputationReason[] = ["answer_accepted", "accepted_answer"];

/**
 * Brings the ledger in line with the member's vote on an answer as it now stands (none, up or
 * down). Call it in the vote's transaction after the statement that wrote or removed the vote.
 */
export async function syncAnswerVoteReputation(tx: LedgerClient, answerId: number, voterId: string): Promise<void> {
  await reconcile(
    tx,
    Prisma.sql`r.answer_id = ${answerId} AND r.actor_id = ${voterId}`,
    ANSWER_VOTE_REASONS,
    answerVoteEventsSql(Prisma.sql`v.answer_id = ${answerId} AND v.user_id = ${voterId}`),
  );
}

/** Brings the ledger in line with the member's vote on a question as it now stands, in the vote's transaction. */
export async function syncQuestionVoteReputation(tx: LedgerClient, questionId: number, voterId: string): Promise<void> {
  await reconcile(
    tx,
    Prisma.sql`r.question_id = ${questionId} AND r.answer_id IS NULL AND r.actor_id = ${voterId}`,
    QUESTION_VOTE_REASONS,
    questionVoteEventsSql(Prisma.sql`v.question_id = ${questionId} AND v.user_id = ${voterId}`),
  );
}

/**
 * Brings the ledger in line with the question's accepted answer as it now stands (none, or
 * moved): in the accept's transaction, after the question row is locked.
 */
export async function syncAcceptReputation(tx: LedgerClient, questionId: number): Promise<void> {
  await reconcile(tx, Prisma.sql`r.question_id = ${questionId}`, ACCEPT_REASONS, acceptEventsSql(Prisma.sql`q.id = ${questionId}`));
}

/**
 * +2 (`ai_answer_reviewed`, key `ai-review:<answer>:<member>`, so once per answer and member) to
 * every member whose verdict `verdict` stands on the AI answer matching `where` (over answers a
 * and its question q), except the asker (nobody earns from their own accept). Members are locked
 * in id order before any row is inserted, as reconcile does; the caller holds the post locks
 * (answer, then question). Returns how many were rewarded. Never taken back: the review was
 * right when it counted.
 */
export async function rewardVerdicts(tx: LedgerClient, answerId: number, verdict: "correct" | "incorrect"): Promise<number> {
  return tx.$executeRaw`
    WITH wanted AS (
      SELECT v.member_id AS user_id, ${REPUTATION_POINTS.ai_answer_reviewed}::int AS points, 'ai_answer_reviewed' AS reason,
             a.question_id, a.id AS answer_id, 'ai-review:' || a.id || ':' || v.member_id AS source_key
        FROM answer_verifications v
        JOIN answers a ON a.id = v.answer_id
        JOIN questions q ON q.id = a.question_id
       WHERE v.answer_id = ${answerId} AND v.verdict = ${verdict} AND ${isAiAnswer("a")} AND v.member_id <> q.author_id
    ),
    locked AS (
      SELECT u.id FROM users u WHERE u.id IN (SELECT user_id FROM wanted) ORDER BY u.id FOR NO KEY UPDATE
    )
    INSERT INTO reputation_events (user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at)
    SELECT user_id, points, reason, question_id, answer_id, NULL, source_key, timezone('UTC', now()) FROM wanted
     WHERE (SELECT count(*) FROM locked) >= 0
    ON CONFLICT (source_key) DO NOTHING`;
}

/**
 * Records every event the stored votes and accepted answers call for and that the ledger lacks
 * (the demo seed, which writes votes in bulk, runs it once at the end). Events already there are
 * kept; returns how many were added.
 */
export async function backfillReputation(client: LedgerClient): Promise<number> {
  let added = 0;
  for (const wanted of [answerVoteEventsSql(Prisma.sql`TRUE`), questionVoteEventsSql(Prisma.sql`TRUE`), acceptEventsSql(Prisma.sql`TRUE`, Prisma.sql`a.created_at`)]) {
    added += await client.$executeRaw`
      INSERT INTO reputation_events (user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at)
      SELECT user_id, points, reason, question_id, answer_id, actor_id, source_key, created_at FROM (${wanted}) w
      ON CONFLICT (source_key) DO NOTHING`;
  }
  return added;
}

/** What recomputeReputation changed. */
export interface RecomputeResult {
  /** Members whose counter disagreed with the ledger (and now agrees). */
  corrected: number;
}

/**
 * Sets every member's counter (or only those of `userIds`) from the ledger alone: reputation_sum =
 * the sum of their events' points, reputation = GREATEST(1, 1 + that sum), the same rule the
 * triggers keep. Only rows that disagree are written, so on a healthy database it changes nothing
 * (`npm run reputation:recompute`).
 */
export async function recomputeReputation(client: LedgerClient, options: { userIds?: string[] } = {}): Promise<RecomputeResult> {
  const scope = options.userIds ? Prisma.sql`u.id = ANY(${options.userIds}::text[])` : Prisma.sql`TRUE`;
  const corrected = await client.$executeRaw`
    WITH sums AS (
      SELECT u.id, COALESCE((SELECT SUM(r.points) FROM reputation_events r WHERE r.user_id = u.id), 0)::int AS total
        FROM users u
       WHERE ${scope}
    )
    UPDATE users u SET reputation_sum = s.total, reputation = GREATEST(1, 1 + s.total)
      FROM sums s
     WHERE u.id = s.id AND (u.reputation_sum <> s.total OR u.reputation <> GREATEST(1, 1 + s.total))`;
  return { corrected };
}
