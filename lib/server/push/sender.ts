import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import { after } from "next/server";
import webpush from "web-push";
import { db, Prisma } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { loopbackPushAllowed, vapidDetails } from "@/lib/server/push/config";

/*
 * The background sender of push_outbox (issue 15), on the pattern of the e-mail sender
 * (lib/server/mail/sender.ts): rows are claimed with FOR UPDATE SKIP LOCKED (any number of
 * instances may run it), each claim bumps `attempts`, which then serves as the claim's token.
 *
 * Each row is one Web Push request (RFC 8030) to one browser's push service: the payload
 * encrypted for that browser (aes128gcm, RFC 8291) and signed with this server's VAPID key
 * (RFC 8292), built by the web-push library and POSTed with fetch, no redirects followed, to an
 * endpoint that was checked when stored and whose host must not resolve to a private address.
 * The push service answers:
 * - 2xx: delivered (sent);
 * - 404 or 410: the browser unsubscribed or the subscription expired: the subscription is deleted
 *   (with whatever else was queued for it);
 * - 429, 5xx, or no answer: retried with backoff (30 s, 1 min, 2 min, ...) up to MAX_PUSH_ATTEMPTS,
 *   and never after the push's TTL has run out (a day-old notification is not worth a buzz);
 * - anything else (400, 401, 403, 413): failed, not retried.
 * A row whose subscription has passed to another member, or whose member turned push off since,
 * is dropped unsent.
 */

/** Pushes one claim takes. */
export const PUSH_BATCH_SIZE = 50;
/** Attempts before a push is given up. */
export const MAX_PUSH_ATTEMPTS = 5;
/** How long a claimed push is reserved for its sender. */
export const PUSH_LEASE_MS = 2 * 60_000;
/** How long push services keep a push for an offline browser, in seconds; also the end of retries. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may take to answer. */
export const PUSH_TIMEOUT_MS = 10_000;

/** The wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 1 hour. */
export function pushBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

const ts = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;

interface ClaimedPush {
  id: number;
  subscriptionId: number;
  attempts: number;
  payload: string;
  createdAt: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The push's member still owns the subscription and has push on. */
  deliverable: boolean;
}

/** What one delivery run did. */
export interface PushDeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
  /** Subscriptions deleted because their push service answered 404 or 410. */
  expired: number;
  /** Pushes dropped unsent (subscription taken over, or push switched off). */
  dropped: number;
}

// Addresses a push must never be sent to: the server's own network (SSRF).
const privateRanges = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) privateRanges.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) privateRanges.addSubnet(address, prefix, "ipv6");

function isPrivateAddress(address: string): boolean {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (mapped) return privateRanges.check(mapped, "ipv4");
  return privateRanges.check(address, net.isIPv6(address) ? "ipv6" : "ipv4");
}

class PermanentPushError extends Error {}

