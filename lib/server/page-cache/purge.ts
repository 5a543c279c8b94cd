/*
 * The CDN purge hook (issue 18): when AGORA_PURGE_URL is set, the paths of visitors' pages that a
 * change made stale are POSTed there, so a CDN or reverse proxy in front of the instances can drop
 * its copies at once instead of keeping them for their s-maxage.
 *
 *   POST $AGORA_PURGE_URL
 *   Content-Type: application/json
 *   Authorization: Bearer $AGORA_PURGE_TOKEN        (only when the token is set)
 *   { "paths": ["/questions/123", "/questions/456"] }
 *
 * A change that may show on any question page (a member's name, a group's privacy, ...) is sent as
 * the one path "/questions/*". Paths are gathered for a short time (batchMs) and sent together, at
 * most maxPaths a request; a request that fails or takes longer than timeoutMs is logged, never
 * thrown, and not retried (the shared cache's s-maxage bounds what a lost purge costs).
 *
 * Which instance calls it: the one whose page-cache listener holds a PostgreSQL session advisory
 * lock (PURGE_LOCK_KEY), taken on the listener's own connection (listener.ts). Every instance
 * receives every notification; only the lock holder purges, so each change is purged once. When the
 * holder's connection ends, the lock is released and another instance takes it at its next check.
 */

/** The advisory lock (one bigint key) that elects the instance calling the purge hook. */
export const PURGE_LOCK_KEY = 0x6167_6f72_6170; // "agorap"

/** The path purged for a change that may show on any question page. */
export const PURGE_ALL_PATH = "/questions/*";

export interface PurgeConfig {
  url: string;
  token: string | null;
  /** How long paths are gathered before they are sent. */
  batchMs: number;
  /** Most paths in one request. */
  maxPaths: number;
  /** A request taking longer is abandoned (and logged). */
  timeoutMs: number;
}

/** The purge hook's configuration from the environment, or null when AGORA_PURGE_URL is not set. */
export function purgeConfig(env: Record<string, string | undefined> = process.env): PurgeConfig | null {
  const url = env.AGORA_PURGE_URL?.trim();
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  } catch {
    return null;
  }
  return { url, token: env.AGORA_PURGE_TOKEN?.trim() || null, batchMs: 50, maxPaths: 100, timeoutMs: 5_000 };
}

/** The paths a page-cache notification's payload makes stale: one question's page, or all of them. */
export function pathsOfNotification(payload: string | undefined): string[] {
  if (payload && /^[1-9][0-9]{0,9}$/.test(payload)) return [`/questions/${payload}`];
  return [PURGE_ALL_PATH];
}

export interface Purger {
  /** Queues the paths of one notification. */
  add(paths: string[]): void;
  /** Sends what is queued now and waits for every request in flight (tests, shutdown). */
  flush(): Promise<void>;
}

export function createPurger(
  config: PurgeConfig,
  options: { fetch?: typeof fetch; log?: (message: string, detail: Record<string, unknown>) => void } = {},
): Purger {
  const send = options.fetch ?? fetch;
  const log = options.log ?? (() => {});
  const queued = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const post = (paths: string[]) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (config.token) headers.authorization = `Bearer ${config.token}`;
    const request = send(config.url, { method: "POST", headers, body: JSON.stringify({ paths }), signal: AbortSignal.timeout(config.timeoutMs) })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) log("purge hook refused", { status: response.status, paths: paths.length });
      })
      .catch((error: unknown) => {
        log("purge hook failed", { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), paths: paths.length });
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  const drain = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queued.size === 0) return;
    // "/questions/*" covers every other path of the batch.
    const paths = queued.has(PURGE_ALL_PATH) ? [PURGE_ALL_PATH] : [...queued];
    queued.clear();
    for (let i = 0; i < paths.length; i += config.maxPaths) post(paths.slice(i, i + config.maxPaths));
  };

  return {
    add(paths) {
      for (const p of paths) queued.add(p);
      if (queued.size >= config.maxPaths) drain();
      else if (!timer) {
        timer = setTimeout(drain, config.batchMs);
        timer.unref?.();
      }
    },
    async flush() {
      drain();
      await Promise.all([...inFlight]);
    },
  };
}
