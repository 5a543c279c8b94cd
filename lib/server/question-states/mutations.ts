import "server-only";
import { db, type Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { recordAudit } from "@/lib/server/moderation/audit";
import { can, type Viewer } from "@/lib/server/policy";
import { QUESTION_NOT_FOUND } from "@/lib/server/questions/queries";
import { CLOSE_VOTES_NEEDED, type CloseQuestionInput, type CloseReason } from "@/lib/validation/question-states";

/*
 * Closing and reopening (issues 13 and 14). A moderator's or admin's call ("question.closeAtOnce")
 * closes or reopens at once; a member with the closeVote privilege casts a vote, and the
 * CLOSE_VOTES_NEEDED-th vote of a round flips the state. Each call locks the question's row
 * first, so votes arriving together are counted one after the other and the state flips once,
 * with one audit entry; the votes of a round are deleted when it flips. Voting twice, closing a
 * closed question or reopening an open one changes nothing.
 */

type Tx = Prisma.TransactionClient;

/** What a call did: nothing, a vote counted, or the state flipped. */
export type ClosureOutcome = "unchanged" | "voted" | "closed" | "reopened";

async function lockForClosure(tx: Tx, questionId: number): Promise<{ closed: boolean }> {
  const [row] = await tx.$queryRaw<{ closed: boolean }[]>`SELECT closed_at IS NOT NULL AS closed FROM questions WHERE id = ${questionId} FOR NO KEY UPDATE`;
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return row;
}

/** Adds the member's vote of this kind (once) and returns the round's votes of that kind, oldest first. */
async function castVote(tx: Tx, questionId: number, voter: Viewer, vote: { kind: "close" | "reopen"; reason?: CloseReason; duplicateOfId?: number | null }) {
  await tx.questionCloseVote.createMany({
    data: [{ questionId, userId: voter.id, kind: vote.kind, reason: vote.reason ?? null, duplicateOfId: vote.duplicateOfId ?? null }],
    skipDuplicates: true,
  });
  return tx.questionCloseVote.findMany({
    where: { questionId, kind: vote.kind },
    select: { userId: true, reason: true, duplicateOfId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The most frequent value, ties going to the one voted first (`values` is oldest first). */
function mostVoted<T extends string | number>(values: readonly T[]): T {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0]!;
  for (const value of values) if (counts.get(value)! > counts.get(best)!) best = value;
  return best;
}

/** The reason (and original) three close votes agree on: the most voted reason; for a duplicate, the most voted original. */
export function closureOfVotes(votes: readonly { reason: string | null; duplicateOfId: number | null }[]): { reason: CloseReason; duplicateOfId: number | null } {
  const reason = mostVoted(votes.map((v) => v.reason ?? "off_topic")) as CloseReason;
  if (reason !== "duplicate") return { reason, duplicateOfId: null };
  return { reason, duplicateOfId: mostVoted(votes.filter((v) => v.reason === "duplicate" && v.duplicateOfId !== null).map((v) => v.duplicateOfId!)) };
}

/**
 * Closes the question (a moderator's call) or adds the member's close vote (closing it at the
 * third); the caller authorized "question.close" and checked the original of a duplicate.
 */
export async function closeQuestion(question: { id: number }, viewer: Viewer, input: CloseQuestionInput): Promise<ClosureOutcome> {
  return db.$transaction(async (tx) => {
    if ((await lockForClosure(tx, question.id)).closed) return "unchanged";
    const atOnce = can(viewer, "question.closeAtOnce");
    let closure = input;
    let voters: string[] = [];
    if (!atOnce) {
      const votes = await castVote(tx, question.id, viewer, { kind: "close", reason: input.reason, duplicateOfId: input.duplicateOfId });
      if (votes.length < CLOSE_VOTES_NEEDED) return "voted";
      closure = closureOfVotes(votes);
      voters = votes.map((v) => v.userId);
    }
    await tx.question.update({
      where: { id: question.id },
      data: { closedAt: new Date(), closeReason: closure.reason, duplicateOfId: closure.duplicateOfId, closedById: atOnce ? viewer.id : null },
      select: { id: true },
    });
    await tx.questionCloseVote.deleteMany({ where: { questionId: question.id } });
    await recordAudit(
      {
        actorId: viewer.id,
        action: "question.close",
        targetType: "question",
        targetId: question.id,
        reason: closure.reason,
        details: { by: atOnce ? "staff" : "community", duplicateOfId: closure.duplicateOfId, ...(atOnce ? {} : { voters }) },
      },
      tx,
    );
    return "closed";
  });
}

/** Reopens the question (a moderator's call) or adds the member's reopen vote (reopening it at the third). */
export async function reopenQuestion(question: { id: number }, viewer: Viewer): Promise<ClosureOutcome> {
  return db.$transaction(async (tx) => {
    if (!(await lockForClosure(tx, question.id)).closed) return "unchanged";
    const atOnce = can(viewer, "question.closeAtOnce");
    let voters: string[] = [];
    if (!atOnce) {
      const votes = await castVote(tx, question.id, viewer, { kind: "reopen" });
      if (votes.length < CLOSE_VOTES_NEEDED) return "voted";
      voters = votes.map((v) => v.userId);
    }
    await tx.question.update({
      where: { id: question.id },
      data: { closedAt: null, closeReason: null, duplicateOfId: null, closedById: null },
      select: { id: true },
    });
    await tx.questionCloseVote.deleteMany({ where: { questionId: question.id } });
    await recordAudit(
      { actorId: viewer.id, action: "question.reopen", targetType: "question", targetId: question.id, details: { by: atOnce ? "staff" : "community", ...(atOnce ? {} : { voters }) } },
      tx,
    );
    return "reopened";
  });
}
