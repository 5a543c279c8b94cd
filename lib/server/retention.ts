import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { metrics } from "@/lib/server/metrics";

/*
 * The retention job: tables that would otherwise grow for ever are pruned on this schedule
 * (README "Operating Agora"):
 *
 * | table            | what goes                                              | after      |
 * | question_views   | a viewer's last view of a question (only the last hour counts) | 1 day |
 * | email_outbox     | sent e-mails, bodies included                          | 7 days     |
 * | push_outbox      | pushes sent or given up (payloads included)            | 2 days     |
 * | sessions         | expired sessions                                       | at expiry  |
 * | rate_limits      | expired counters                                       | at expiry  |
 * | ai_answer_jobs   | partial_content of done jobs (the answer is in answers) | 1 hour    |
 * | email_tokens     | e-mailed links (used or not) once expired              | 1 day after expiry |
 * | ai_draft_answers | AI answers to drafts never posted                      | at expiry  |
 *
 * Each statement touches at most RETENTION_BATCH rows, so no lock is held long and the job can
 * run beside traffic; the job loops until a table is done or its time budget is spent, and the
 * next run continues. Run hourly by each server's background loop (startRetentionLoop, from
 * instrumentation.ts) and by GET/POST /api/cron/retention; runs on several instances at once
 * are harmless (each deletes what is still there).
 */

/** Rows one statement deletes or clears at most. */
export const RETENTION_BATCH = 1000;
/** How long one run may keep going. */
export const RETENTION_BUDGET_MS = 20_000;
/** How often each server runs the job. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

const NOW = Prisma.raw(`(now() AT TIME ZONE 'UTC')`);

/** The pruning statements, one batch each; each returns the number of rows it touched. */
const steps: Record<string, (batch: number) => Prisma.Sql> = {
  question_views: (batch) => Prisma.sql`
    DELETE FROM question_views WHERE ctid IN (
      SELECT ctid FROM question_views WHERE viewed_at < ${NOW} - interval '1 day' LIMIT ${batch})`,
  email_outbox: (batch) => Prisma.sql`
    DELETE FROM email_outbox WHERE id IN (
      SELECT id FROM email_outbox WHERE status = 'sent' AND sent_at < ${NOW} - interval '7 days' LIMIT ${batch})`,
  push_outbox: (batch) => Prisma.sql`
    DELETE FROM push_outbox WHERE id IN (
      SELECT id FROM push_outbox WHERE status IN ('sent', 'failed') AND created_at < ${NOW} - interval '2 days' LIMIT ${batch})`,
  sessions: (batch) => Prisma.sql`
    DELETE FROM sessions WHERE sid IN (SELECT sid FROM sessions WHERE expire < ${NOW} LIMIT ${batch})`,
  rate_limits: (batch) => Prisma.sql`
    DELETE FROM rate_limits WHERE key IN (
      SELECT key FROM rate_limits WHERE expire < (extract(epoch FROM clock_timestamp()) * 1000)::bigint LIMIT ${batch})`,
  ai_answer_jobs: (batch) => Prisma.sql`
    UPDATE ai_answer_jobs SET partial_content = NULL WHERE id IN (
      SELECT id FROM ai_answer_jobs
       WHERE status = 'done' AND partial_content IS NOT NULL AND updated_at < ${NOW} - interval '1 hour' LIMIT ${batch})`,
  email_tokens: (batch) => Prisma.sql`
    DELETE FROM email_tokens WHERE id IN (
      SELECT id FROM email_tokens WHERE expires_at < ${NOW} - interval '1 day' LIMIT ${batch})`,
  ai_draft_answers: (batch) => Prisma.sql`
    DELETE FROM ai_draft_answers WHERE id IN (
      SELECT id FROM ai_draft_answers WHERE expires_at < ${NOW} LIMIT ${batch})`,
};

/** What one run removed per table, and whether it finished every table within its budget. */
export interface RetentionResult {
  deleted: Record<string, number>;
  complete: boolean;
}

/** Prunes every table on the schedule above, in batches, within the time budget. */
export async function runRetention(options: { batch?: number; budgetMs?: number } = {}): Promise<RetentionResult> {
  const batch = options.batch ?? RETENTION_BATCH;
  const deadline = Date.now() + (options.budgetMs ?? RETENTION_BUDGET_MS);
  const deleted: Record<string, number> = {};
  let complete = true;
  for (const [table, statement] of Object.entries(steps)) {
    deleted[table] = 0;
    for (;;) {
      if (Date.now() >= deadline) {
        complete = false;
        break;
      }
      const count = await db.$executeRaw(statement(batch));
      deleted[table] += count;
      if (count < batch) break;
    }
    if (deleted[table]) metrics().retentionDeleted.inc({ table }, deleted[table]);
  }
  const total = Object.values(deleted).reduce((a, b) => a + b, 0);
  if (total) log.info({ deleted, complete }, "retention: pruned old rows");
  return { deleted, complete };
}

const state = globalThis as unknown as { agoraRetentionLoop?: { timer?: ReturnType<typeof setInterval>; first?: ReturnType<typeof setTimeout>; running?: boolean } };
const loop = (state.agoraRetentionLoop ??= {});

async function runOnce(): Promise<void> {
  if (loop.running) return;
  loop.running = true;
  try {
    await runRetention();
  } catch (error) {
    log.warn(errorFields(error), "retention run failed");
  } finally {
    loop.running = false;
  }
}

/**
 * Starts this server process's hourly retention run (once; later calls do nothing); the first
 * run comes a minute after start, out of the way of start-up. Returns a function that stops it.
 */
export function startRetentionLoop(intervalMs = RETENTION_INTERVAL_MS): () => void {
  if (!loop.timer) {
    loop.timer = setInterval(() => void runOnce(), intervalMs);
    loop.timer.unref?.();
    loop.first = setTimeout(() => void runOnce(), Math.min(intervalMs, 60_000));
    loop.first.unref?.();
  }
  return () => {
    if (loop.timer) clearInterval(loop.timer);
    if (loop.first) clearTimeout(loop.first);
    loop.timer = undefined;
    loop.first = undefined;
  };
}
