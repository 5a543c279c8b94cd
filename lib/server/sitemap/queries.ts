import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsWhere } from "@/lib/server/policy";

/** The sitemap lists at most this many questions, the newest (sitemaps hold up to 50,000 URLs). */
export const SITEMAP_QUESTION_LIMIT = 5_000;
/** And at most this many tags, those with the most questions. */
export const SITEMAP_TAG_LIMIT = 5_000;
/** And at most this many members' profiles, the most recently changed. */
export const SITEMAP_PROFILE_LIMIT = 5_000;

/** The newest questions a visitor may read (private-group questions never), with when each last changed. */
export async function listSitemapQuestions(limit = SITEMAP_QUESTION_LIMIT): Promise<{ id: number; lastActivityAt: Date; updatedAt: Date }[]> {
  return db.question.findMany({
    where: visibleQuestionsWhere(null),
    select: { id: true, lastActivityAt: true, updatedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
}

/** Tags that have questions, most questions first. */
export async function listSitemapTags(limit = SITEMAP_TAG_LIMIT): Promise<{ name: string; createdAt: Date }[]> {
  return db.tag.findMany({
    where: { questionCount: { gt: 0 } },
    select: { name: true, createdAt: true },
    orderBy: [{ questionCount: "desc" }, { id: "asc" }],
    take: limit,
  });
}

/** Every category (they are few; each has a page of its tags and questions), oldest first. */
export async function listSitemapCategories(): Promise<{ id: number; createdAt: Date }[]> {
  return db.category.findMany({ select: { id: true, createdAt: true }, orderBy: [{ id: "asc" }] });
}

/**
 * Members whose profile a visitor may read (privacy setting "public", the default when unset):
 * never a deleted account or the Agora AI account, most recently changed first.
 */
export async function listSitemapProfiles(limit = SITEMAP_PROFILE_LIMIT): Promise<{ id: string; updatedAt: Date }[]> {
  return db.$queryRaw<{ id: string; updatedAt: Date }[]>(Prisma.sql`
    SELECT u.id, u.updated_at AS "updatedAt"
    FROM users u
    WHERE u.deleted_at IS NULL AND NOT u.is_assistant
      AND COALESCE(u.privacy_settings ->> 'profileVisibility', 'public') = 'public'
    ORDER BY u.updated_at DESC, u.id
    LIMIT ${limit}`);
}
