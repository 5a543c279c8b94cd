import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";

/*
 * The admin dashboard's writes: putting a failed AI answer job or e-mail back in line. Each is
 * one conditional UPDATE (only a failed row moves), so a second click, or two admins at once,
 * change nothing more: the answer then reports the row as it is, with `retried: false`.
 */

/** What a retry did: the row's status afterwards, and whether this call moved it. */
export interface RetryResult {
  id: number;
  status: string;
  retried: boolean;
}

export const AI_JOB_NOT_FOUND = "AI answer job not found";
export const EMAIL_NOT_FOUND = "E-mail not found";

/**
 * Puts a failed AI answer job back to pending, due now and with its backoff started over, so the
 * next worker round claims it as it claims any owed answer (its last error stays until it
 * succeeds). A job in any other state is left alone. 404 when there is no such job.
 */
export async function retryAiJob(id: number): Promise<RetryResult> {
  const moved = await db.$queryRaw<{ id: number; status: string }[]>`
    UPDATE ai_answer_jobs
       SET status = 'pending', attempts = 0, next_attempt_at = (now() AT TIME ZONE 'UTC'), locked_by = NULL, locked_until = NULL,
           updated_at = (now() AT TIME ZONE 'UTC')
     WHERE id = ${id} AND status = 'failed'
    RETURNING id, status`;
  if (moved[0]) return { ...moved[0], retried: true };
  const job = await db.aiAnswerJob.findUnique({ where: { id }, select: { id: true, status: true } });
  if (!job) throw notFound(AI_JOB_NOT_FOUND);
  return { ...job, retried: false };
}

/**
 * Puts an e-mail the sender gave up on back to pending, due now with its attempts started over
 * (the sender gives up after MAX_MAIL_ATTEMPTS). A message in any other state is left alone:
 * one being sent or already sent is never sent again from here. 404 when there is no such e-mail.
 */
export async function retryEmail(id: number): Promise<RetryResult> {
  const moved = await db.$queryRaw<{ id: number; status: string }[]>`
    UPDATE email_outbox
       SET status = 'pending', attempts = 0, next_attempt_at = (now() AT TIME ZONE 'UTC'), locked_until = NULL
     WHERE id = ${id} AND status = 'failed'
    RETURNING id, status`;
  if (moved[0]) return { ...moved[0], retried: true };
  const message = await db.emailOutbox.findUnique({ where: { id }, select: { id: true, status: true } });
  if (!message) throw notFound(EMAIL_NOT_FOUND);
  return { ...message, retried: false };
}
