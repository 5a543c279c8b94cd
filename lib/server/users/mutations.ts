import "server-only";
import { viewerSelect, type Viewer as SessionViewer } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import type { Viewer } from "@/lib/server/policy";
import type { ProfileUpdateInput } from "@/lib/validation/users";
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
    if (inserted > 0) {
      // Only a follow really added spends the daily allowance (429 undoes it), so unfollow-follow loops are bounded too.
      await chargeInTransaction(tx, "userFollowDaily", viewer.id);
      await notifyNewFollower(tx, { followerId: viewer.id, followingId: target.id });
    }
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
