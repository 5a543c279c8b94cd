import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { orIfGone } from "@/lib/server/db-errors";
import { notFound } from "@/lib/server/errors";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import { ANSWER_NOT_FOUND, QUESTION_NOT_FOUND } from "@/lib/server/answers/queries";
import { NOTIFYING_TRANSACTION, notifyUpvote } from "@/lib/server/notifications/mutations";
import type { VoteType } from "@/lib/validation/votes";

/** An answer's score after a vote call, the voter's vote now, and whether anything changed. */
export interface VoteOutcome {
  answerId: number;
  voteScore: number;
  viewerVote: VoteType | null;
  changed: boolean;
}

const weight: Record<VoteType, number> = { up: 1, down: -1 };

interface ScoreRow {
  delta: number;
  voteScore: number | null;
}

// The end of a vote statement, after its `delta` CTE (d: how far the score moves): the answer's
// score moves in the same statement, and it returns the delta and the score. (The question's
// vote_score is its own score, moved by question votes only.)
const movedScores = (answerId: number) => Prisma.sql`scored AS (
      UPDATE answers a SET vote_score = a.vote_score + delta.d
        FROM delta
       WHERE a.id = ${answerId} AND delta.d <> 0
      RETURNING a.vote_score
    )
    SELECT (SELECT d FROM delta) AS delta,
           COALESCE((SELECT vote_score FROM scored), (SELECT vote_score FROM answers WHERE id = ${answerId})) AS "voteScore"`;

/**
 * Sets the member's vote on an answer: a first vote counts ±1, switching counts ±2, repeating
 * changes nothing. The vote row and the answer's score change in one statement, so scores stay exact under any concurrency; a new up-vote notifies the answer's
 * author in the same transaction. Only real changes spend the member's daily vote allowance,
 * charged in the same transaction: past it the vote is undone and answered 429, so concurrent
 * votes on different answers cannot exceed it.
 */
export async function setVote({ answer, voter, voteType }: { answer: { id: number }; voter: { id: string }; voteType: VoteType }): Promise<VoteOutcome> {
  const first = weight[voteType];
  // The upsert only writes when the stored type differs, so a returned row is either a fresh
  // insert (xmax = 0) or a switch from the other type; no returned row means a repeat.
  const row = await orIfGone(
    db.$transaction(async (tx) => {
      const [scored] = await tx.$queryRaw<ScoreRow[]>`
        WITH upsert AS (
          INSERT INTO votes (user_id, answer_id, vote_type, created_at)
          VALUES (${voter.id}, ${answer.id}, ${voteType}, timezone('UTC', now()))
          ON CONFLICT (user_id, answer_id) DO UPDATE
            SET vote_type = EXCLUDED.vote_type, created_at = EXCLUDED.created_at
            WHERE votes.vote_type IS DISTINCT FROM EXCLUDED.vote_type
          RETURNING (xmax = 0) AS inserted
        ), delta AS (
          SELECT COALESCE(SUM(CASE WHEN inserted THEN ${first}::int ELSE ${2 * first}::int END), 0)::int AS d FROM upsert
        ), ${movedScores(answer.id)}`;
      if (scored && scored.delta !== 0) await chargeInTransaction(tx, "voteDaily", voter.id); // 429 undoes the vote
      // A new up-vote, or a down-vote turned up: its author hears of it in this transaction.
      if (scored && voteType === "up" && scored.delta > 0) await notifyUpvote(tx, { answerId: answer.id, voterId: voter.id });
      return scored;
    }, NOTIFYING_TRANSACTION),
    () => notFound(ANSWER_NOT_FOUND),
  );
  if (!row || row.voteScore === null) throw notFound(ANSWER_NOT_FOUND);
  return { answerId: answer.id, voteScore: row.voteScore, viewerVote: voteType, changed: row.delta !== 0 };
}

/**
 * Withdraws the member's vote on an answer (nothing happens when there is none), taking it off
 * the answer's score in the same statement.
 */
