import "server-only";
import { db, type Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import { ANSWER_NOT_FOUND } from "@/lib/server/answers/queries";
import { kickRevisionWorker, oweRevisionIfDisputed } from "@/lib/server/ai/revision-triggers";
import type { VerdictInput } from "@/lib/validation/verification";

/** An answer's tally after a verdict call, and whether anything changed. */
export interface VerdictOutcome {
  answerId: number;
  correct: number;
  incorrect: number;
  changed: boolean;
  /** The change owed a revision of the automatic answer (issue 16). */
  revisionOwed?: boolean;
}

/**
 * Locks the answer's row (NO KEY UPDATE, as a vote's score update does) and reads its tally: the
 * verdicts of one answer are written one after the other, so the counters stay exact under any
 * concurrency. An accept takes the answer FOR KEY SHARE only, so it does not wait for verdicts.
 */
async function lockTally(tx: Prisma.TransactionClient, answerId: number) {
  const [row] = await tx.$queryRaw<{ correct: number; incorrect: number }[]>`
    SELECT verdict_correct AS correct, verdict_incorrect AS incorrect FROM answers WHERE id = ${answerId} FOR NO KEY UPDATE`;
  if (!row) throw notFound(ANSWER_NOT_FOUND); // deleted since it was read
  return row;
}

async function moveTally(tx: Prisma.TransactionClient, answerId: number, correct: number, incorrect: number) {
  const [row] = await tx.$queryRaw<{ correct: number; incorrect: number }[]>`
    UPDATE answers SET verdict_correct = verdict_correct + ${correct}::int, verdict_incorrect = verdict_incorrect + ${incorrect}::int
     WHERE id = ${answerId}
    RETURNING verdict_correct AS correct, verdict_incorrect AS incorrect`;
  return row!;
}

const weight = (verdict: string | undefined) => ({ correct: verdict === "correct" ? 1 : 0, incorrect: verdict === "incorrect" ? 1 : 0 });

/**
 * Sets the member's verdict on an AI answer (the caller checked it is one and that they may):
 * a first verdict counts, a changed one moves from one count to the other, repeating it changes
 * nothing, a new reason replaces the old. Only real changes spend the member's daily allowance
 * (verdictDaily), charged in the same transaction: past it the verdict is undone and answered 429.
 */
export async function setVerdict({ answerId, memberId, input }: { answerId: number; memberId: string; input: VerdictInput }): Promise<VerdictOutcome> {
  const outcome = await db.$transaction(async (tx): Promise<VerdictOutcome> => {
    const tally = await lockTally(tx, answerId);
    const [prior] = await tx.$queryRaw<{ verdict: string; reason: string | null }[]>`
      SELECT verdict, reason FROM answer_verifications WHERE answer_id = ${answerId} AND member_id = ${memberId}`;
    if (prior && prior.verdict === input.verdict && prior.reason === input.reason) return { answerId, ...tally, changed: false };
    await tx.$executeRaw`
      INSERT INTO answer_verifications (answer_id, member_id, verdict, reason, created_at, updated_at)
      VALUES (${answerId}, ${memberId}, ${input.verdict}, ${input.reason}, timezone('UTC', now()), timezone('UTC', now()))
      ON CONFLICT (answer_id, member_id) DO UPDATE SET verdict = EXCLUDED.verdict, reason = EXCLUDED.reason, updated_at = EXCLUDED.updated_at`;
    const now = weight(input.verdict);
    const before = weight(prior?.verdict);
    const moved = await moveTally(tx, answerId, now.correct - before.correct, now.incorrect - before.incorrect);
    await chargeInTransaction(tx, "verdictDaily", memberId); // 429 undoes the verdict
    // The automatic answer turning disputed owes a revision (issue 16), committed with the verdict.
    const revisionOwed = await oweRevisionIfDisputed(tx, answerId, moved);
    return { answerId, ...moved, changed: true, revisionOwed };
  });
  if (outcome.revisionOwed) await kickRevisionWorker();
  return outcome;
}

/** Withdraws the member's verdict (repeating it changes nothing) and takes it off the tally. */
export async function withdrawVerdict({ answerId, memberId }: { answerId: number; memberId: string }): Promise<VerdictOutcome> {
  const outcome = await db.$transaction(async (tx): Promise<VerdictOutcome> => {
    const tally = await lockTally(tx, answerId);
    const [removed] = await tx.$queryRaw<{ verdict: string }[]>`
      DELETE FROM answer_verifications WHERE answer_id = ${answerId} AND member_id = ${memberId} RETURNING verdict`;
    if (!removed) return { answerId, ...tally, changed: false };
    const before = weight(removed.verdict);
    const moved = await moveTally(tx, answerId, -before.correct, -before.incorrect);
    // Withdrawing a "correct" verdict can leave the answer disputed.
    const revisionOwed = await oweRevisionIfDisputed(tx, answerId, moved);
    return { answerId, ...moved, changed: true, revisionOwed };
  });
  if (outcome.revisionOwed) await kickRevisionWorker();
  return outcome;
}

/**
 * Resets an answer's verdicts (a new revision is a new text to judge): in the revision's
 * transaction, after the answer's row lock. Returns how many were removed.
 */
export async function resetVerdicts(tx: Prisma.TransactionClient, answerId: number): Promise<number> {
  const removed = await tx.$executeRaw`DELETE FROM answer_verifications WHERE answer_id = ${answerId}`;
  await tx.$executeRaw`UPDATE answers SET verdict_correct = 0, verdict_incorrect = 0 WHERE id = ${answerId}`;
  return removed;
}
