import pg from "pg";
import type { PageStore } from "@/lib/server/page-cache/store";
import { pathsOfNotification, PURGE_LOCK_KEY, type Purger } from "@/lib/server/page-cache/purge";
import { log as logger } from "@/lib/server/log";

/*
 * Invalidation across instances: triggers (migration page_cache_notify) send the id of every
 * question whose page changed, or "*" for a change that may show on any page, on this channel
 * when their transaction commits. Each instance listens on one dedicated connection; while it is
 * not listening (starting, lost, reconnecting) the store neither serves nor stores, and each
 * (re)connection starts from an empty store, since notifications may have been missed.
 */

/** The channel the triggers notify. */
export const PAGE_CACHE_CHANNEL = "agora_page_cache";

/** Applies one notification's payload to the store: a question id, or anything else (normally "*") for everything. */
export function applyNotification(store: PageStore, payload: string | undefined): void {
  if (payload && /^[1-9][0-9]{0,9}$/.test(payload)) store.invalidate(Number(payload));
  else store.invalidateAll();
}

export interface ListenerOptions {
  connectionString: string;
  store: PageStore;
  /** How often the connection is checked with a query (a half-open TCP connection is otherwise silent). */
  pingMs?: number;
  log?: (message: string) => void;
  /**
   * The CDN purge hook (purge.ts), when configured: this instance calls it for the notifications
   * it receives while its listening connection holds the purge advisory lock (one instance does).
   */
  purger?: Purger;
}

export interface Listener {
  stop(): Promise<void>;
  /** Resolves once the first LISTEN succeeded (tests). */
  ready: Promise<void>;
  /** Whether this instance currently calls the purge hook (holds the advisory lock). */
  purging(): boolean;
}

export function startListener(options: ListenerOptions): Listener {
  const { store } = options;
  const log = options.log ?? ((message: string) => logger.warn(`page cache: ${message}`));
  const pingMs = options.pingMs ?? 15_000;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ping: ReturnType<typeof setInterval> | null = null;
  let purging = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const lost = (current: pg.Client, why: string) => {
    if (client !== current) return;
    client = null;
    purging = false; // the lock goes with the connection
    store.setServing(false);
    if (ping) clearInterval(ping);
    ping = null;
    current.removeAllListeners("notification");
    current.on("error", () => {});
    void current.end().catch(() => {});
    if (stopped) return;
    log(`notifications lost (${why}); not serving from the cache until reconnected`);
    timer = setTimeout(connect, retryMs);
    timer.unref?.();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = async () => {
    timer = null;
    if (stopped) return;
    const current = new pg.Client({ connectionString: options.connectionString, keepAlive: true, application_name: "agora-page-cache" });
    client = current;
    current.on("error", (error) => lost(current, error.message));
    current.on("end", () => lost(current, "connection ended"));
    current.on("notification", (message) => {
      if (message.channel !== PAGE_CACHE_CHANNEL) return;
      applyNotification(store, message.payload);
      if (purging && client === current) options.purger?.add(pathsOfNotification(message.payload));
    });
    // Takes the purge lock when free (a session lock: held until this connection ends).
    const claimPurge = async () => {
      if (!options.purger || purging) return;
      const { rows } = await current.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [PURGE_LOCK_KEY]);
      if (client === current && rows[0]?.locked) purging = true;
    };
    try {
      await current.connect();
      await current.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
    } catch (error) {
      lost(current, error instanceof Error ? error.message : String(error));
      return;
    }
    if (client !== current || stopped) return;
    retryMs = 500;
    store.setServing(true);
    try {
      await claimPurge();
    } catch (error) {
      lost(current, error instanceof Error ? error.message : String(error));
      return;
    }
    markReady();
    ping = setInterval(() => {
      // The check doubles as the purge lock's claim while another instance holds it.
      const check: Promise<unknown> = options.purger && !purging ? claimPurge() : current.query("SELECT 1");
      check.catch((error: Error) => lost(current, error.message));
    }, pingMs);
    ping.unref?.();
  };

  void connect();

  return {
    ready,
    purging: () => purging,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (ping) clearInterval(ping);
      store.setServing(false);
      const current = client;
      client = null;
      purging = false;
      await current?.end().catch(() => {});
    },
  };
}
