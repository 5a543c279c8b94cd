import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

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
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

const globalForDb = globalThis as unknown as { agoraDb?: PrismaClient };

/** The one Prisma client of this process (kept across hot reloads in development). */
export const db: PrismaClient = globalForDb.agoraDb ?? (globalForDb.agoraDb = createClient());

export type { PrismaClient };
export { Prisma } from "@/lib/generated/prisma/client";
