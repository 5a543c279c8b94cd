import type { MetadataRoute } from "next";

import { getSiteUrl } from "@/lib/seo/site-url";
import { listSitemapCategories, listSitemapProfiles, listSitemapQuestions, listSitemapTags } from "@/lib/server/sitemap/queries";

// Read at request time: the questions change, and the base URL may come from the request's host.
export const dynamic = "force-dynamic";

/**
 * /sitemap.xml: the public pages, the newest 5,000 public questions, the tags in use, the
 * categories and the profiles their owners made public. Search results are not listed (robots.txt keeps them out).
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = await getSiteUrl();
  const [questions, tags, categories, profiles] = await Promise.all([
    listSitemapQuestions(),
    listSitemapTags(),
    listSitemapCategories(),
    listSitemapProfiles(),
  ]);
  const newest = questions.reduce<Date | undefined>((max, q) => (!max || q.lastActivityAt > max ? q.lastActivityAt : max), undefined);

  return [
    { url: `${base}/`, changeFrequency: "hourly", priority: 1, ...(newest ? { lastModified: newest } : {}) },
    { url: `${base}/questions`, changeFrequency: "hourly", priority: 0.9, ...(newest ? { lastModified: newest } : {}) },
    { url: `${base}/about`, changeFrequency: "monthly", priority: 0.5 },
    { url: `${base}/help/privileges`, changeFrequency: "monthly", priority: 0.4 },
    { url: `${base}/tags`, changeFrequency: "daily", priority: 0.6 },
    ...questions.map((q) => ({
      url: `${base}/questions/${q.id}`,
      lastModified: q.lastActivityAt > q.updatedAt ? q.lastActivityAt : q.updatedAt,
      changeFrequency: "daily" as const,
      priority: 0.8,
    })),
    ...tags.map((t) => ({
      url: `${base}/tags/${encodeURIComponent(t.name)}`,
      changeFrequency: "daily" as const,
      priority: 0.5,
    })),
    ...categories.map((c) => ({
      url: `${base}/categories/${c.id}`,
      changeFrequency: "daily" as const,
      priority: 0.5,
    })),
    ...profiles.map((p) => ({
      url: `${base}/users/${encodeURIComponent(p.id)}`,
      lastModified: p.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.3,
    })),
  ];
}
