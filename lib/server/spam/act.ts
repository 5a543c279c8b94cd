import "server-only";
import { Prisma } from "@/lib/server/db";
import type { SpamVerdict } from "@/lib/server/spam/heuristics";
import { describeSignals } from "@/lib/server/spam/heuristics";
import { hideForReview } from "@/lib/server/flags/mutations";

/*
 * What happens to a new post once it is screened (lib/server/spam/check.ts): judged spam, it is
 * hidden pending review at once and nobody is told about it; awaiting the model's verdict, it is
 * shown but nobody is told yet (lib/server/spam/worker.ts announces it or hides it); otherwise its
 * notifications go out as usual. Each decision leaves a spam_checks row for moderators.
 */

type Tx = Prisma.TransactionClient;

export type SpamTargetType = "question" | "answer" | "comment";

/** A post being screened. */
export interface SpamTarget {
  type: SpamTargetType;
  id: number;
  authorId: string;
}

/** The inline screening of a new post (null when its author is past the spam check). */
export interface Screening {
  verdict: SpamVerdict;
  /** The model is to classify it after the response (an AI provider is configured and the heuristics did not already judge it spam). */
  model: boolean;
}


/**
 * Hides a post judged spam, pending review, through the flags module's hideForReview: the post
 * lands in the review queue with an "Agora spam check" flag, like one hidden by members' flags;
 * its author and moderators still see it. Notifications about it are never written:
 * notifyNewAnswer and notifyNewComment skip hidden posts.
 */
export async function markSpam(tx: Tx, target: { type: SpamTargetType; id: number }): Promise<void> {
  await hideForReview(tx, target.type, target.id);
}

/**
 * Acts on a screening inside the post's own transaction; true when the post's notifications may
 * go out now. Spam: hidden, recorded, never announced. Owed to the model: recorded as a pending
 * check, announced by the worker. Otherwise: announced now.
 */
export async function applyScreening(tx: Tx, target: SpamTarget, screening: Screening | null): Promise<boolean> {
  if (!screening) return true;
  if (screening.verdict.spam) {
    await markSpam(tx, target);
    await tx.spamCheck.create({
      data: { targetType: target.type, targetId: target.id, authorId: target.authorId, status: "done", verdict: "spam", source: "heuristics", reason: describeSignals(screening.verdict).slice(0, 1000) },
      select: { id: true },
    });
    return false;
  }
  if (screening.model) {
    await tx.spamCheck.create({
      data: { targetType: target.type, targetId: target.id, authorId: target.authorId, status: "pending", reason: describeSignals(screening.verdict).slice(0, 1000) || null },
      select: { id: true },
    });
    return false;
  }
  return true;
}
