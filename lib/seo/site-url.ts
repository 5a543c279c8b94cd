import "server-only";
import { headers } from "next/headers";

/*
 * The site's public base URL for absolute links (canonical URLs, Open Graph, sitemap, robots):
 * APP_URL when it is set (DECISIONS.md section 1), else the host the request came in on, so
 * the app works wherever it is served without configuration.
 */

// A host header as browsers and proxies send it: a name or address, optionally a port.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** APP_URL as an origin without a trailing slash, or null when unset or not an http(s) URL. */
export function configuredSiteUrl(value = process.env.APP_URL): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

/** The origin a request was addressed to, from its (forwarded) host and protocol headers. */
export function siteUrlFromHeaders(list: Pick<Headers, "get">): string {
  const first = (name: string) => list.get(name)?.split(",")[0]?.trim() || undefined;
  const candidate = first("x-forwarded-host") ?? first("host") ?? "localhost";
  const host = HOST.test(candidate) ? candidate.toLowerCase() : "localhost";
  const forwardedProto = first("x-forwarded-proto")?.toLowerCase();
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  return `${proto}://${host}`;
}

/** The base URL absolute links start with (no trailing slash). */
export async function getSiteUrl(): Promise<string> {
  return configuredSiteUrl() ?? siteUrlFromHeaders(await headers());
}
