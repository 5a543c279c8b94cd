import "server-only";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/*
 * The process's Prometheus metrics (prom-client), served by GET /api/metrics behind METRICS_TOKEN.
 * Registered once per process on globalThis: Next loads this module once in the instrumentation
 * bundle and again in the route handlers' bundle, and a second registration would throw.
 *
 * Requests are labelled by route template (`/api/questions/[id]`), never by the raw path, so an id
 * in a URL cannot blow up the number of series.
 */

export interface AgoraMetrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route">;
  aiGenerationSeconds: Histogram<"outcome">;
  aiTokens: Counter<"kind">;
  pageCache: Counter<"result">;
  retentionDeleted: Counter<"table">;
}

const METRICS = Symbol.for("agora.metrics");
// Put there by lib/server/db.ts.
const POOL = Symbol.for("agora.dbPool");
// Put there by lib/server/page-cache/install.ts.
const PAGE_STORE = Symbol.for("agora.pageCacheInstalled");
const holder = globalThis as typeof globalThis & {
  [METRICS]?: AgoraMetrics;
  [POOL]?: pg.Pool;
  [PAGE_STORE]?: { stats(): { bytes: number; pages: number }; maxBytes: number };
};

/** The work queues' sizes, read from the database at scrape time (null when it cannot be read). */
async function readQueues(): Promise<{ aiOwed: number; aiFailed: number; mailPending: number; mailFailed: number } | null> {
  try {
    const { db } = await import("@/lib/server/db");
    const [row] = await db.$queryRaw<{ ai_owed: number; ai_failed: number; mail_pending: number; mail_failed: number }[]>`
      SELECT
        (SELECT count(*)::int FROM ai_answer_jobs WHERE status IN ('pending', 'running')) AS ai_owed,
        (SELECT count(*)::int FROM ai_answer_jobs WHERE status = 'failed') AS ai_failed,
        (SELECT count(*)::int FROM email_outbox WHERE status IN ('pending', 'sending')) AS mail_pending,
        (SELECT count(*)::int FROM email_outbox WHERE status = 'failed') AS mail_failed`;
    return row ? { aiOwed: row.ai_owed, aiFailed: row.ai_failed, mailPending: row.mail_pending, mailFailed: row.mail_failed } : null;
  } catch {
    return null;
  }
}

