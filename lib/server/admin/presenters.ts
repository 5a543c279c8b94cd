import "server-only";
import { aiConfig } from "@/lib/server/ai/config";
import { workersDisabled } from "@/lib/server/ai/worker";
import { asRole } from "@/lib/server/policy";
import { presentAuthor } from "@/lib/server/users/presenters";
import type { AdminOverviewRows, StatusCounts } from "@/lib/server/admin/queries";

/*
 * The admin dashboard's JSON (GET /api/admin/overview, and the /admin page from the same
 * shape). It names the AI provider by its host and model and the mail transport by its kind and
 * host: never a key, a password or any other part of a URL.
 */

/** The AI provider in force, without its key: OpenAI itself or an OpenAI-compatible server's host. */
export function presentAiProvider(env: Record<string, string | undefined> = process.env) {
  const config = aiConfig(env);
  if (!config) return { configured: false as const, kind: null, host: null, model: null };
  if (!config.baseURL) return { configured: true as const, kind: "openai" as const, host: "api.openai.com", model: config.model };
  return { configured: true as const, kind: "openai-compatible" as const, host: hostOf(config.baseURL), model: config.model };
}

/** How e-mail leaves: SMTP (its host only) or `.eml` files on disk. */
export function presentMailTransport(env: Record<string, string | undefined> = process.env) {
  const url = env.SMTP_URL?.trim();
  return url ? { kind: "smtp" as const, host: hostOf(url) } : { kind: "file" as const, host: null };
}

// The host and port of a URL: no user, password, path or query, which may carry secrets.
function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/**
 * An e-mail address cut to its first letter and its domain ("a…@example.com"): enough to tell
 * messages apart, not a member's private address (DECISIONS.md section 3).
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "…";
  return `${address[0]}…${address.slice(at)}`;
}

/** Text with every e-mail address in it masked (an SMTP error often quotes the recipient). */
export function maskEmailsIn(text: string | null): string | null {
  return text === null ? null : text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, (address) => maskEmail(address));
}

const count = (counts: StatusCounts, status: string) => counts[status] ?? 0;

/** Everything the dashboard shows, as one JSON object. */
export function presentAdminOverview(input: AdminOverviewRows, viewerId: string) {
  return {
    totals: input.totals,
    activity: input.activity,
    ai: {
      provider: presentAiProvider(),
      workerEnabled: !workersDisabled(),
      jobs: {
        pending: count(input.aiJobs, "pending"),
        running: count(input.aiJobs, "running"),
        failed: count(input.aiJobs, "failed"),
        done: count(input.aiJobs, "done"),
      },
      failed: input.failedAiJobs.map((job) => ({
        id: job.id,
        questionId: job.questionId,
        questionTitle: job.questionTitle,
        attempts: job.attempts,
        lastError: job.lastError,
        nextAttemptAt: job.nextAttemptAt.toISOString(),
        failedAt: job.updatedAt.toISOString(),
      })),
    },
    mail: {
      transport: presentMailTransport(),
      outbox: {
        pending: count(input.emails, "pending"),
        sending: count(input.emails, "sending"),
        failed: count(input.emails, "failed"),
        sent: count(input.emails, "sent"),
      },
      failed: input.failedEmails.map((message) => ({
        id: message.id,
        to: maskEmail(message.to),
        subject: message.subject,
        attempts: message.attempts,
        lastError: maskEmailsIn(message.lastError),
        createdAt: message.createdAt.toISOString(),
      })),
    },
    flags: { open: input.openFlags },
    staff: input.staff.map((user) => ({ ...presentAuthor(user, viewerId), role: asRole(user.role) })),
  };
}

export type AdminOverviewJson = ReturnType<typeof presentAdminOverview>;

/** The answer of a retry: the row's status afterwards and whether this request moved it. */
export function presentRetry(result: { id: number; status: string; retried: boolean }) {
  return { id: result.id, status: result.status, retried: result.retried };
}

export type RetryJson = ReturnType<typeof presentRetry>;
