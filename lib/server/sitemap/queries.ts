import "server-only";
import { db } from "@/lib/server/db";
import { visibleQuestionsWhere } from "@/lib/server/policy";

/** The sitemap lists at most this many questions, the newest (sitemaps hold up to 50,000 URLs). */
export const SITEMAP_QUESTION_LIMIT = 5_000;
/** And at most this many tags, those with the most questions. */
export const SITEMAP_TAG_LIMIT = 5_000;

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
