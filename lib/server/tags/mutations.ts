import "server-only";
import crypto from "node:crypto";
import { forgetPopularTags } from "@/lib/server/cache";
import { db } from "@/lib/server/db";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import type { Viewer } from "@/lib/server/policy";
import { tagSelect, type TagRow } from "@/lib/server/tags/presenters";

/** Colours new tags get, picked by name so a tag keeps its colour however often it is re-created. */
export const TAG_COLORS = [
  "#6366f1", "#0ea5e9", "#10b981", "#f59e0b", "#ef4444", "#8b5cf6",
  "#ec4899", "#14b8a6", "#f97316", "#84cc16", "#06b6d4", "#a855f7",
] as const;

/** The colour a new tag of this name gets. */
export function tagColorFor(name: string): string {
  const hash = crypto.createHash("sha256").update(name).digest();
  return TAG_COLORS[hash[0]! % TAG_COLORS.length]!;
}

/**
 * Creates a tag (name already trimmed and lower-cased), or returns the existing one of that
 * name; concurrent identical creates leave exactly one row.
 */
export async function createTag(name: string, creator?: { id: string }): Promise<{ tag: TagRow; created: boolean }> {
  // The creator's daily allowance is charged only for a tag really created, in the same transaction (429 undoes it).
  const created = await db.$transaction(async (tx) => {
    const [row] = await tx.tag.createManyAndReturn({ data: [{ name, color: tagColorFor(name) }], skipDuplicates: true, select: tagSelect });
    if (row && creator) await chargeInTransaction(tx, "tagCreateDaily", creator.id);
    return row;
  });
  if (created) {
    forgetPopularTags(); // a new tag can enter a short list
    return { tag: created, created: true };
  }
  const existing = await db.tag.findUniqueOrThrow({ where: { name }, select: tagSelect });
  return { tag: existing, created: false };
}

/** Makes the member follow the tag; follow_count moves only when a follow row was really added (idempotent, race-safe). */
export async function followTag(viewer: Viewer, tag: { id: number }): Promise<{ isFollowing: true; followerCount: number }> {
  const rows = await db.$transaction(async (tx) => {
    const counted = await tx.$queryRaw<{ followCount: number; added: number }[]>`
      WITH added AS (
        INSERT INTO tag_follows (user_id, tag_id, created_at) VALUES (${viewer.id}, ${tag.id}, timezone('UTC', now()))
        ON CONFLICT DO NOTHING
        RETURNING tag_id
      )
      UPDATE tags SET follow_count = follow_count + (SELECT count(*) FROM added)::int
      WHERE id = ${tag.id}
      RETURNING follow_count AS "followCount", (SELECT count(*) FROM added)::int AS added`;
    // Only a follow really added spends the daily allowance (a repeated follow changes nothing); 429 undoes it.
    if ((counted[0]?.added ?? 0) > 0) await chargeInTransaction(tx, "tagFollowDaily", viewer.id);
    return counted;
  });
  return { isFollowing: true, followerCount: rows[0]?.followCount ?? 0 };
}

/** Makes the member stop following the tag; follow_count moves only when a follow row was really removed. */
export async function unfollowTag(viewer: Viewer, tag: { id: number }): Promise<{ isFollowing: false; followerCount: number }> {
  const rows = await db.$queryRaw<{ followCount: number }[]>`
    WITH removed AS (
      DELETE FROM tag_follows WHERE user_id = ${viewer.id} AND tag_id = ${tag.id}
      RETURNING tag_id
    )
    UPDATE tags SET follow_count = follow_count - (SELECT count(*) FROM removed)::int
    WHERE id = ${tag.id}
    RETURNING follow_count AS "followCount"`;
  return { isFollowing: false, followerCount: rows[0]?.followCount ?? 0 };
}