function createMetrics(): AgoraMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "agora_" });
  const httpRequests = new Counter({
    name: "agora_http_requests_total",
    help: "HTTP requests answered, by method, route template and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: "agora_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by method and route template",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "agora_db_pool_connections",
    help: "The application's PostgreSQL pool: total, idle, and requests waiting for a connection",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = holder[POOL];
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  // One query at scrape time fills the four queue gauges.
  let queues: Promise<Awaited<ReturnType<typeof readQueues>>> | null = null;
  const queue = (pick: (q: NonNullable<Awaited<ReturnType<typeof readQueues>>>) => number) =>
    async function (this: Gauge) {
      queues ??= readQueues().finally(() => setTimeout(() => (queues = null), 500).unref?.());
      const q = await queues;
      if (q) this.set(pick(q));
    };
  new Gauge({ name: "agora_ai_jobs_owed", help: "Automatic AI answers owed (pending or running)", registers: [registry], collect: queue((q) => q.aiOwed) });
  new Gauge({ name: "agora_ai_jobs_failed", help: "Automatic AI answers given up on", registers: [registry], collect: queue((q) => q.aiFailed) });
  new Gauge({ name: "agora_mail_outbox_pending", help: "E-mails waiting to be sent", registers: [registry], collect: queue((q) => q.mailPending) });
  new Gauge({ name: "agora_mail_outbox_failed", help: "E-mails given up on", registers: [registry], collect: queue((q) => q.mailFailed) });
  const aiGenerationSeconds = new Histogram({
    name: "agora_ai_generation_seconds",
    help: "Time to write one AI answer, by outcome (done, failed)",
    labelNames: ["outcome"] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120],
    registers: [registry],
  });
  const aiTokens = new Counter({
    name: "agora_ai_tokens_total",
    help: "Tokens used by AI answers, by kind (input, output)",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "agora_page_cache_requests_total",
    help: "Visitors' question-page requests the page cache answered (hit) or passed to Next (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  // The visitors' page cache's memory (lib/server/page-cache/store.ts), read at scrape time from the
  // store the instrumentation bundle installed (on globalThis; absent when the cache is off).
  new Gauge({
    name: "agora_page_cache_bytes",
    help: "Bytes the visitors' page cache holds (pages, headers and their gzip pieces), against its cap",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      const store = holder[PAGE_STORE];
      if (!store) return;
      this.set({ kind: "used" }, store.stats().bytes);
      this.set({ kind: "cap" }, store.maxBytes);
    },
  });
  new Gauge({
    name: "agora_page_cache_pages",
    help: "Pages the visitors' page cache holds",
    registers: [registry],
    collect() {
      const store = holder[PAGE_STORE];
      if (store) this.set(store.stats().pages);
    },
  });
  const retentionDeleted = new Counter({
    name: "agora_retention_deleted_rows_total",
    help: "Rows the retention job deleted (or cleared), by table",
    labelNames: ["table"] as const,
    registers: [registry],
  });
  return { registry, httpRequests, httpDuration, aiGenerationSeconds, aiTokens, pageCache, retentionDeleted };
}

/** The process's metrics (created on first use). */
export function metrics(): AgoraMetrics {
  return (holder[METRICS] ??= createMetrics());
}

/** Counts one answered request and its duration. */
export function observeRequest(method: string, pathname: string, status: number, seconds: number): void {
  const m = metrics();
  const route = routeLabel(pathname);
  const verb = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(method) ? method : "OTHER";
  m.httpRequests.inc({ method: verb, route, status: String(status) });
  m.httpDuration.observe({ method: verb, route }, seconds);
}

/** Counts one AI answer's generation: its time and, when known, its tokens. */
export function observeAiGeneration(outcome: "done" | "failed", seconds: number, tokens?: { input?: number; output?: number }): void {
  const m = metrics();
  m.aiGenerationSeconds.observe({ outcome }, seconds);
  if (tokens?.input) m.aiTokens.inc({ kind: "input" }, tokens.input);
  if (tokens?.output) m.aiTokens.inc({ kind: "output" }, tokens.output);
}

/** Counts a page-cache hit or miss. */
export function observePageCache(result: "hit" | "miss"): void {
  metrics().pageCache.inc({ result });
}

interface RouteMatcher {
  page: string;
  regex: RegExp;
}

let matchers: { static: Set<string>; dynamic: RouteMatcher[] } | null | undefined;

/** The built app's routes (`.next/routes-manifest.json`), or null before a build (tests, dev). */
function loadRoutes(): typeof matchers {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), ".next", "routes-manifest.json"), "utf8")) as {
      staticRoutes?: { page: string }[];
      dynamicRoutes?: { page: string; regex: string }[];
    };
    return {
      static: new Set((manifest.staticRoutes ?? []).map((r) => r.page)),
      dynamic: (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) })),
    };
  } catch {
    return null;
  }
}

/**
 * The route template of a path: the built app's page (`/questions/[id]`) when a build is present;
 * otherwise the path with every segment that holds a digit or is long replaced by `[id]`. Build
 * assets collapse to `/_next/...`; paths matching no route to `(unmatched)`.
 */
export function routeLabel(pathname: string): string {
  const clean = (pathname.split("?")[0] ?? "/").replace(/\/+$/, "") || "/";
  if (clean.startsWith("/_next/")) return "/_next/...";
  if (clean.startsWith("/uploads/")) return "/uploads/[name]";
  if (matchers === undefined) matchers = loadRoutes();
  if (matchers) {
    if (matchers.static.has(clean)) return clean;
    for (const m of matchers.dynamic) if (m.regex.test(clean)) return m.page;
    return "(unmatched)";
  }
  return clean
    .split("/")
    .map((segment) => (/\d/.test(segment) || segment.length > 24 ? "[id]" : segment))
    .join("/");
}

/** Forgets the loaded route table (tests). */
export function resetRouteTable(): void {
  matchers = undefined;
}
