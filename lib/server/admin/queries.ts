import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { countOpenFlags } from "@/lib/server/flags/queries";
import { authorSelect, type AuthorRow } from "@/lib/server/users/presenters";

/*
 * The admin dashboard's reads (issue 14): site totals, activity per day over the last 30 days,
 * the AI answer jobs and the e-mail outbox as the workers see them, and the staff. Each read is
 * one statement; the per-day series are one statement for all of them (generate_series joined
 * with one grouped range scan per table), never a query per day.
 */

/** How many days the activity series cover, today (UTC) included. */
export const ACTIVITY_DAYS = 30;
/** How many failed AI jobs and e-mails the dashboard lists (the newest first). */
export const FAILED_LIST_LIMIT = 20;

/** Accounts, questions and answers on the site now. */
export interface SiteTotals {
  members: number;
  questions: number;
  answers: number;
  aiAnswers: number;
}

/** One UTC day of activity: what was created that day, and the AI tokens its posted answers used. */
export interface ActivityDay {
  /** YYYY-MM-DD, in UTC. */
  day: string;
  members: number;
  questions: number;
  answers: number;
  aiAnswers: number;
  tokens: number;
}

// An AI answer as the answer presenter tells them: the automatic answer, or one written from a custom prompt.
const AI_ANSWER = Prisma.sql`(a.is_auto_generated OR a.custom_prompt IS NOT NULL OR a.ai_model IS NOT NULL)`;
// Members are people: never the built-in assistant, never a deleted account.
const MEMBER = Prisma.sql`(NOT u.is_assistant AND u.deleted_at IS NULL)`;

/** The site's totals: members (people, not deleted), questions (the trigger-kept counter), answers and AI answers. */
export async function getSiteTotals(): Promise<SiteTotals> {
  const [row] = await db.$queryRaw<{ members: bigint; questions: bigint; answers: bigint; aiAnswers: bigint }[]>`
    SELECT (SELECT count(*) FROM users u WHERE ${MEMBER}) AS members,
           (SELECT coalesce(sum(value), 0) FROM site_counters WHERE name = 'questions')::bigint AS questions,
           a.answers, a."aiAnswers"
      FROM (SELECT count(*) AS answers, count(*) FILTER (WHERE ${AI_ANSWER}) AS "aiAnswers" FROM answers a) a`;
  return { members: Number(row!.members), questions: Number(row!.questions), answers: Number(row!.answers), aiAnswers: Number(row!.aiAnswers) };
}

/**
 * Members joined, questions asked, answers and AI answers posted, and AI tokens used (input plus
 * output of the AI answers posted) on each of the last ACTIVITY_DAYS UTC days, oldest first, days
 * without any included. One statement; each table is read once over the range of its
 * created_at index. Times are stored in UTC without a zone, as Prisma writes them.
 */
export async function listActivityByDay(days = ACTIVITY_DAYS): Promise<ActivityDay[]> {
  const rows = await db.$queryRaw<{ day: string; members: number; questions: number; answers: number; aiAnswers: number; tokens: bigint }[]>`
    WITH bounds AS (SELECT ((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int)::timestamp AS since),
    series AS (
      SELECT d::date AS day FROM bounds, generate_series(bounds.since, (now() AT TIME ZONE 'UTC')::date::timestamp, interval '1 day') AS d
    ),
    m AS (SELECT u.created_at::date AS day, count(*)::int AS n FROM users u, bounds WHERE u.created_at >= bounds.since AND ${MEMBER} GROUP BY 1),
    q AS (SELECT q.created_at::date AS day, count(*)::int AS n FROM questions q, bounds WHERE q.created_at >= bounds.since GROUP BY 1),
    a AS (
      SELECT a.created_at::date AS day, count(*)::int AS n, (count(*) FILTER (WHERE ${AI_ANSWER}))::int AS ai,
             coalesce(sum(coalesce(a.ai_input_tokens, 0)::bigint + coalesce(a.ai_output_tokens, 0)) FILTER (WHERE ${AI_ANSWER}), 0)::bigint AS tokens
        FROM answers a, bounds WHERE a.created_at >= bounds.since GROUP BY 1
    )
    SELECT to_char(series.day, 'YYYY-MM-DD') AS day, coalesce(m.n, 0) AS members, coalesce(q.n, 0) AS questions,
           coalesce(a.n, 0) AS answers, coalesce(a.ai, 0) AS "aiAnswers", coalesce(a.tokens, 0)::bigint AS tokens
      FROM series LEFT JOIN m USING (day) LEFT JOIN q USING (day) LEFT JOIN a USING (day)
     ORDER BY series.day`;
  return rows.map((r) => ({ ...r, tokens: Number(r.tokens) }));
}

