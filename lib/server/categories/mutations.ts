import "server-only";
import { db } from "@/lib/server/db";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import type { Viewer } from "@/lib/server/policy";

/** Makes the member follow the category (idempotent, race-safe: the follow row's key decides). */
export async function followCategory(viewer: Viewer, category: { id: number }): Promise<{ isFollowing: true; followerCount: number }> {
  await db.$transaction(async (tx) => {
    const added = await tx.$executeRaw`
      INSERT INTO category_follows (user_id, category_id, created_at) VALUES (${viewer.id}, ${category.id}, timezone('UTC', now()))
      ON CONFLICT DO NOTHING`;
    // Only a follow really added spends the daily allowance (a repeated follow changes nothing); 429 undoes it.
    if (added > 0) await chargeInTransaction(tx, "categoryFollowDaily", viewer.id);
  });
  return { isFollowing: true, followerCount: await countCategoryFollowers(category.id) };
}

/** Makes the member stop following the category (repeating it changes nothing). */
export async function unfollowCategory(viewer: Viewer, category: { id: number }): Promise<{ isFollowing: false; followerCount: number }> {
  await db.categoryFollow.deleteMany({ where: { userId: viewer.id, categoryId: category.id } });
  return { isFollowing: false, followerCount: await countCategoryFollowers(category.id) };
}

function countCategoryFollowers(categoryId: number): Promise<number> {
  return db.categoryFollow.count({ where: { categoryId } });
}
