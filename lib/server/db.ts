import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Hot reads that opt in (withPreparedStatements) run as named prepared statements: each pool
 * connection parses and plans such a statement once, and PostgreSQL then reuses its generic plan.
 * The question page's one read is an 11 KB statement of a dozen LATERAL joins whose planning cost
 * 5-6 ms of the shared core per request against about 1.5 ms of execution (docs/PERFORMANCE.md,
 * "Issue 13 regression removed"). Only reads whose SQL text takes a few fixed shapes opt in; the
 * names are bounded below so that no connection accumulates statements without limit.
 */
// Kept on globalThis like the client below: a bundler may load this module more than once (one
// copy per server layer), and the one client's name generator must see every copy's scope.
const shared = globalThis as unknown as { agoraPreparing?: AsyncLocalStorage<true>; agoraStatementNames?: Map<string, string> };
const preparing = (shared.agoraPreparing ??= new AsyncLocalStorage<true>());
const statementNames = (shared.agoraStatementNames ??= new Map<string, string>());
const MAX_PREPARED_SHAPES = 64;

function statementName(query: { sql: string }): string | undefined {
  if (!preparing.getStore()) return undefined;
  let name = statementNames.get(query.sql);
  if (name) return name;
  if (statementNames.size >= MAX_PREPARED_SHAPES) return undefined;
  name = `agora_${crypto.createHash("sha1").update(query.sql).digest("hex").slice(0, 20)}`;
  statementNames.set(query.sql, name);
  return name;
}

/** Runs `work` with its statements prepared and kept per connection (see statementName above). */
export function withPreparedStatements<T>(work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the scope: Prisma's promises are lazy and start their query when awaited.
  return preparing.run(true, async () => await work());
}

function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start Agora with `npm start`, which provides a database, or set it.");
  }
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection dropped by the server (a restart) must not crash the process; the pool reconnects on next use.
  pool.on("error", () => {});
  // Kept where /api/metrics reads the pool's use (lib/server/metrics.ts).
  (globalThis as Record<symbol, unknown>)[Symbol.for("agora.dbPool")] = pool;
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    // The adapter passes the name to pg as it is; undefined keeps a statement unnamed (planned each time).
    statementNameGenerator: statementName as (query: { sql: string }) => string,
  });
  // A burst of writes (votes on one post, each an interactive transaction holding a connection
  // while it waits for a row lock) can keep all pool connections busy for a while: a transaction
  // waits up to 10 s for one rather than fail after Prisma's default 2 s, and may take 15 s
  // (default 5 s) on a slow or loaded machine before it is rolled back.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
}

const globalForDb = globalThis as unknown as { agoraDb?: PrismaClient };

/** The one Prisma client of this process (kept across hot reloads in development). */
export const db: PrismaClient = globalForDb.agoraDb ?? (globalForDb.agoraDb = createClient());

export type { PrismaClient };
export { Prisma } from "@/lib/generated/prisma/client";