/** Refuses an endpoint whose host resolves to a private address (loopback in tests excepted). */
async function assertPublicHost(endpoint: string): Promise<void> {
  const url = new URL(endpoint);
  if (loopbackPushAllowed() && url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost")) return;
  if (url.protocol !== "https:") throw new PermanentPushError("push endpoint is not https");
  const addresses = await dns.lookup(url.hostname, { all: true });
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw new PermanentPushError("push endpoint resolves to a private address");
}

async function claim(now: Date, limit: number): Promise<ClaimedPush[]> {
  return db.$queryRaw<ClaimedPush[]>`
    WITH c AS (
      SELECT id FROM push_outbox
       WHERE (status = 'pending' AND next_attempt_at <= ${ts(now)})
          OR (status = 'sending' AND locked_until < ${ts(now)})
       ORDER BY next_attempt_at, id
       LIMIT ${limit}
       FOR UPDATE SKIP LOCKED
    )
    UPDATE push_outbox o
       SET status = 'sending', attempts = o.attempts + 1, locked_until = ${ts(new Date(now.getTime() + PUSH_LEASE_MS))}
      FROM c, push_subscriptions s, users u
     WHERE o.id = c.id AND s.id = o.subscription_id AND u.id = o.user_id
    RETURNING o.id, o.subscription_id AS "subscriptionId", o.attempts, o.payload, o.created_at AS "createdAt",
              s.endpoint, s.p256dh, s.auth,
              (s.user_id = o.user_id AND u.deleted_at IS NULL
                 AND coalesce(u.notification_settings->>'pushNotifications', 'true') <> 'false') AS deliverable`;
}

/** Sends one push; resolves with the push service's status (or throws for no answer). */
async function post(row: ClaimedPush, vapid: NonNullable<ReturnType<typeof vapidDetails>>): Promise<number> {
  const details = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, row.payload, {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    urgency: "normal",
    contentEncoding: "aes128gcm",
  });
  await assertPublicHost(row.endpoint);
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  const res = await fetch(details.endpoint, {
    method: "POST",
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: "manual",
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel().catch(() => {});
  return res.status;
}

/** Records the outcome of an attempt; returns whether the push was given up. */
async function settle(row: ClaimedPush, now: Date, outcome: { status: "sent" } | { status: "retry" | "failed"; error: string }): Promise<boolean> {
  if (outcome.status === "sent") {
    await db.$executeRaw`
      UPDATE push_outbox SET status = 'sent', sent_at = ${ts(new Date())}, locked_until = NULL, last_error = NULL
       WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`;
    return false;
  }
  const next = new Date(now.getTime() + pushBackoffMs(row.attempts));
  const expired = next.getTime() > row.createdAt.getTime() + PUSH_TTL_SECONDS * 1000;
  const gaveUp = outcome.status === "failed" || row.attempts >= MAX_PUSH_ATTEMPTS || expired;
  await db.$executeRaw`
    UPDATE push_outbox
       SET status = ${gaveUp ? "failed" : "pending"}, next_attempt_at = ${ts(next)}, locked_until = NULL, last_error = ${outcome.error.slice(0, 1000)}
     WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`;
  return gaveUp;
}

/**
 * Sends what is due in push_outbox, batch after batch until nothing due is left (or `maxBatches`
 * ran). Never throws for a push that fails: it is rescheduled, failed, or its subscription deleted.
 */
export async function deliverPendingPushes(options: { now?: Date; limit?: number; maxBatches?: number } = {}): Promise<PushDeliveryResult> {
  const result: PushDeliveryResult = { sent: 0, retrying: 0, failed: 0, expired: 0, dropped: 0 };
  const vapid = vapidDetails();
  if (!vapid) return result;
  const limit = options.limit ?? PUSH_BATCH_SIZE;
  for (let batch = 0; batch < (options.maxBatches ?? 10); batch++) {
    const now = options.now ?? new Date();
    const rows = await claim(now, limit);
    for (const row of rows) {
      if (!row.deliverable) {
        await db.pushOutbox.deleteMany({ where: { id: row.id } });
        result.dropped++;
        continue;
      }
      let status: number;
      try {
        status = await post(row, vapid);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const permanent = error instanceof PermanentPushError;
        if (await settle(row, now, { status: permanent ? "failed" : "retry", error: message })) result.failed++;
        else result.retrying++;
        continue;
      }
      if (status >= 200 && status < 300) {
        await settle(row, now, { status: "sent" });
        result.sent++;
      } else if (status === 404 || status === 410) {
        // The browser is gone: forget it (its queued pushes go with it).
        await db.pushSubscription.deleteMany({ where: { id: row.subscriptionId } });
        result.expired++;
      } else if (status === 429 || status >= 500) {
        if (await settle(row, now, { status: "retry", error: `push service answered ${status}` })) result.failed++;
        else result.retrying++;
      } else {
        await settle(row, now, { status: "failed", error: `push service answered ${status}` });
        result.failed++;
      }
    }
    if (rows.length < limit) break;
  }
  return result;
}

const state = globalThis as unknown as { agoraPushSender?: { running: boolean; again: boolean } };
const sender = (state.agoraPushSender ??= { running: false, again: false });

/** Delivers what is due; one run at a time per process, a kick during a run runs again after it. */
export async function runPushSender(): Promise<void> {
  if (sender.running) {
    sender.again = true;
    return;
  }
  sender.running = true;
  try {
    do {
      sender.again = false;
      await deliverPendingPushes().catch((error) => log.warn({ error: error instanceof Error ? error.message : String(error) }, "push: delivery failed"));
    } while (sender.again);
  } finally {
    sender.running = false;
  }
}

/** Asks for the push outbox to be delivered once the current response is sent (outside a request: the loop delivers). */
export function kickPushSender(): void {
  try {
    after(runPushSender);
  } catch {
    // Not in a request scope.
  }
}
