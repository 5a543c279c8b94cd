import "server-only";

/*
 * A small in-process cache for site-wide reads that every page repeats (the popular tags of the
 * side bar): each entry lives `ttlMs` at most and is forgotten at once by the writes that change
 * it (forgetCached), so this instance never shows a stale value after its own writes, and other
 * instances within the TTL. Concurrent misses share one load.
 */

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const store = ((globalThis as unknown as { agoraCache?: Map<string, Entry> }).agoraCache ??= new Map<string, Entry>());

/** The cached value of `key`, loading it with `load` when missing or older than `ttlMs`. */
export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { expires: now + ttlMs, value });
  // A failed load is not kept.
  value.catch(() => {
    if (store.get(key)?.value === value) store.delete(key);
  });
  return value;
}

/** Forgets every entry whose key starts with `prefix`. */
export function forgetCached(prefix: string): void {
  for (const key of store.keys()) if (key.startsWith(prefix)) store.delete(key);
}

/** Key prefix of the visitors' popular tags (lib/server/tags/queries.ts). */
export const POPULAR_TAGS_CACHE = "popular-tags:";

/** Forgets the cached popular tags (questions asked, edited or deleted, tags created, groups or accounts changed). */
export function forgetPopularTags(): void {
  forgetCached(POPULAR_TAGS_CACHE);
}

/** Key prefix of the visitors' trending questions (the side bar of member pages). */
export const TRENDING_CACHE = "trending:";

/** Forgets the cached trending questions (a question edited or deleted, a group's privacy changed, an account deleted). */
export function forgetTrending(): void {
  forgetCached(TRENDING_CACHE);
}

/** How long site-wide lists are kept: 30 s, or not at all under jest (whose tests write rows directly). */
export const SITE_LIST_TTL_MS = process.env.NODE_ENV === "test" ? 0 : 30_000;
