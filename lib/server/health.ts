import "server-only";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/server/db";
import { isAiConfigured } from "@/lib/server/ai/config";

/*
 * Readiness (GET /api/health/ready): the database answers, every migration in prisma/migrations
 * has been applied, and the AI worker is keeping up (the longest any due answer has waited is
 * under AGORA_READY_AI_MAX_WAIT_S, default 300 s; not checked while no AI provider is configured,
 * since jobs then simply wait). The result is kept for a second and shared by concurrent callers,
 * so a load balancer may poll every second for the price of at most one round of queries.
 */

export type CheckStatus = "ok" | "fail" | "skipped";

export interface ReadyReport {
  ready: boolean;
  checks: {
    database: { status: CheckStatus; latencyMs?: number; error?: string };
    migrations: { status: CheckStatus; pending?: string[]; error?: string };
    aiWorker: { status: CheckStatus; oldestWaitSeconds?: number; maxWaitSeconds?: number; error?: string };
  };
}

/** How long one readiness result is reused. */
export const READY_CACHE_MS = 1_000;
/** How long the database may take to answer before it counts as down. */
const DB_TIMEOUT_MS = 2_000;

const state = globalThis as unknown as {
  agoraHealth?: { folders?: string[] | null; migrationsCurrent?: boolean; last?: { at: number; report: Promise<ReadyReport> } };
};
const health = (state.agoraHealth ??= {});

/** The migration folders shipped with this build (read once), or null when the folder is not there. */
function migrationFolders(): string[] | null {
  if (health.folders !== undefined) return health.folders;
  try {
    const dir = path.join(process.cwd(), "prisma", "migrations");
    health.folders = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, "migration.sql")))
      .map((e) => e.name)
      .sort();
  } catch {
    health.folders = null;
  }
  return health.folders;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A short, secret-free description of why a check failed. */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return "error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${error.name} ${code}` : error.message.startsWith("no answer within") ? error.message : error.name;
}

/** The maximum wait of a due AI answer before the instance counts as not ready. */
export function aiMaxWaitSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.AGORA_READY_AI_MAX_WAIT_S ?? "300");
  return Number.isFinite(value) && value > 0 ? value : 300;
}

async function check(): Promise<ReadyReport> {
  const checks: ReadyReport["checks"] = {
    database: { status: "fail" },
    migrations: { status: "skipped" },
    aiWorker: { status: "skipped" },
  };
  const started = Date.now();
  try {
    await withTimeout(db.$queryRaw`SELECT 1`, DB_TIMEOUT_MS);
    checks.database = { status: "ok", latencyMs: Date.now() - started };
  } catch (error) {
    checks.database = { status: "fail", error: reason(error) };
    return { ready: false, checks };
  }

  if (health.migrationsCurrent) {
    checks.migrations = { status: "ok" };
  } else {
    const folders = migrationFolders();
    if (folders) {
      try {
        const rows = await withTimeout(
          db.$queryRaw<{ name: string }[]>`
            SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          DB_TIMEOUT_MS,
        );
        const applied = new Set(rows.map((r) => r.name));
        const pending = folders.filter((f) => !applied.has(f));
        checks.migrations = pending.length ? { status: "fail", pending } : { status: "ok" };
        // Applied migrations stay applied: once current, never asked again in this process.
        if (!pending.length) health.migrationsCurrent = true;
      } catch (error) {
        checks.migrations = { status: "fail", error: reason(error) };
      }
    }
  }

  if (isAiConfigured()) {
    const maxWaitSeconds = aiMaxWaitSeconds();
    try {
      // How long the longest-waiting due job has been owed: due since next_attempt_at, or abandoned since its lease ran out.
      const [row] = await withTimeout(
        db.$queryRaw<{ wait: number | null }[]>`
          SELECT EXTRACT(EPOCH FROM ((now() AT TIME ZONE 'UTC') - min(since)))::float8 AS wait FROM (
            SELECT min(next_attempt_at) AS since FROM ai_answer_jobs
             WHERE status IN ('pending', 'failed') AND next_attempt_at <= (now() AT TIME ZONE 'UTC')
            UNION ALL
            SELECT min(locked_until) FROM ai_answer_jobs
             WHERE status = 'running' AND locked_until < (now() AT TIME ZONE 'UTC')
          ) owed`,
          DB_TIMEOUT_MS,
        );
        const wait = Math.max(0, Math.round(row?.wait ?? 0));
        checks.aiWorker = { status: wait < maxWaitSeconds ? "ok" : "fail", oldestWaitSeconds: wait, maxWaitSeconds };
      } catch (error) {
      checks.aiWorker = { status: "fail", error: reason(error), maxWaitSeconds };
    }
  }

  const ready = Object.values(checks).every((c) => c.status !== "fail");
  return { ready, checks };
}

/** The readiness report, at most READY_CACHE_MS old. */
export function getReadiness(now: number = Date.now()): Promise<ReadyReport> {
  const last = health.last;
  if (last && now - last.at < READY_CACHE_MS) return last.report;
  const report = check();
  health.last = { at: now, report };
  return report;
}

/** Forgets cached results (tests). */
export function resetReadinessCache(): void {
  health.last = undefined;
  health.migrationsCurrent = undefined;
  health.folders = undefined;
}
