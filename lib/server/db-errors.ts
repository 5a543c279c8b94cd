import "server-only";
import { Prisma } from "@/lib/server/db";

/**
 * Whether a database error means a row the write depends on is gone (deleted by a concurrent
 * request): a record to update that no longer exists (P2025) or a foreign key that points
 * nowhere (P2003, or 23503 from a raw query). Callers answer these with 404.
 */
export function isMissingRowError(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2025" || error.code === "P2003") return true;
  const cause = (error.meta?.driverAdapterError as { cause?: { kind?: string; originalCode?: string } } | undefined)?.cause;
  return cause?.kind === "ForeignKeyConstraintViolation" || cause?.originalCode === "23503";
}

/** Runs a write and turns a "row is gone" error into the given error (usually a 404); rethrows anything else. */
export async function orIfGone<T>(write: Promise<T>, gone: () => Error): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isMissingRowError(error)) throw gone();
    throw error;
  }
}
