import type { MetadataRoute } from "next";

import { getSiteUrl } from "@/lib/seo/site-url";

// The sitemap's address may come from the request's host.
export const dynamic = "force-dynamic";

/** /robots.txt: everything may be crawled but the API, members' private pages and search results; where the sitemap is. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const base = await getSiteUrl();
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/settings", "/notifications", "/search"] },
    sitemap: `${base}/sitemap.xml`,
  };
}
