import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/server/db";
import { AiGenerationError } from "@/lib/server/ai/generate";

/*
 * The lease machinery of the AI worker's two job tables (lib/server/ai/worker.ts): the automatic
 * answers (ai_answer_jobs, one per question) and the revisions of those answers the community's
 * corrections owe (ai_revision_jobs, one per answer and trigger). Both tables share the columns
 * status, attempts, next_attempt_at, locked_until, locked_by, last_error, partial_content,
 * started_at and updated_at, and the rules: claimed with FOR UPDATE SKIP LOCKED under a lease
 * token, renewed while the model writes, completed only by the holder of the token, failed with
 * exponential backoff, handed back at shutdown.
 */

/** The job tables the worker serves. */
export type JobQueue = "ai_answer_jobs" | "ai_revision_jobs";

/** How long a claim lasts without renewal; renewed while tokens arrive. */
export const LEASE_MS = 120_000;
/** How often the streamed text is written to partial_content. */
export const PARTIAL_FLUSH_MS = 200;
/** Renewal of the lease while waiting for the provider's first token. */
export const HEARTBEAT_MS = 30_000;
/** First retry after this long, then doubling... */
export const BACKOFF_BASE_MS = 10_000;
/** ...up to this. */
export const BACKOFF_MAX_MS = 60 * 60_000;

// Timestamps are stored in UTC without a zone, as Prisma writes them.
export const NOW = Prisma.raw(`(now() AT TIME ZONE 'UTC')`);
export const after = (ms: number) => Prisma.sql`(now() AT TIME ZONE 'UTC') + make_interval(secs => ${ms / 1000})`;

/** The wait before retrying after `attempts` failed tries: 10 s, 20 s, 40 s, ... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** A claimed row of either table: its id, this attempt's number and the lease token that proves it. */
export interface Lease {
  id: number;
  attempts: number;
  token: string;
}

/**
 * Claims up to `limit` owed rows of `queue` (pending or failed ones that are due, running ones
 * whose lease ran out), each with its own lease token. `where` narrows the owed rows (alias `j`),
 * `returning` adds columns of the claimed rows (alias `j`).
 */
export async function claimFrom<T>(queue: JobQueue, limit: number, { where = Prisma.empty, returning }: { where?: Prisma.Sql; returning: Prisma.Sql }): Promise<(T & Lease)[]> {
  const table = Prisma.raw(queue);
  const prefix = crypto.randomBytes(12).toString("base64url");
  return db.$queryRaw<(T & Lease)[]>`
    WITH owed AS (
      SELECT j.id FROM ${table} j
       WHERE ((j.status IN ('pending', 'failed') AND j.next_attempt_at <= ${NOW})
          OR (j.status = 'running' AND (j.locked_until IS NULL OR j.locked_until < ${NOW}))) ${where}
       ORDER BY j.next_attempt_at, j.id
       LIMIT ${limit}
       FOR UPDATE OF j SKIP LOCKED
    )
    UPDATE ${table} j
       SET status = 'running', attempts = j.attempts + 1, locked_by = ${prefix} || ':' || j.id::text,
           locked_until = ${after(LEASE_MS)}, started_at = ${NOW}, partial_content = '', updated_at = ${NOW}
      FROM owed
     WHERE j.id = owed.id
    RETURNING j.id, j.attempts, j.locked_by AS token, ${returning}`;
}

/** Writes the text so far and renews the lease; false when the lease is no longer this worker's. */
export async function renewLeaseOf(queue: JobQueue, job: Pick<Lease, "id" | "token">, partialContent: string): Promise<boolean> {
  const rows = await db.$executeRaw`
    UPDATE ${Prisma.raw(queue)} SET partial_content = ${partialContent}, locked_until = ${after(LEASE_MS)}, updated_at = ${NOW}
     WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.token}`;
  return rows > 0;
}

/** Gives a failed job back: failed and retried after the backoff, with a safe message; false when it was not this worker's. */
export async function failLeaseOf(queue: JobQueue, job: Lease, error: AiGenerationError): Promise<boolean> {
  if (error.kind === "unconfigured") return releaseLeaseOf(queue, job); // the provider went away mid-run: the job waits, as if never tried
  const rows = await db.$executeRaw`
    UPDATE ${Prisma.raw(queue)} SET status = 'failed', locked_by = NULL, locked_until = NULL, partial_content = NULL,
           last_error = ${error.message.slice(0, 1000)}, next_attempt_at = ${after(backoffMs(job.attempts))}, updated_at = ${NOW}
     WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.token}`;
  return rows > 0;
}

/**
 * Gives a job back at once, as if this attempt had not begun, so another instance can take it
 * without waiting for the lease to run out (graceful shutdown); false when it was not this worker's.
 */
export async function releaseLeaseOf(queue: JobQueue, job: Pick<Lease, "id" | "token">): Promise<boolean> {
  const rows = await db.$executeRaw`
    UPDATE ${Prisma.raw(queue)} SET status = 'pending', attempts = greatest(0, attempts - 1), locked_by = NULL, locked_until = NULL,
           partial_content = NULL, next_attempt_at = ${NOW}, updated_at = ${NOW}
     WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.token}`;
  return rows > 0;
}

/**
 * Holds a claimed job's lease while its text is written: what has streamed so far is written to
 * the row at most every PARTIAL_FLUSH_MS (so any instance can show it), the lease is renewed at
 * least every HEARTBEAT_MS, and `lease` is aborted when another worker has taken the job over.
 */
export function holdLease(queue: JobQueue, job: Pick<Lease, "id" | "token">, lease: AbortController, lostMessage: string) {
  let text = "";
  let lastFlush = 0;
  let flushing: Promise<void> | null = null;
  const flush = () => {
    if (flushing) return flushing;
    lastFlush = Date.now();
    flushing = renewLeaseOf(queue, job, text)
      .then((held) => {
        if (!held) lease.abort(new AiGenerationError(lostMessage, "aborted"));
      })
      .catch(() => {}) // a missed write only delays what viewers see; the lease check comes again
      .finally(() => {
        flushing = null;
      });
    return flushing;
  };
  const heartbeat = setInterval(() => void flush(), HEARTBEAT_MS);
  heartbeat.unref?.();
  return {
    /** The text streamed so far (the generation's onText). */
    onText(soFar: string) {
      text = soFar;
      if (Date.now() - lastFlush >= PARTIAL_FLUSH_MS) void flush();
    },
    /** Waits for a write in flight. */
    settled: async () => {
      await flushing;
    },
    /** Stops the heartbeat and waits for a write in flight. */
    async release() {
      clearInterval(heartbeat);
      await flushing;
    },
  };
}
