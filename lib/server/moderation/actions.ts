import "server-only";
import { db } from "@/lib/server/db";
import { recordAudit } from "@/lib/server/moderation/audit";
import { isStaff, type Viewer } from "@/lib/server/policy";

/*
 * Moderator actions shared by the moderation routes and the review queue. Callers authorize
 * (lib/server/policy.ts) before calling; each action and its audit entry commit together.
 */

/** Locks a question (no answers, comments or votes). Returns false when it was locked already. */
export async function lockQuestion(moderator: Viewer, questionId: number, reason?: string | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.question.updateMany({ where: { id: questionId, lockedAt: null }, data: { lockedAt: new Date() } });
    if (count > 0) await recordAudit({ actorId: moderator.id, action: "question.lock", targetType: "question", targetId: questionId, reason }, tx);
    return count > 0;
  });
}

/** Unlocks a question. Returns false when it was not locked. */
export async function unlockQuestion(moderator: Viewer, questionId: number, reason?: string | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.question.updateMany({ where: { id: questionId, lockedAt: { not: null } }, data: { lockedAt: null } });
    if (count > 0) await recordAudit({ actorId: moderator.id, action: "question.unlock", targetType: "question", targetId: questionId, reason }, tx);
    return count > 0;
  });
}

/**
 * Suspends a member for `days` days with a reason: they can read but not write until then,
 * and every session they have ends (sessionVersion is bumped, and their sessions deleted).
 * Returns the end of the suspension.
 */
export async function suspendMember(moderator: Viewer, userId: string, { days, reason }: { days: number; reason: string }): Promise<Date> {
  const until = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { suspendedUntil: until, suspensionReason: reason, sessionVersion: { increment: 1 } } });
    await tx.session.deleteMany({ where: { userId } });
    await recordAudit({ actorId: moderator.id, action: "user.suspend", targetType: "user", targetId: userId, reason, details: { days, until: until.toISOString() } }, tx);
  });
  return until;
}

/** Lifts a member's suspension. Returns false when they were not suspended. */
export async function unsuspendMember(moderator: Viewer, userId: string, reason?: string | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: userId, suspendedUntil: { gt: new Date() } }, data: { suspendedUntil: null, suspensionReason: null } });
    if (count > 0) await recordAudit({ actorId: moderator.id, action: "user.unsuspend", targetType: "user", targetId: userId, reason }, tx);
    return count > 0;
  });
}

/**
 * Writes the audit entry of a moderator's or admin's deletion of someone else's post (their own
 * posts, and members' deletions, leave none). Called once the post is gone.
 */
export async function auditStaffDeletion(viewer: Viewer, post: { type: "question" | "answer" | "comment"; id: number; authorId: string; questionId?: number }): Promise<void> {
  if (!isStaff(viewer) || post.authorId === viewer.id) return;
  await recordAudit({
    actorId: viewer.id,
    action: `${post.type}.delete`,
    targetType: post.type,
    targetId: post.id,
    details: { authorId: post.authorId, ...(post.questionId !== undefined ? { questionId: post.questionId } : {}) },
  });
}
