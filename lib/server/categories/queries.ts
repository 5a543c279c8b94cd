import "server-only";
import { categorySelect, type CategoryRow } from "@/lib/server/categories/presenters";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import type { Viewer } from "@/lib/server/policy";

/*
 * Categories are few and curated (the seed and the database hold them; no route creates one),
 * so the list is read whole. Follower counts are counted from category_follows (indexed by
 * category), never kept in a column.
 */

/** Message of the 404 for an unknown category (the page shows "Category Not Found"). */
export const CATEGORY_NOT_FOUND = "Category not found";

/** The ids among `categoryIds` that the viewer follows (none for visitors). */
async function followedAmong(viewer: Viewer | null, categoryIds: readonly number[]): Promise<Set<number>> {
  if (!viewer || categoryIds.length === 0) return new Set();
  const rows = await db.categoryFollow.findMany({
    where: { userId: viewer.id, categoryId: { in: [...categoryIds] } },
    select: { categoryId: true },
  });
  return new Set(rows.map((row) => row.categoryId));
}

/** Every category by name, with its tag and follower counts and whether the viewer follows it. */
export async function listCategories(viewer: Viewer | null): Promise<CategoryRow[]> {
  const [rows, followed] = await Promise.all([
    db.category.findMany({ select: categorySelect, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    viewer ? db.categoryFollow.findMany({ where: { userId: viewer.id }, select: { categoryId: true } }) : [],
  ]);
  const ids = new Set(followed.map((row) => row.categoryId));
  return rows.map((row) => ({ ...row, isFollowing: ids.has(row.id) }));
}

/** A category by id with its counts and the viewer's follow state, or null. */
export async function getCategory(id: number, viewer: Viewer | null): Promise<CategoryRow | null> {
  const [row, followed] = await Promise.all([db.category.findUnique({ where: { id }, select: categorySelect }), followedAmong(viewer, [id])]);
  return row ? { ...row, isFollowing: followed.has(row.id) } : null;
}

/** A category by id with its counts and the viewer's follow state, or 404 "Category not found". */
export async function getCategoryOrThrow(id: number, viewer: Viewer | null): Promise<CategoryRow> {
  const category = await getCategory(id, viewer);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return category;
}
