import "server-only";
import type { Prisma } from "@/lib/server/db";
import { presentTag, type TagJson, type TagRow } from "@/lib/server/tags/presenters";

/** The columns presentCategory needs; select exactly these. */
export const categorySelect = {
  id: true,
  name: true,
  color: true,
  description: true,
  createdAt: true,
  _count: { select: { tags: true, followers: true } },
} as const satisfies Prisma.CategorySelect;

/** A category row as the queries of lib/server/categories hand it out: the columns of categorySelect and the viewer's follow state. */
export type CategoryRow = Prisma.CategoryGetPayload<{ select: typeof categorySelect }> & { isFollowing: boolean };

/** A category as docs/API.md shapes it. */
export interface CategoryJson {
  id: number;
  name: string;
  color: string;
  description: string | null;
  createdAt: string;
  _count: { tags: number; followers: number };
  /** Whether the viewer follows it (always false for visitors). */
  isFollowing: boolean;
}

/** A category with its tag and follower counts and the viewer's follow state (GET /api/categories). */
export function presentCategory(row: CategoryRow): CategoryJson {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    _count: { tags: row._count.tags, followers: row._count.followers },
    isFollowing: row.isFollowing,
  };
}

/** A category with its tags (GET /api/categories/{id}, the category page). */
export interface CategoryDetailJson extends CategoryJson {
  tags: TagJson[];
}

/** A category and its tags, most questions first, counted as the viewer may see them. */
export function presentCategoryDetail(row: CategoryRow, tags: TagRow[]): CategoryDetailJson {
  return { ...presentCategory(row), tags: tags.map(presentTag) };
}

/** POST and DELETE /api/categories/{id}/follow: the viewer's follow state and the category's follower count after it. */
export function presentCategoryFollowState(state: { isFollowing: boolean; followerCount: number }): { isFollowing: boolean; followerCount: number } {
  return { isFollowing: state.isFollowing, followerCount: state.followerCount };
}
