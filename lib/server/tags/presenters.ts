import "server-only";
import type { Prisma } from "@/lib/server/db";

/** The columns presentTag needs; select exactly these (scalars only, so creates can return them too). */
export const tagSelect = {
  id: true,
  name: true,
  color: true,
  categoryId: true,
  followCount: true,
  questionCount: true,
  createdAt: true,
} as const satisfies Prisma.TagSelect;

/**
 * A tag row as selected by tagSelect. The queries of lib/server/tags hand it out with
 * questionCount already narrowed to the questions the viewer may see.
 */
export type TagRow = Prisma.TagGetPayload<{ select: typeof tagSelect }>;

/** A tag as docs/API.md shapes it. */
export interface TagJson {
  id: number;
  name: string;
  color: string;
  categoryId: number | null;
  followCount: number;
  createdAt: string;
  _count: { questions: number; followers: number };
}

/** A tag with its question and follower counts (GET /api/tags, /api/tags/by-name/{name}, POST /api/tags). */
export function presentTag(row: TagRow): TagJson {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    categoryId: row.categoryId,
    followCount: row.followCount,
    createdAt: row.createdAt.toISOString(),
    _count: { questions: row.questionCount, followers: row.followCount },
  };
}

/** GET /api/tags/{id}/stats: the counts a tag page shows. */
export function presentTagStats(row: TagRow): { questionCount: number; followerCount: number } {
  return { questionCount: row.questionCount, followerCount: row.followCount };
}

/** GET /api/tags/{id}/is-following. */
export function presentIsFollowing(isFollowing: boolean): { isFollowing: boolean } {
  return { isFollowing };
}

/** POST and DELETE /api/tags/{id}/follow: the viewer's follow state and the tag's follower count after it. */
export function presentFollowState(state: { isFollowing: boolean; followerCount: number }): { isFollowing: boolean; followerCount: number } {
  return { isFollowing: state.isFollowing, followerCount: state.followerCount };
}
