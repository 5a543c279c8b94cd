import "server-only";
import { after } from "next/server";
import { LRUCache } from "lru-cache";
import { db, Prisma } from "@/lib/server/db";
import { sendMail, type OutgoingMail } from "@/lib/server/mail/transport";
import { log } from "@/lib/server/log";

/*
 * The background sender of email_outbox. Rows are claimed with FOR UPDATE SKIP LOCKED, so any
 * number of instances can run it at once without sending a message twice; each claim bumps
 * `attempts`, which then serves as the claim's token. A failed attempt waits with exponential
 * backoff; after MAX_MAIL_ATTEMPTS the row is marked failed and left alone.
 *
 * Sending is idempotent per message: once a message was handed over, failing to record it as
 * sent never reschedules it. Its row stays claimed ("sending") until the lease ends; claimed
 * again by this instance, it is only marked sent (the instance remembers what it handed over);
 * by another, it goes out with the same Message-ID (messageIdOf), and as a file not at all.
 */

/** Messages one claim takes. */
export const MAIL_BATCH_SIZE = 20;
/** Attempts before a message is given up (status failed). */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long a claimed message is reserved for its sender; after that another may retry it. */
export const MAIL_LEASE_MS = 5 * 60_000;

/** The wait before the next attempt after `attempts` failed ones: 1 min, 2, 4, ... at most 6 hours. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** A timestamp for the timestamp(3) columns: Prisma stores UTC wall-clock time without a zone. */
const ts = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;

interface ClaimedRow extends OutgoingMail {
  attempts: number;
}

// Messages this instance handed over, by outbox id: a message claimed again after its "sent"
// status could not be saved is marked sent without being sent twice.
const handedOver = ((globalThis as unknown as { agoraMailHandedOver?: LRUCache<number, true> }).agoraMailHandedOver ??= new LRUCache<number, true>({
  max: 10_000,
}));

/** How many times a "sent" status is written before the row is left for its lease to end. */
const SENT_STATUS_TRIES = 3;

async function markSent(row: ClaimedRow): Promise<boolean> {
  for (let attempt = 1; attempt <= SENT_STATUS_TRIES; attempt++) {
    try {
      await db.$executeRaw`
        UPDATE email_outbox
           SET status = 'sent', sent_at = ${ts(new Date())}, locked_until = NULL, last_error = NULL
         WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`;
      return true;
    } catch (error) {
      logError(`recording message ${row.id} as sent (try ${attempt})`, error);
    }
  }
  return false;
}

/** What one delivery run did. */
export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

async function claim(now: Date, limit: number): Promise<ClaimedRow[]> {
  return db.$queryRaw<ClaimedRow[]>`
    UPDATE email_outbox o
       SET status = 'sending', attempts = o.attempts + 1, locked_until = ${ts(new Date(now.getTime() + MAIL_LEASE_MS))}
      FROM (
        SELECT id FROM email_outbox
         WHERE (status = 'pending' AND next_attempt_at <= ${ts(now)})
            OR (status = 'sending' AND locked_until < ${ts(now)})
         ORDER BY next_attempt_at, id
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED
      ) c
     WHERE o.id = c.id
    RETURNING o.id, o."to", o.subject, o.text, o.html, o.attempts, o.created_at AS "createdAt"`;
}

/**
 * Sends what is due in the outbox, batch after batch until nothing due is left (or `maxBatches`
 * ran). Never throws for a message that fails: it is rescheduled or marked failed.
 */
export async function deliverPendingEmails(options: { now?: Date; limit?: number; maxBatches?: number } = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  const limit = options.limit ?? MAIL_BATCH_SIZE;
  for (let batch = 0; batch < (options.maxBatches ?? 10); batch++) {
    const now = options.now ?? new Date();
    const rows = await claim(now, limit);
    for (const row of rows) {
      try {
        if (!handedOver.has(row.id)) {
          await sendMail(row);
          handedOver.set(row.id, true);
        }
      } catch (error) {
        const gaveUp = row.attempts >= MAX_MAIL_ATTEMPTS;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        await db.$executeRaw`
          UPDATE email_outbox
             SET status = ${gaveUp ? "failed" : "pending"},
                 next_attempt_at = ${ts(new Date(now.getTime() + mailBackoffMs(row.attempts)))},
                 locked_until = NULL, last_error = ${message}
           WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`;
        if (gaveUp) result.failed++;
        else result.retrying++;
        continue;
      }
      // Handed over: from here on the message is never rescheduled, whatever the database says.
      if (await markSent(row)) result.sent++;
    }
    if (rows.length < limit) break;
  }
  return result;
}

const state = globalThis as unknown as { agoraMailSender?: { running: boolean; again: boolean } };
const mail = (state.agoraMailSender ??= { running: false, again: false });

function logError(what: string, error: unknown) {
  log.warn({ error: error instanceof Error ? error.message : String(error) }, `mail: ${what} failed`);
}

/** Delivers what is due in the outbox; one run at a time per process, a kick during a run runs again after it. */
export async function runMailSender(): Promise<void> {
  if (mail.running) {
    mail.again = true;
    return;
  }
  mail.running = true;
  try {
    do {
      mail.again = false;
      await deliverPendingEmails().catch((error) => logError("delivery", error));
    } while (mail.again);
  } finally {
    mail.running = false;
  }
}

/**
 * Asks for the outbox to be delivered once the current response is sent. Outside a request
 * (a background job, a test) there is nothing to wait for: the loop or the cron route delivers.
 */
export function kickMailSender(): void {
  try {
    after(runMailSender);
  } catch {
    // Not in a request scope.
  }
}
