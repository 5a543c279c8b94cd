import "server-only";
import type { LanguageModel } from "ai";
import { after as afterResponse } from "next/server";
import { db, Prisma } from "@/lib/server/db";
import { workersDisabled } from "@/lib/server/ai/worker";
import { log } from "@/lib/server/log";
import { NOTIFYING_TRANSACTION, notifyNewAnswer, notifyNewComment } from "@/lib/server/notifications/mutations";
import { markSpam, type SpamTargetType } from "@/lib/server/spam/act";
import { classifyWithModel } from "@/lib/server/spam/classify";

/*
 * The model's half of the spam check (issue 14). A post owed a classification has a pending
 * spam_checks row, written in the post's own transaction, and nobody has been told about it yet.
 * After the response (next/server's after), every few seconds from the loop that
 * instrumentation.ts starts, and from /api/cron/ai-answers, a worker claims pending rows with
 * FOR UPDATE SKIP LOCKED under a lease, asks the model (15 s at most, lib/server/spam/classify.ts)
 * and then, in one transaction guarded by the lease: spam hides the post; anything else (clean,
 * or the model failed, timed out or answered nonsense) announces it: the notifications and
 * e-mails its creation would have sent. A crashed worker's lease runs out and the row is claimed
 * again; a check is finished once, however many workers race for it.
 */

/** How long a claim lasts. */
export const SPAM_LEASE_MS = 60_000;
/** How often each instance looks for pending checks. */
export const SPAM_LOOP_INTERVAL_MS = 10_000;
/** Checks one batch classifies at once. */
const BATCH = 4;

const NOW = Prisma.raw(`(now() AT TIME ZONE 'UTC')`);

interface ClaimedCheck {
  id: number;
  targetType: SpamTargetType;
  targetId: number;
  attempts: number;
}

/** Claims up to `limit` pending checks (or running ones whose lease ran out); `ids` narrows the claim. */
export async function claimSpamChecks(limit: number, ids?: readonly number[]): Promise<ClaimedCheck[]> {
  const only = ids ? Prisma.sql`AND id IN (${Prisma.join(ids.length ? ids : [-1])})` : Prisma.empty;
  return db.$queryRaw<ClaimedCheck[]>`
    WITH owed AS (
      SELECT id FROM spam_checks
       WHERE (status = 'pending' OR (status = 'running' AND locked_until < ${NOW})) ${only}
       ORDER BY created_at, id
       LIMIT ${limit}
       FOR UPDATE SKIP LOCKED
    )
    UPDATE spam_checks s
       SET status = 'running', attempts = s.attempts + 1,
           locked_until = ${NOW} + make_interval(secs => ${SPAM_LEASE_MS / 1000}), updated_at = ${NOW}
      FROM owed
     WHERE s.id = owed.id
    RETURNING s.id, s.target_type AS "targetType", s.target_id AS "targetId", s.attempts`;
}

/** The text of a post the model reads (null when the post is gone). */
async function postOf(check: ClaimedCheck): Promise<string | null> {
  if (check.targetType === "question") {
    const q = await db.question.findUnique({ where: { id: check.targetId }, select: { title: true, description: true } });
    return q ? `${q.title}\n\n${q.description}` : null;
  }
  if (check.targetType === "answer") return (await db.answer.findUnique({ where: { id: check.targetId }, select: { content: true } }))?.content ?? null;
  return (await db.comment.findUnique({ where: { id: check.targetId }, select: { content: true } }))?.content ?? null;
}

/** How one check ended. */
export type SpamCheckOutcome = "spam" | "clean" | "unchecked" | "lost";

/** Classifies one claimed check and acts on the verdict. */
export async function runSpamCheck(check: ClaimedCheck, options: { model?: LanguageModel; timeoutMs?: number } = {}): Promise<SpamCheckOutcome> {
  const text = await postOf(check);
  if (text === null) {
    await db.spamCheck.deleteMany({ where: { id: check.id, status: "running" } }); // the post was deleted meanwhile
    return "lost";
  }
  const verdict = await classifyWithModel({ type: check.targetType, text }, options);
  const outcome: SpamCheckOutcome = verdict === null ? "unchecked" : verdict.spam ? "spam" : "clean";
  const finished = await db.$transaction(async (tx) => {
    const held = await tx.spamCheck.updateMany({
      where: { id: check.id, status: "running", attempts: check.attempts },
      data: {
        status: "done",
        verdict: outcome === "spam" ? "spam" : "clean",
        source: verdict === null ? "heuristics (model failed)" : "model",
        reason: verdict?.reason.slice(0, 1000) ?? undefined,
        lockedUntil: null,
      },
    });
    if (held.count === 0) return false;
    const target = { type: check.targetType, id: check.targetId };
    if (outcome === "spam") await markSpam(tx, target);
    else if (check.targetType === "answer") await notifyNewAnswer(tx, { answerId: check.targetId });
    else if (check.targetType === "comment") await notifyNewComment(tx, { commentId: check.targetId });
    return true;
  }, NOTIFYING_TRANSACTION);
  return finished ? outcome : "lost";
}

/** What one batch did. */
export type SpamBatchResult = Record<SpamCheckOutcome, number> & { claimed: number };

/** Claims and runs pending checks until none is left or `limit` were run (the cron route, the loop and tests). */
export async function processSpamChecks(options: { model?: LanguageModel; timeoutMs?: number; limit?: number; ids?: readonly number[] } = {}): Promise<SpamBatchResult> {
  const result: SpamBatchResult = { claimed: 0, spam: 0, clean: 0, unchecked: 0, lost: 0 };
  const limit = options.limit ?? 50;
  while (result.claimed < limit) {
    const checks = await claimSpamChecks(Math.min(BATCH, limit - result.claimed), options.ids);
    if (checks.length === 0) break;
    result.claimed += checks.length;
    for (const outcome of await Promise.all(checks.map((check) => runSpamCheck(check, options)))) result[outcome] += 1;
  }
  return result;
}

const globalForSpam = globalThis as unknown as { agoraSpamWorker?: { running: boolean; again: boolean; loop?: ReturnType<typeof setInterval> } };
const state = (globalForSpam.agoraSpamWorker ??= { running: false, again: false });

/** Runs pending checks until none is left; a kick during a round asks for another round. */
async function drain(): Promise<void> {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  try {
    do {
      state.again = false;
      await processSpamChecks();
    } while (state.again);
  } catch (error) {
    log.error({ error: error instanceof Error ? error.name : "error" }, "spam check round failed");
  } finally {
    state.running = false;
  }
}

/** Classifies owed posts after the response (or at once outside a request); AGORA_AI_WORKER=off leaves them to the loop elsewhere or the cron route. */
export function kickSpamChecks(): void {
  if (workersDisabled()) return;
  try {
    afterResponse(drain);
  } catch {
    void drain(); // outside a request (scripts)
  }
}

/** Starts this instance's periodic look for pending checks (once per process). */
export function startSpamCheckLoop(intervalMs = SPAM_LOOP_INTERVAL_MS): void {
  if (state.loop || workersDisabled()) return;
  state.loop = setInterval(() => void drain(), intervalMs);
  state.loop.unref?.();
}

/** Stops the loop (tests and shutdown). */
export function stopSpamCheckLoop(): void {
  if (state.loop) clearInterval(state.loop);
  state.loop = undefined;
}
