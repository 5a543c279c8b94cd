import "server-only";
import { runMailSender } from "@/lib/server/mail/sender";
import { runPushSender } from "@/lib/server/push/sender";
import { sendWeeklyDigests } from "@/lib/server/mail/digest";
import { log } from "@/lib/server/log";

/*
 * When mail goes out. Enqueuing kicks the sender after the current response (next/server's
 * after(), so the action that caused the mail never waits for it or fails with it); a loop
 * started once per server process (startMailLoop) retries what failed and sends the weekly
 * digests at most hourly, and delivers the push outbox (lib/server/push/sender.ts) too; on serverless hosting the cron route /api/cron/mail does the same.
 */

/** How often the loop looks at the outbox. */
export const MAIL_LOOP_INTERVAL_MS = 30_000;
/** How often the loop looks for weekly digests that are due. */
export const DIGEST_INTERVAL_MS = 60 * 60_000;

const state = globalThis as unknown as { agoraMailLoop?: { timer?: ReturnType<typeof setInterval>; lastDigestRun: number; round?: Promise<void> | null } };
const loop = (state.agoraMailLoop ??= { lastDigestRun: 0 });

/** One round of the loop, never two at once; the round in progress is kept for stopMailLoop. */
function loopRound(): void {
  if (loop.round) return;
  loop.round = runMailWork()
    .catch((error) => log.error({ error: error instanceof Error ? error.message : String(error) }, "mail loop round failed"))
    .finally(() => (loop.round = null));
}

/** One round of the loop: the outbox, then the weekly digests when an hour has passed since the last look. */
export async function runMailWork(now: Date = new Date()): Promise<void> {
  if (now.getTime() - loop.lastDigestRun >= DIGEST_INTERVAL_MS) {
    loop.lastDigestRun = now.getTime();
    await sendWeeklyDigests(now).catch((error) => log.warn({ error: error instanceof Error ? error.message : String(error) }, "mail: weekly digest failed"));
  }
  await runMailSender();
  await runPushSender(); // the push outbox rides on the same loop (issue 15): retries and what no request kicked
}

/**
 * Starts the background mail loop of this server process (once; later calls do nothing).
 * Returns a function that stops it.
 */
export function startMailLoop(intervalMs = MAIL_LOOP_INTERVAL_MS): () => void {
  if (!loop.timer) {
    loop.timer = setInterval(loopRound, intervalMs);
    loop.timer.unref?.();
    loopRound();
  }
  return () => {
    if (loop.timer) clearInterval(loop.timer);
    loop.timer = undefined;
  };
}

/** Graceful shutdown: stops the loop and waits for the round in progress (a message being sent) to end. */
export async function stopMailLoop(): Promise<void> {
  if (loop.timer) clearInterval(loop.timer);
  loop.timer = undefined;
  await loop.round;
}
