import type { MetadataRoute } from "next";

import { getSiteUrl } from "@/lib/seo/site-url";
import { listSitemapQuestions, listSitemapTags } from "@/lib/server/sitemap/queries";

// Read at request time: the questions change, and the base URL may come from the request's host.
export const dynamic = "force-dynamic";

/** /sitemap.xml: the public pages, the newest 5,000 public questions and the tags in use. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = await getSiteUrl();
  const [questions, tags] = await Promise.all([listSitemapQuestions(), listSitemapTags()]);
  const newest = questions.reduce<Date | undefined>((max, q) => (!max || q.lastActivityAt > max ? q.lastActivityAt : max), undefined);

  return [
    { url: `${base}/`, changeFrequency: "hourly", priority: 1, ...(newest ? { lastModified: newest } : {}) },
    { url: `${base}/about`, changeFrequency: "monthly", priority: 0.5 },
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
  ];
}
