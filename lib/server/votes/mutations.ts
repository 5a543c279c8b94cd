import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { orIfGone } from "@/lib/server/db-errors";
import { notFound } from "@/lib/server/errors";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import { ANSWER_NOT_FOUND, QUESTION_NOT_FOUND } from "@/lib/server/answers/queries";
import { NOTIFYING_TRANSACTION, refreshVoteFold } from "@/lib/server/notifications/mutations";
import { syncAnswerVoteReputation, syncQuestionVoteReputation } from "@/lib/server/reputation/ledger";
import type { VoteType } from "@/lib/validation/votes";
import { kickRevisionWorker, oweRevisionIfOutscored } from "@/lib/server/ai/revision-triggers";

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

/** A vote statement's answer with the UTC days (YYYY-MM-DD) the vote notifications fold by. */
interface FoldedScoreRow extends ScoreRow {
  /** Today, as the vote's own created_at counts it. */
  today: string;
  /** The day the voter's previous vote on the post was cast (set), or of the vote removed (withdraw); null when none. */
  priorDay: string | null;
  /** Set by the vote's transaction when it owed the automatic answer a revision (issue 16). */
  revisionOwed?: boolean;
}

/** Where the votes of a kind of post live: its vote table, the column naming the post, and the posts' table. */
interface VoteTable {
  votes: Prisma.Sql;
  postColumn: Prisma.Sql;
  posts: Prisma.Sql;
}

const answerVotes: VoteTable = { votes: Prisma.raw("votes"), postColumn: Prisma.raw("answer_id"), posts: Prisma.raw("answers") };
const questionVotes: VoteTable = { votes: Prisma.raw("question_votes"), postColumn: Prisma.raw("question_id"), posts: Prisma.raw("questions") };

// The end of a vote statement, after its `delta` CTE (d: how far the score moves): the post's
// score moves in the same statement, and it returns the delta and the score. (A question's
// vote_score is its own score, moved by question votes only.)
// `prior` (a CTE of the statement with a created_at column) names the day the notifications' fold reads.
const movedScore = (t: VoteTable, postId: number) => Prisma.sql`scored AS (
      UPDATE ${t.posts} p SET vote_score = p.vote_score + delta.d
        FROM delta
       WHERE p.id = ${postId} AND delta.d <> 0
      RETURNING p.vote_score
    )
    SELECT (SELECT d FROM delta) AS delta,
           COALESCE((SELECT vote_score FROM scored), (SELECT vote_score FROM ${t.posts} WHERE id = ${postId})) AS "voteScore",
           to_char(timezone('UTC', now()), 'YYYY-MM-DD') AS today,
           to_char((SELECT created_at FROM prior LIMIT 1), 'YYYY-MM-DD') AS "priorDay"`;

/**
 * One statement setting the voter's vote on a post and moving its score: a first vote counts ±1,
 * switching ±2, repeating changes nothing. The upsert only writes when the stored type differs,
 * so a returned row is either a fresh insert (xmax = 0) or a switch from the other type; no
 * returned row means a repeat.
 */
const setVoteSql = (t: VoteTable, voterId: string, postId: number, voteType: VoteType) => {
  const first = weight[voteType];
  // `prior` reads the voter's vote as it stood before this statement (its snapshot): a switch takes it out of its day's fold.
  return Prisma.sql`
    WITH prior AS (
      SELECT created_at FROM ${t.votes} WHERE user_id = ${voterId} AND ${t.postColumn} = ${postId}
    ), upsert AS (
      INSERT INTO ${t.votes} (user_id, ${t.postColumn}, vote_type, created_at)
      VALUES (${voterId}, ${postId}, ${voteType}, timezone('UTC', now()))
      ON CONFLICT (user_id, ${t.postColumn}) DO UPDATE
        SET vote_type = EXCLUDED.vote_type, created_at = EXCLUDED.created_at
        WHERE ${t.votes}.vote_type IS DISTINCT FROM EXCLUDED.vote_type
      RETURNING (xmax = 0) AS inserted
    ), delta AS (
      SELECT COALESCE(SUM(CASE WHEN inserted THEN ${first}::int ELSE ${2 * first}::int END), 0)::int AS d FROM upsert
    ), ${movedScore(t, postId)}`;
};

