import "server-only";
import { forgetPopularTags, forgetTrending } from "@/lib/server/cache";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { revokeAllSessions, viewerSelect, type Viewer as SessionViewer } from "@/lib/server/auth/session";
import { db, Prisma } from "@/lib/server/db";
import { badRequest } from "@/lib/server/errors";
import type { Viewer } from "@/lib/server/policy";
import { presentNotificationSettings, presentPreferences, presentPrivacySettings } from "@/lib/server/users/presenters";
import {
  PASSWORD_MESSAGES,
  type NotificationSettingsInput,
  type PasswordChangeInput,
  type PreferencesInput,
  type PrivacySettingsInput,
  type ProfileUpdateInput,
} from "@/lib/validation/users";
import { NOTIFYING_TRANSACTION, notifyNewFollower } from "@/lib/server/notifications/mutations";

/** Replaces the member's editable profile with the given one and returns their account as /api/auth/user shows it. */
export async function updateProfile(viewer: Viewer, input: ProfileUpdateInput): Promise<SessionViewer> {
  return db.user.update({
    where: { id: viewer.id },
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      bio: input.bio,
      website: input.website,
      city: input.city,
      country: input.country,
      profileImageUrl: input.profileImageUrl,
      socialLinks: input.socialLinks,
    },
    select: viewerSelect,
  });
}

// The JSON object of the given keys that are set (undefined ones are not stored).
function definedEntries(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/**
 * Merges a change into one of the member's JSON settings columns in a single statement (`||` on
 * jsonb), so two saves at once each keep the other's keys; returns the stored value after it.
 */
async function mergeJsonColumn(userId: string, column: "notification_settings" | "privacy_settings" | "preferences", change: Record<string, unknown>) {
  const col = Prisma.raw(column);
  const rows = await db.$queryRaw<{ value: unknown }[]>`
    UPDATE users SET ${col} = coalesce(${col}, '{}'::jsonb) || ${JSON.stringify(definedEntries(change))}::jsonb, updated_at = timezone('UTC', now())
     WHERE id = ${userId}
    RETURNING ${col} AS value`;
  return rows[0]?.value ?? null;
}

/** Saves some of the member's notification switches; returns all of them. */
export async function updateNotificationSettings(viewer: Viewer, input: NotificationSettingsInput) {
  return presentNotificationSettings(await mergeJsonColumn(viewer.id, "notification_settings", input));
}

/** Saves some of the member's privacy settings; returns all of them (profile visibility applies at once). */
export async function updatePrivacySettings(viewer: Viewer, input: PrivacySettingsInput) {
  return presentPrivacySettings(await mergeJsonColumn(viewer.id, "privacy_settings", input));
}

/** Saves some of the member's preferences; returns all of them. */
export async function updatePreferences(viewer: Viewer, input: PreferencesInput) {
  return presentPreferences(await mergeJsonColumn(viewer.id, "preferences", input));
}

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
  const id = viewer.id;
  await db.$transaction(async (tx) => {
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
  });
  forgetPopularTags(); // the member's questions and their tag counts went
  forgetTrending();
}

/**
 * Makes the viewer follow the member; idempotent and race-safe (the primary key keeps one row
 * however many requests arrive at once). Returns whether a follow was really added and the
 * member's follower count after it.
 */
export async function followUser(viewer: Viewer, target: { id: string }): Promise<{ added: boolean; isFollowing: true; followerCount: number }> {
  // The follow and its notification commit together (a repeated follow notifies nobody).
  const added = await db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO user_follows (follower_id, following_id, created_at)
      VALUES (${viewer.id}, ${target.id}, timezone('UTC', now()))
      ON CONFLICT DO NOTHING`;
    if (inserted > 0) await notifyNewFollower(tx, { followerId: viewer.id, followingId: target.id });
    return inserted > 0;
  }, NOTIFYING_TRANSACTION);
  // Counted in a statement of its own, so it sees a simultaneous follow that won the race.
  const followerCount = await db.userFollow.count({ where: { followingId: target.id } });

  return { added, isFollowing: true, followerCount };
}

/** Makes the viewer stop following the member (repeating it changes nothing); returns the follower count after it. */
export async function unfollowUser(viewer: Viewer, target: { id: string }): Promise<{ isFollowing: false; followerCount: number }> {
  await db.userFollow.deleteMany({ where: { followerId: viewer.id, followingId: target.id } });
  const followerCount = await db.userFollow.count({ where: { followingId: target.id } });
  return { isFollowing: false, followerCount };
}