export async function withdrawVote({ answer, voter }: { answer: { id: number }; voter: { id: string } }): Promise<VoteOutcome> {
  const [row] = await db.$queryRaw<ScoreRow[]>`
    WITH removed AS (
      DELETE FROM votes WHERE user_id = ${voter.id} AND answer_id = ${answer.id}
      RETURNING vote_type
    ), delta AS (
      SELECT COALESCE(SUM(CASE WHEN vote_type = 'up' THEN -1 WHEN vote_type = 'down' THEN 1 ELSE 0 END), 0)::int AS d FROM removed
    ), ${movedScores(answer.id)}`;
  if (!row || row.voteScore === null) throw notFound(ANSWER_NOT_FOUND);
  return { answerId: answer.id, voteScore: row.voteScore, viewerVote: null, changed: row.delta !== 0 };
}

/** A question's score after a vote call, the voter's vote now, and whether anything changed. */
export interface QuestionVoteOutcome {
  questionId: number;
  voteScore: number;
  viewerVote: VoteType | null;
  changed: boolean;
}

// As movedScores, for the question's own score.
const movedQuestionScore = (questionId: number) => Prisma.sql`scored AS (
      UPDATE questions q SET vote_score = q.vote_score + delta.d
        FROM delta
       WHERE q.id = ${questionId} AND delta.d <> 0
      RETURNING q.vote_score
    )
    SELECT (SELECT d FROM delta) AS delta,
           COALESCE((SELECT vote_score FROM scored), (SELECT vote_score FROM questions WHERE id = ${questionId})) AS "voteScore"`;

/**
 * Sets the member's vote on a question, as setVote does on an answer: a first vote counts ±1,
 * switching ±2, repeating changes nothing (the vote row and the question's score in one
 * statement, exact under any concurrency). Real changes spend the same daily vote allowance,
 * charged in the same transaction (429 undoes the vote). Nobody is notified (yet); a reputation
 * ledger would hook in here.
 */
export async function setQuestionVote({ question, voter, voteType }: { question: { id: number }; voter: { id: string }; voteType: VoteType }): Promise<QuestionVoteOutcome> {
  const first = weight[voteType];
  const row = await orIfGone(
    db.$transaction(async (tx) => {
      const [scored] = await tx.$queryRaw<ScoreRow[]>`
        WITH upsert AS (
          INSERT INTO question_votes (user_id, question_id, vote_type, created_at)
          VALUES (${voter.id}, ${question.id}, ${voteType}, timezone('UTC', now()))
          ON CONFLICT (user_id, question_id) DO UPDATE
            SET vote_type = EXCLUDED.vote_type, created_at = EXCLUDED.created_at
            WHERE question_votes.vote_type IS DISTINCT FROM EXCLUDED.vote_type
          RETURNING (xmax = 0) AS inserted
        ), delta AS (
          SELECT COALESCE(SUM(CASE WHEN inserted THEN ${first}::int ELSE ${2 * first}::int END), 0)::int AS d FROM upsert
        ), ${movedQuestionScore(question.id)}`;
      if (scored && scored.delta !== 0) await chargeInTransaction(tx, "voteDaily", voter.id); // 429 undoes the vote
      return scored;
    }),
    () => notFound(QUESTION_NOT_FOUND),
  );
  if (!row || row.voteScore === null) throw notFound(QUESTION_NOT_FOUND);
  return { questionId: question.id, voteScore: row.voteScore, viewerVote: voteType, changed: row.delta !== 0 };
}

/** Withdraws the member's vote on a question (nothing happens when there is none), taking it off its score in the same statement. */
export async function withdrawQuestionVote({ question, voter }: { question: { id: number }; voter: { id: string } }): Promise<QuestionVoteOutcome> {
  const [row] = await db.$queryRaw<ScoreRow[]>`
    WITH removed AS (
      DELETE FROM question_votes WHERE user_id = ${voter.id} AND question_id = ${question.id}
      RETURNING vote_type
    ), delta AS (
      SELECT COALESCE(SUM(CASE WHEN vote_type = 'up' THEN -1 WHEN vote_type = 'down' THEN 1 ELSE 0 END), 0)::int AS d FROM removed
    ), ${movedQuestionScore(question.id)}`;
  if (!row || row.voteScore === null) throw notFound(QUESTION_NOT_FOUND);
  return { questionId: question.id, voteScore: row.voteScore, viewerVote: null, changed: row.delta !== 0 };
}