/**
 * The post's score read by a fresh statement: after a withdrawal that found nothing to remove
 * because a concurrent one removed it (and committed while this one waited for the vote row),
 * the withdrawal statement's own snapshot still shows the score from before.
 */
async function currentScore(tx: Prisma.TransactionClient, t: VoteTable, postId: number): Promise<FoldedScoreRow | undefined> {
  const [row] = await tx.$queryRaw<FoldedScoreRow[]>`SELECT 0 AS delta, vote_score AS "voteScore", '' AS today, NULL AS "priorDay" FROM ${t.posts} WHERE id = ${postId}`;
  return row;
}

/** One statement removing the voter's vote on a post (if any) and taking it off its score. */
const withdrawVoteSql = (t: VoteTable, voterId: string, postId: number) => Prisma.sql`
    WITH removed AS (
      DELETE FROM ${t.votes} WHERE user_id = ${voterId} AND ${t.postColumn} = ${postId}
      RETURNING vote_type, created_at
    ), prior AS (
      SELECT created_at FROM removed
    ), delta AS (
      SELECT COALESCE(SUM(CASE WHEN vote_type = 'up' THEN -1 WHEN vote_type = 'down' THEN 1 ELSE 0 END), 0)::int AS d FROM removed
    ), ${movedScore(t, postId)}`;

/**
 * Sets the member's vote on an answer: a first vote counts ±1, switching counts ±2, repeating
 * changes nothing. The vote row and the answer's score change in one statement, so scores stay exact under any concurrency; a real change
 * updates the answer author's vote notification of the day (refreshVoteFold) in the same transaction, and the reputation ledger follows the vote in it (+10 or -2 to
 * the author, -1 to a down-voter; nothing for an AI answer). Only real changes spend the member's daily vote allowance,
 * charged in the same transaction: past it the vote is undone and answered 429, so concurrent
 * votes on different answers cannot exceed it.
 */
export async function setVote({ answer, voter, voteType }: { answer: { id: number }; voter: { id: string }; voteType: VoteType }): Promise<VoteOutcome> {
  const row = await orIfGone(
    db.$transaction(async (tx) => {
      const [scored] = await tx.$queryRaw<FoldedScoreRow[]>(setVoteSql(answerVotes, voter.id, answer.id, voteType));
      if (scored && scored.delta !== 0) {
        await chargeInTransaction(tx, "voteDaily", voter.id); // 429 undoes the vote
        await syncAnswerVoteReputation(tx, answer.id, voter.id);
        // A switch takes the old vote out of the fold of the day it was cast; the vote counts into today's.
        if (scored.priorDay && scored.priorDay !== scored.today) {
          await refreshVoteFold(tx, { answerId: answer.id, day: scored.priorDay, cause: "withdrawal" });
        }
        await refreshVoteFold(tx, { answerId: answer.id, day: scored.today, cause: "vote", voterId: voter.id });
        // A member's answer now 3 or more above the automatic answer owes it a revision (issue 16).
        return { ...scored, revisionOwed: await oweRevisionIfOutscored(tx, answer.id) };
      }
      return scored;
    }, NOTIFYING_TRANSACTION),
    () => notFound(ANSWER_NOT_FOUND),
  );
  if (!row || row.voteScore === null) throw notFound(ANSWER_NOT_FOUND);
  if (row.revisionOwed) await kickRevisionWorker();
  return { answerId: answer.id, voteScore: row.voteScore, viewerVote: voteType, changed: row.delta !== 0 };
}

