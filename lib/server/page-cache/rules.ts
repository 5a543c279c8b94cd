import type http from "node:http";
import { isSessionCookieName } from "@/lib/server/auth/cookie-names";
import { parseId } from "@/lib/server/ids";
import { configuredSiteUrl, siteUrlFromHeaders } from "@/lib/seo/site-url";
import { localeFromCookieHeader, resolveLocale } from "@/lib/i18n/locales";

/*
 * What the page cache may store and serve (docs/SECURITY.md, "Page cache"): pure functions over
 * the raw request and response, so that they can be tested without a server.
 */

const QUESTION_PATH = /^\/questions\/([^/?#]+)$/;

/** The question id of a `/questions/<digits>` URL without a query string, else null. */
export function questionIdOfUrl(url: string | undefined): number | null {
  if (!url) return null;
  const match = QUESTION_PATH.exec(url);
  if (!match) return null;
  return parseId(match[1]);
}

function headerValue(req: http.IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}

/** Whether the request carries a next-auth session cookie (whole or chunked): a member, or someone who was one. */
export function hasSessionCookie(req: http.IncomingMessage): boolean {
  const header = headerValue(req, "cookie");
  if (!header) return false;
  return header.split(";").some((part) => {
    const index = part.indexOf("=");
    const name = (index < 0 ? part : part.slice(0, index)).trim();
    // The exact names, and anything that merely looks like one (never wrong to bypass).
    return isSessionCookieName(name) || name.includes("next-auth.session-token");
  });
}

/**
 * Headers after which Next answers with something other than the page's HTML, or differently:
 * RSC payloads and prefetches (`rsc`, `next-router-*`, `next-url`), server actions (`next-action`),
 * internal subrequests (`x-middleware-*`, `x-nextjs-*`), and ranges.
 */
function isSpecialRequest(req: http.IncomingMessage): boolean {
  for (const name of Object.keys(req.headers)) {
    if (name === "rsc" || name === "range" || name.startsWith("next-") || name.startsWith("x-middleware-") || name.startsWith("x-nextjs-")) return true;
  }
  return false;
}

/**
 * The question id when this request may be answered from the cache (or its answer stored): GET
 * or HEAD of `/questions/<digits>` with no query string, from a visitor (no session cookie), not
 * an RSC or prefetch request. Anything else goes to Next untouched.
 */
export function cacheableQuestionId(req: http.IncomingMessage): number | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const id = questionIdOfUrl(req.url);
  if (id === null) return null;
  if (hasSessionCookie(req) || isSpecialRequest(req)) return null;
  return id;
}

/**
 * What, besides the path, the page's HTML depends on: the site URL of its canonical and Open
 * Graph links and JSON-LD (APP_URL, else the request's host and protocol, as lib/seo/site-url.ts
 * computes it), whether Next treats the client as an HTML-limited bot (metadata in the head
 * rather than streamed), and the interface's language (a visitor's: the language menu's cookie,
 * else Accept-Language, as i18n/request.ts chooses it). Each combination is stored apart, so a request with a forged Host can
 * never put its links into the page others get.
 */
export function variantOf(req: http.IncomingMessage, botType: (userAgent: string) => string | undefined): string {
  const site = configuredSiteUrl() ?? siteUrlFromHeaders({ get: (name: string) => (req.headers[name] === undefined ? null : headerValue(req, name)) });
  const locale = resolveLocale({ cookie: localeFromCookieHeader(headerValue(req, "cookie")), acceptLanguage: headerValue(req, "accept-language") });
  return `${site}|${botType(headerValue(req, "user-agent")) ?? "browser"}|${locale}`;
}

/** Next's Cache-Control for a page rendered per request; any other value is the app's own choice and is respected. */
export const NEXT_DYNAMIC_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

/**
 * The Cache-Control of a visitor's question page that shared caches may keep, for `seconds`
 * (AGORA_SHARED_CACHE_S), and serve stale for as long again while they fetch a fresh copy; browsers
 * revalidate every time (max-age=0). Null for 0 or less (off: Next's private header).
 */
export function sharedCacheControl(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const s = Math.floor(seconds);
  return `public, max-age=0, s-maxage=${s}, stale-while-revalidate=${s}`;
}

/** Response headers never stored or replayed: per response, per connection, or rebuilt on each hit. */
const NOT_REPLAYED = new Set([
  "set-cookie",
  "date",
  "content-length",
  "transfer-encoding",
  "content-encoding",
  "connection",
  "keep-alive",
  "etag",
  "last-modified",
  "content-security-policy",
  "x-agora-cache",
]);

/** The header that tells tests and the bench whether the page came from the cache. */
export const CACHE_STATUS_HEADER = "x-agora-cache";

/** The nonce of a page policy (`script-src ... 'nonce-…'`), or null. */
export function nonceOfPolicy(policy: string): string | null {
  const match = /'nonce-([A-Za-z0-9+/=_-]{16,})'/.exec(policy);
  return match ? match[1] : null;
}

export interface StorableResponse {
  headers: [string, string][];
  nonce: string;
}

/**
 * Whether a captured response may be stored, and the headers to replay: status 200, HTML, no
 * Set-Cookie, no Cache-Control of the app's own saying private or no-store (Next's default for
 * per-request pages is expected and replayed as is), a page policy carrying a nonce, not already
 * encoded, and not marked for robots as private (a private group's question has `noindex`; a
 * visitor never gets one, but the cache does not rely on that).
 */
export function storableResponse(
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
  expectedPolicy: (nonce: string) => string,
): StorableResponse | null {
  if (status !== 200) return null;
  if (headers["set-cookie"] !== undefined) return null;
  if (headers["content-encoding"] !== undefined) return null;
  const type = String(headers["content-type"] ?? "");
  if (!/^text\/html\b/i.test(type)) return null;
  const cacheControl = headers["cache-control"];
  if (cacheControl !== undefined) {
    const value = String(cacheControl).toLowerCase();
    if (value !== NEXT_DYNAMIC_CACHE_CONTROL && /\b(private|no-store)\b/.test(value)) return null;
  }
  const policy = headers["content-security-policy"];
  if (typeof policy !== "string") return null;
  const nonce = nonceOfPolicy(policy);
  // Only a policy exactly as lib/security/csp.ts builds it, so a hit's rebuilt policy is the same but for the nonce.
  if (!nonce || policy !== expectedPolicy(nonce)) return null;
  const html = body.toString("utf8");
  if (/<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html)) return null;
  const replayed: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_REPLAYED.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value]) replayed.push([name.toLowerCase(), String(one)]);
  }
  return { headers: replayed, nonce };
}

/**
 * The encoding Next would have answered with (its `compression` middleware: gzip, else deflate,
 * when the client accepts it, for bodies of 1 KB or more), or null for none.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): "gzip" | "deflate" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    accepted.set(token, Number.isFinite(quality) ? quality : 0);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (quality("gzip") > 0 && quality("gzip") >= quality("deflate")) return "gzip";
  if (quality("deflate") > 0) return "deflate";
  return null;
}

/** Smallest body Next's compression compresses. */
export const COMPRESSION_THRESHOLD = 1024;

/** Adds a name to a Vary value unless it is there already. */
export function withVary(vary: string | undefined, name: string): string {
  if (!vary) return name;
  const names = vary.split(",").map((v) => v.trim().toLowerCase());
  return names.includes(name.toLowerCase()) || names.includes("*") ? vary : `${vary}, ${name}`;
}
