import "server-only";

/*
 * Whether an error means the database cannot be reached right now (down, restarting, the
 * connection refused, reset or terminated), as opposed to a bug or bad input. The API answers
 * these with 503 "Service temporarily unavailable" rather than a 500, and the pool reconnects by
 * itself once PostgreSQL is back.
 */

// Prisma's codes for "can't reach", "timed out", "connection closed".
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017"]);
// Node's socket errors and PostgreSQL's SQLSTATEs for a server that is shutting down, starting, or gone.
const DRIVER_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "ETIMEDOUT", "EPIPE",
  "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006",
]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
const MESSAGES =
  /Connection terminated|Can't reach database server|terminating connection due to administrator command|the database system is (?:starting up|shutting down|in recovery)|Server has closed the connection|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

/** Whether the error (or one of its causes) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; kind?: unknown; originalCode?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
    if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || DRIVER_CODES.has(e.code))) return true;
    if (typeof e.originalCode === "string" && DRIVER_CODES.has(e.originalCode)) return true;
    if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
    if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
    current = e.meta?.driverAdapterError ?? e.cause;
  }
  return false;
}
