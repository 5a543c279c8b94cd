import "server-only";
import { forgetPopularTags, forgetTrending } from "@/lib/server/cache";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { revokeAllSessions } from "@/lib/server/auth/session";
import { db, Prisma } from "@/lib/server/db";
import { badRequest } from "@/lib/server/errors";
import type { Viewer } from "@/lib/server/policy";
import { PASSWORD_MESSAGES, type PasswordChangeInput } from "@/lib/validation/users";

/**
 * Changes the member's password after checking the current one (400 "Current password is
 * incorrect" otherwise, also for accounts that have none), then ends every session of theirs;
 * the caller signs the current browser in again.
 */
export async function changePassword(viewer: Viewer, input: PasswordChangeInput): Promise<void> {
  const row = await db.user.findUnique({ where: { id: viewer.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(input.currentPassword, row?.passwordHash))) {
    throw badRequest(PASSWORD_MESSAGES.wrongCurrent, [{ path: "currentPassword", message: PASSWORD_MESSAGES.wrongCurrent }]);
  }
  await db.user.update({ where: { id: viewer.id }, data: { passwordHash: await hashPassword(input.newPassword) } });
  await revokeAllSessions(viewer.id);
}

/** The e-mail a deleted account keeps: unique, unroutable (.invalid), naming nobody. */
export function deletedEmailFor(userId: string): string {
  return `deleted-${userId.toLowerCase()}@deleted.invalid`;
}

/**
 * Deletes the member's account: their personal data goes (names, bio, links, picture, e-mail
 * replaced by a placeholder, password, linked sign-in providers, settings), so do their follows,
 * saves, memberships of others' groups, join requests, notifications and sessions; deleted_at is
 * set. Their questions, answers, comments and votes stay and show "Deleted user". Counters that
 * other tables keep (tag followers, group members) move with the rows, in one transaction.
 */
export async function deleteAccount(viewer: Viewer): Promise<void> {
  await db.$transaction((tx) => removeAccountInTransaction(tx, viewer.id));
  forgetPopularTags(); // the member's questions and their tag counts went
  forgetTrending();
}

/**
 * deleteAccount's work inside the caller's transaction (delete as spammer runs it with the
 * removal of the member's posts, lib/server/moderation/mutations.ts). The caller drops the
 * popular-tags and trending caches after commit.
 */
export async function removeAccountInTransaction(tx: Prisma.TransactionClient, id: string): Promise<void> {
  // Lock the member's row so that a concurrent follow or join waits for this to finish.
  await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${id} FOR UPDATE`;
  await tx.$executeRaw`
    WITH removed AS (DELETE FROM tag_follows WHERE user_id = ${id} RETURNING tag_id)
    UPDATE tags t SET follow_count = greatest(0, t.follow_count - r.n)
      FROM (SELECT tag_id, count(*)::int AS n FROM removed GROUP BY tag_id) r WHERE t.id = r.tag_id`;
  await tx.$executeRaw`
    WITH removed AS (
      DELETE FROM group_members gm USING groups g
       WHERE gm.group_id = g.id AND gm.user_id = ${id} AND g.creator_id <> ${id}
      RETURNING gm.group_id)
    UPDATE groups g SET member_count = greatest(0, g.member_count - r.n)
      FROM (SELECT group_id, count(*)::int AS n FROM removed GROUP BY group_id) r WHERE g.id = r.group_id`;
  await tx.userFollow.deleteMany({ where: { OR: [{ followerId: id }, { followingId: id }] } });
  await tx.categoryFollow.deleteMany({ where: { userId: id } });
  await tx.savedQuestion.deleteMany({ where: { userId: id } });
  await tx.groupJoinRequest.deleteMany({ where: { userId: id } });
  await tx.groupInvitation.deleteMany({ where: { OR: [{ userId: id }, { inviterId: id }] } });
  await tx.notification.deleteMany({ where: { userId: id } });
  await tx.account.deleteMany({ where: { userId: id } });
  await tx.session.deleteMany({ where: { userId: id } });
  await tx.user.update({
    where: { id },
    data: {
      email: deletedEmailFor(id),
      passwordHash: null,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      bio: null,
      website: null,
      socialLinks: Prisma.DbNull,
      city: null,
      country: null,
      notificationSettings: Prisma.DbNull,
      privacySettings: Prisma.DbNull,
      preferences: Prisma.DbNull,
      deletedAt: new Date(),
      sessionVersion: { increment: 1 },
    },
  });
}