/**
 * Withdraws the member's vote on an answer (nothing happens when there is none), taking it off
 * the answer's score in the same statement, and its reputation events and its count in the
 * author's vote notification of the day it was cast in the same transaction.
 */
export async function withdrawVote({ answer, voter }: { answer: { id: number }; voter: { id: string } }): Promise<VoteOutcome> {
  const row = await db.$transaction(async (tx) => {
    const [scored] = await tx.$queryRaw<FoldedScoreRow[]>(withdrawVoteSql(answerVotes, voter.id, answer.id));
    if (scored && scored.delta !== 0) {
      await syncAnswerVoteReputation(tx, answer.id, voter.id); // the vote's points go with it
      // The vote leaves the notification fold of the day it was cast.
      if (scored.priorDay) await refreshVoteFold(tx, { answerId: answer.id, day: scored.priorDay, cause: "withdrawal" });
      // Withdrawing an up-vote of the automatic answer can leave a member's answer 3 above it (issue 16).
      return { ...scored, revisionOwed: await oweRevisionIfOutscored(tx, answer.id) };
    } else if (scored) return currentScore(tx, answerVotes, answer.id);
    return scored;
  }, NOTIFYING_TRANSACTION);
  if (!row || row.voteScore === null) throw notFound(ANSWER_NOT_FOUND);
  if (row.revisionOwed) await kickRevisionWorker();
  return { answerId: answer.id, voteScore: row.voteScore, viewerVote: null, changed: row.delta !== 0 };
}

/** A question's score after a vote call, the voter's vote now, and whether anything changed. */
export interface QuestionVoteOutcome {
  questionId: number;
  voteScore: number;
  viewerVote: VoteType | null;
  changed: boolean;
}

/**
 * Sets the member's vote on a question, as setVote does on an answer: a first vote counts ±1,
 * switching ±2, repeating changes nothing (the vote row and the question's score in one
 * statement, exact under any concurrency). Real changes spend the same daily vote allowance,
 * charged in the same transaction (429 undoes the vote). Nobody is notified; the reputation
 * ledger follows the vote in the same transaction (+10 or -2 to the asker).
 */
export async function setQuestionVote({ question, voter, voteType }: { question: { id: number }; voter: { id: string }; voteType: VoteType }): Promise<QuestionVoteOutcome> {
  const row = await orIfGone(
    db.$transaction(async (tx) => {
      const [scored] = await tx.$queryRaw<ScoreRow[]>(setVoteSql(questionVotes, voter.id, question.id, voteType));
      if (scored && scored.delta !== 0) {
        await chargeInTransaction(tx, "voteDaily", voter.id); // 429 undoes the vote
        await syncQuestionVoteReputation(tx, question.id, voter.id);
      }
      return scored;
    }),
    () => notFound(QUESTION_NOT_FOUND),
  );
  if (!row || row.voteScore === null) throw notFound(QUESTION_NOT_FOUND);
  return { questionId: question.id, voteScore: row.voteScore, viewerVote: voteType, changed: row.delta !== 0 };
}

/** Withdraws the member's vote on a question (nothing happens when there is none), taking it off its score in the same statement and its reputation events in the same transaction. */
export async function withdrawQuestionVote({ question, voter }: { question: { id: number }; voter: { id: string } }): Promise<QuestionVoteOutcome> {
  const row = await db.$transaction(async (tx) => {
    const [scored] = await tx.$queryRaw<ScoreRow[]>(withdrawVoteSql(questionVotes, voter.id, question.id));
    if (scored && scored.delta !== 0) await syncQuestionVoteReputation(tx, question.id, voter.id);
    else if (scored) return currentScore(tx, questionVotes, question.id);
    return scored;
  });
  if (!row || row.voteScore === null) throw notFound(QUESTION_NOT_FOUND);
  return { questionId: question.id, voteScore: row.voteScore, viewerVote: null, changed: row.delta !== 0 };
}
