import "server-only";
import http from "node:http";
import { getBotType } from "next/dist/shared/lib/router/utils/is-bot";
import { hashedPageCsp, pageCsp } from "@/lib/security/csp";
import { createPageCacheLayer } from "@/lib/server/page-cache/layer";
import { startListener } from "@/lib/server/page-cache/listener";
import { createPurger, purgeConfig } from "@/lib/server/page-cache/purge";
import { sharedCacheControl } from "@/lib/server/page-cache/rules";
import { PageStore } from "@/lib/server/page-cache/store";
import { PEER_ADDRESS_HEADER } from "@/lib/server/peer-address";
import { recordQuestionView } from "@/lib/server/questions/views";
import { log } from "@/lib/server/log";

/*
 * Installs the page cache in front of Next in this process (instrumentation.ts), like
 * lib/server/peer-address.ts: every HTTP server's "request" event goes through the layer first.
 *
 * Configuration: AGORA_PAGE_CACHE=off turns it off; AGORA_PAGE_CACHE_MB (default 64, 0 = off)
 * caps the memory; AGORA_PAGE_CACHE_TTL_S (default 60) bounds how long a page is served, which is
 * how stale its view count and "time ago" labels can be. It runs only in production servers
 * (`next start`), never under `next dev` or jest (tests build their own layer).
 *
 * For a CDN in front (README, "Deploy"): AGORA_SHARED_CACHE_S (default 30, 0 = off) lets shared
 * caches keep a visitor's question page that long, and serve it stale as long again while they
 * fetch it anew; AGORA_PURGE_URL (with AGORA_PURGE_TOKEN) is POSTed the paths each change makes
 * stale, by the one instance holding the purge lock (purge.ts).
 */

export interface PageCacheConfig {
  maxBytes: number;
  ttlMs: number;
  /** Cache-Control for visitors' question pages that shared caches may keep, or null (Next's private one). */
  sharedCacheControl: string | null;
}

/** Seconds shared caches may keep a visitor's question page when AGORA_SHARED_CACHE_S is not set. */
export const DEFAULT_SHARED_CACHE_S = 30;

/** The configuration from the environment, or null when the cache is off. */
export function pageCacheConfig(env: NodeJS.ProcessEnv = process.env): PageCacheConfig | null {
  if (env.AGORA_PAGE_CACHE?.trim().toLowerCase() === "off") return null;
  if (env.NODE_ENV !== "production" || env.JEST_WORKER_ID !== undefined) return null;
  if (!env.DATABASE_URL) return null;
  const mb = Number(env.AGORA_PAGE_CACHE_MB ?? "64");
  if (!Number.isFinite(mb) || mb <= 0) return null;
  const ttl = Number(env.AGORA_PAGE_CACHE_TTL_S ?? "60");
  return {
    maxBytes: Math.floor(mb * 1024 * 1024),
    ttlMs: Number.isFinite(ttl) && ttl > 0 ? ttl * 1000 : 60_000,
    sharedCacheControl: sharedCacheControl(Number(env.AGORA_SHARED_CACHE_S?.trim() || DEFAULT_SHARED_CACHE_S)),
  };
}

const INSTALLED = Symbol.for("agora.pageCacheInstalled");
const flags = globalThis as typeof globalThis & { [INSTALLED]?: PageStore };

/** Counts a hit's view as the page does: a visitor, keyed by the connection's address (TRUST_PROXY) and user agent. */
function countView(questionId: number, req: http.IncomingMessage): void {
  // Stamp the connection's address whatever order the emit wrappers run in (a client's own value is never used).
  req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "";
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // The author check never applies (visitors only); the returned count is not needed.
  recordQuestionView({ id: questionId, authorId: "", viewCount: 0 }, null, headers).catch((error: unknown) => {
    log.warn({ error: error instanceof Error ? error.message : String(error) }, "page cache: view not counted");
  });
}

/** Puts the page cache in front of every HTTP server of this process, when configured on. Returns its store, or null. */
export function installPageCache(): PageStore | null {
  if (flags[INSTALLED]) return flags[INSTALLED];
  const config = pageCacheConfig();
  if (!config) return null;
  const store = new PageStore({ maxBytes: config.maxBytes, ttlMs: config.ttlMs, serving: false });
  flags[INSTALLED] = store;
  const purge = purgeConfig();
  const purger = purge ? createPurger(purge, { log: (message, detail) => log.warn(detail, `page cache: ${message}`) }) : undefined;
  startListener({ connectionString: process.env.DATABASE_URL!, store, purger });
  const layer = createPageCacheLayer({
    store,
    policy: (nonce) => pageCsp(nonce, false),
    hashedPolicy: hashedPageCsp,
    botType: getBotType,
    onHit: countView,
    sharedCacheControl: config.sharedCacheControl,
  });
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "request") return (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
    let result = true;
    layer(args[0] as http.IncomingMessage, args[1] as http.ServerResponse, () => {
      result = (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
    });
    return result;
  };
  log.info(
    { megabytes: Math.round(config.maxBytes / 1024 / 1024), ttlSeconds: config.ttlMs / 1000, sharedCacheControl: config.sharedCacheControl, purgeHook: purge !== null },
    "page cache: on",
  );
  return store;
}