/** How many rows of a worker's table are in each state. */
export type StatusCounts = Record<string, number>;

async function countByStatus(table: "ai_answer_jobs" | "email_outbox"): Promise<StatusCounts> {
  const rows = await db.$queryRaw<{ status: string; n: number }[]>`SELECT status, count(*)::int AS n FROM ${Prisma.raw(table)} GROUP BY status`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The AI answer jobs in each state (pending, running, failed, done). */
export function countAiJobsByStatus(): Promise<StatusCounts> {
  return countByStatus("ai_answer_jobs");
}

/** The outbox's messages in each state (pending, sending, sent, failed). */
export function countEmailsByStatus(): Promise<StatusCounts> {
  return countByStatus("email_outbox");
}

/** A failed AI answer job as the dashboard lists it. */
export interface FailedAiJobRow {
  id: number;
  questionId: number;
  questionTitle: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  updatedAt: Date;
}

/** The newest failed AI answer jobs (the worker retries them with backoff; an admin may retry one now). */
export async function listFailedAiJobs(limit = FAILED_LIST_LIMIT): Promise<FailedAiJobRow[]> {
  const rows = await db.aiAnswerJob.findMany({
    where: { status: "failed" },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, questionId: true, attempts: true, lastError: true, nextAttemptAt: true, updatedAt: true, question: { select: { title: true } } },
  });
  return rows.map(({ question, ...job }) => ({ ...job, questionTitle: question.title }));
}

/** A failed e-mail as the dashboard lists it (never its body). */
export interface FailedEmailRow {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** The newest e-mails the sender gave up on. */
export async function listFailedEmails(limit = FAILED_LIST_LIMIT): Promise<FailedEmailRow[]> {
  return db.emailOutbox.findMany({
    where: { status: "failed" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, to: true, subject: true, attempts: true, lastError: true, createdAt: true },
  });
}

/** A moderator or admin. */
export type StaffRow = AuthorRow & { role: string };

/** Every moderator and admin (admins first, then by name). */
export async function listStaff(): Promise<StaffRow[]> {
  const rows = await db.user.findMany({
    where: { role: { in: ["admin", "moderator"] }, deletedAt: null, isAssistant: false },
    select: { ...authorSelect, role: true },
    orderBy: [{ firstName: "asc" }, { lastName: "asc" }, { createdAt: "asc" }],
  });
  return rows.sort((a, b) => (a.role === b.role ? 0 : a.role === "admin" ? -1 : 1));
}

/** Everything the dashboard reads. */
export interface AdminOverviewRows {
  totals: SiteTotals;
  activity: ActivityDay[];
  aiJobs: StatusCounts;
  failedAiJobs: FailedAiJobRow[];
  emails: StatusCounts;
  failedEmails: FailedEmailRow[];
  openFlags: number;
  staff: StaffRow[];
}

/** The dashboard's reads, side by side (eight statements, each independent of the others). */
export async function getAdminOverview(): Promise<AdminOverviewRows> {
  const [totals, activity, aiJobs, failedAiJobs, emails, failedEmails, openFlags, staff] = await Promise.all([
    getSiteTotals(),
    listActivityByDay(),
    countAiJobsByStatus(),
    listFailedAiJobs(),
    countEmailsByStatus(),
    listFailedEmails(),
    countOpenFlags(),
    listStaff(),
  ]);
  return { totals, activity, aiJobs, failedAiJobs, emails, failedEmails, openFlags, staff };
}
