import "server-only";
import { cached, POPULAR_TAGS_CACHE, SITE_LIST_TTL_MS } from "@/lib/server/cache";
import { db, type Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import type { Viewer } from "@/lib/server/policy";
import { tagSelect, type TagRow } from "@/lib/server/tags/presenters";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";

/*
 * tags.question_count counts every question of a tag, private-group ones included (the
 * question mutations keep it exact). What a viewer is shown must not reveal questions hidden
 * from them, so every read here subtracts the tag's private-group questions the viewer may not
 * see: one small grouped query over private-group questions only, however popular the tag.
 */

/** Message of the 404 for an unknown tag (SPEC.md: "Tag Not Found"). */
export const TAG_NOT_FOUND = "Tag not found";

/** How many of each tag's questions sit in private groups the viewer is not a member of. */
async function hiddenQuestionCounts(tagIds: readonly number[], viewer: Viewer | null): Promise<Map<number, number>> {
  if (tagIds.length === 0) return new Map();
  const rows = await db.questionTag.groupBy({
    by: ["tagId"],
    where: {
      tagId: { in: [...tagIds] },
      question: { group: { isPrivate: true, ...(viewer ? { members: { none: { userId: viewer.id } } } : {}) } },
    },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.tagId, row._count._all]));
}

/** The rows with questionCount narrowed to the questions the viewer may see. */
async function withVisibleCounts<T extends { id: number; questionCount: number }>(rows: T[], viewer: Viewer | null): Promise<T[]> {
  const hidden = await hiddenQuestionCounts(
    rows.filter((row) => row.questionCount > 0).map((row) => row.id),
    viewer,
  );
  return rows.map((row) => ({ ...row, questionCount: Math.max(0, row.questionCount - (hidden.get(row.id) ?? 0)) }));
}

/** Options of the tag list: a name search (lower-case, matched anywhere in the name) and paging. */
export interface TagListOptions {
  search?: string;
  limit?: number;
  cursor?: string;
}

/**
 * One page of tags, most questions first (then oldest), optionally only those whose name
 * contains `search`; counts as the viewer may see them.
 */
export async function listTags(viewer: Viewer | null, options: TagListOptions = {}): Promise<Page<TagRow>> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.limit ?? DEFAULT_PAGE_SIZE)));
  // Tag names never hold LIKE's wildcards, so a search holding them matches nothing extra.
  const search = options.search?.replace(/[%_\\]/g, "");
  const and: Prisma.TagWhereInput[] = [];
  if (search) and.push({ name: { contains: search } });
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, "int");
    and.push({ OR: [{ questionCount: { lt: key } }, { questionCount: key, id: { gt: id } }] });
  }
  const rows = await db.tag.findMany({
    where: { AND: and },
    select: tagSelect,
    orderBy: [{ questionCount: "desc" }, { id: "asc" }],
    take: limit + 1,
  });
  // The cursor holds the stored count (the order), not the narrowed one shown.
  const page = toPage(rows, limit, (row) => row.questionCount);
  return { rows: await withVisibleCounts(page.rows, viewer), nextCursor: page.nextCursor };
}

/** How many tags the list holds under this search (X-Total-Count). */
export async function countTags(options: Pick<TagListOptions, "search"> = {}): Promise<number> {
  const search = options.search?.replace(/[%_\\]/g, "");
  return db.tag.count({ where: search ? { name: { contains: search } } : {} });
}

/** A tag by id with the counts the viewer may see, or null. */
export async function getTag(id: number, viewer: Viewer | null): Promise<TagRow | null> {
  const row = await db.tag.findUnique({ where: { id }, select: tagSelect });
  return row ? (await withVisibleCounts([row], viewer))[0]! : null;
}

/** A tag by id with the counts the viewer may see, or 404 "Tag not found". */
export async function getTagOrThrow(id: number, viewer: Viewer | null): Promise<TagRow> {
  const tag = await getTag(id, viewer);
  if (!tag) throw notFound(TAG_NOT_FOUND);
  return tag;
}

// Tag names never hold "%", so a name that does is still percent-encoded (c%23 for c#).
function decodeOnce(name: string): string {
  if (!name.includes("%")) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A tag by name (trimmed and lower-cased first) with the counts the viewer may see, or 404 "Tag not found". */
export async function getTagByNameOrThrow(name: string, viewer: Viewer | null): Promise<TagRow> {
  const normalized = decodeOnce(name).trim().toLowerCase();
  // A name with NUL cannot be stored, so no tag has one (and PostgreSQL would refuse the query).
  const row = normalized.length > 0 && normalized.length <= 50 && !normalized.includes("\u0000") ? await db.tag.findUnique({ where: { name: normalized }, select: tagSelect }) : null;
  if (!row) throw notFound(TAG_NOT_FOUND);
  return (await withVisibleCounts([row], viewer))[0]!;
}

/** Every tag of a category, most questions first (then oldest), with the counts the viewer may see. */
export async function listCategoryTags(categoryId: number, viewer: Viewer | null): Promise<TagRow[]> {
  const rows = await db.tag.findMany({ where: { categoryId }, select: tagSelect, orderBy: [{ questionCount: "desc" }, { id: "asc" }] });
  return withVisibleCounts(rows, viewer);
}

/** Whether the viewer follows the tag (false for visitors). */
export async function isFollowingTag(viewer: Viewer | null, tagId: number): Promise<boolean> {
  if (!viewer) return false;
  const row = await db.tagFollow.findUnique({ where: { userId_tagId: { userId: viewer.id, tagId } }, select: { tagId: true } });
  return row !== null;
}

/** The columns of a tag in a short list (side bar, about page). */
export const tagListItemSelect = {
  id: true,
  name: true,
  color: true,
  questionCount: true,
} as const;

/**
 * The `limit` tags with the most questions (ties by age), as the side bar and about page list
 * them, counting only the questions the viewer (a visitor when omitted) may see.
 */
export async function listPopularTags(limit = 8, viewer: Viewer | null = null) {
  const load = async () => {
    const rows = await db.tag.findMany({
      select: tagListItemSelect,
      orderBy: [{ questionCount: "desc" }, { id: "asc" }],
      take: Math.max(1, Math.min(100, limit)),
    });
    return withVisibleCounts(rows, viewer);
  };
  // What visitors see is the same for everyone: kept briefly, forgotten on writes that change tag counts.
  return viewer === null ? cached(`${POPULAR_TAGS_CACHE}${limit}`, SITE_LIST_TTL_MS, load) : load();
}
