import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start Agora with `npm start`, which provides a database, or set it.");
  }
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }) });
}

const globalForDb = globalThis as unknown as { agoraDb?: PrismaClient };

/** The one Prisma client of this process (kept across hot reloads in development). */
export const db: PrismaClient = globalForDb.agoraDb ?? (globalForDb.agoraDb = createClient());

export type { PrismaClient };
export { Prisma } from "@/lib/generated/prisma/client";
