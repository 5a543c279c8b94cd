import "server-only";
import { displayName, emailHandle } from "@/lib/display";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsSql, visibleQuestionsWhere } from "@/lib/server/policy";
import { enqueueEmail } from "@/lib/server/mail/outbox";
import { renderDigestEmail, type DigestItem } from "@/lib/server/mail/templates";
import { recipientLocale, serverTranslator } from "@/lib/server/i18n/server-texts";
import type { Locale } from "@/lib/i18n/locales";

/*
 * The weekly digest: one e-mail a week to each member whose weekly digest switch is on,
 * summing up the week's activity on their questions and the new questions in the tags they
 * follow (only what they may see). A week with nothing to tell sends nothing; either way
 * users.last_digest_at records that the week was dealt with.
 */

const WEEK_MS = 7 * 24 * 60 * 60_000;
/** Questions listed per section of a digest. */
export const DIGEST_ITEMS = 5;
/** Members one run looks at (the next run continues). */
const DIGEST_BATCH = 200;

const ts = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;

interface ActivityRow {
  id: number;
  title: string;
  answers: number;
  comments: number;
}

async function digestFor(tx: Prisma.TransactionClient, userId: string, since: Date, locale: Locale) {
  const t = serverTranslator(locale, "emails");
  const viewer = { id: userId };
  const own = await tx.$queryRaw<ActivityRow[]>`
    SELECT * FROM (
      SELECT q.id, q.title,
             (SELECT count(*)::int FROM answers a
               WHERE a.question_id = q.id AND a.author_id <> ${userId} AND a.created_at > ${ts(since)} AND a.hidden_at IS NULL) AS answers,
             (SELECT count(*)::int FROM comments c JOIN answers a ON a.id = c.answer_id
               WHERE a.question_id = q.id AND c.author_id <> ${userId} AND c.created_at > ${ts(since)} AND c.hidden_at IS NULL AND a.hidden_at IS NULL) AS comments
        FROM questions q
       WHERE q.author_id = ${userId} AND q.last_activity_at > ${ts(since)} AND ${visibleQuestionsSql(viewer, "q")}
    ) s
    WHERE s.answers + s.comments > 0
    ORDER BY s.answers + s.comments DESC, s.id DESC
    LIMIT ${DIGEST_ITEMS}`;
  const tagWhere: Prisma.QuestionWhereInput = {
    AND: [
      visibleQuestionsWhere(viewer),
      { createdAt: { gt: since }, authorId: { not: userId }, tags: { some: { tag: { followers: { some: { userId } } } } } },
    ],
  };
  const [tagged, taggedTotal] = await Promise.all([
    tx.question.findMany({
      where: tagWhere,
      select: { id: true, title: true, answerCount: true },
      orderBy: [{ voteScore: "desc" }, { createdAt: "desc" }, { id: "desc" }],
      take: DIGEST_ITEMS,
    }),
    tx.question.count({ where: tagWhere }),
  ]);
  const onYourQuestions: DigestItem[] = own.map((q) => ({
    title: q.title,
    link: `/questions/${q.id}`,
    detail: [q.answers ? t("digest.newAnswers", { count: q.answers }) : "", q.comments ? t("digest.newComments", { count: q.comments }) : ""]
      .filter(Boolean)
      .join(", "),
  }));
  const inFollowedTags: DigestItem[] = tagged.map((q) => ({
    title: q.title,
    link: `/questions/${q.id}`,
    detail: t("digest.answers", { count: q.answerCount }),
  }));
  return { onYourQuestions, inFollowedTags, moreInFollowedTags: Math.max(0, taggedTotal - tagged.length) };
}

/**
 * Enqueues the weekly digest of every member who has it switched on and got none in the last
 * 7 days (at most one per member per week, even with several instances running it at once).
 */
export async function sendWeeklyDigests(now: Date = new Date()): Promise<{ enqueued: number; empty: number }> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM users
     WHERE deleted_at IS NULL AND NOT is_assistant
       AND (notification_settings ->> 'weeklyDigest') = 'true'
       AND (last_digest_at IS NULL OR last_digest_at <= ${ts(weekAgo)})
     ORDER BY id
     LIMIT ${DIGEST_BATCH}`;
  const result = { enqueued: 0, empty: 0 };
  for (const { id } of due) {
    const outcome = await db.$transaction(async (tx) => {
      // The row lock and the second look make a concurrent run skip this member.
      const [user] = await tx.$queryRaw<{ email: string; firstName: string | null; lastName: string | null; lastDigestAt: Date | null; preferences: unknown }[]>`
        SELECT email, first_name AS "firstName", last_name AS "lastName", last_digest_at AS "lastDigestAt", preferences
          FROM users
         WHERE id = ${id} AND (last_digest_at IS NULL OR last_digest_at <= ${ts(weekAgo)})
         FOR UPDATE SKIP LOCKED`;
      if (!user) return "skipped" as const;
      const since = user.lastDigestAt && user.lastDigestAt > weekAgo ? user.lastDigestAt : weekAgo;
      const locale = recipientLocale(user.preferences); // written in the member's language (issue 15)
      const digest = await digestFor(tx, id, since, locale);
      // Raw, so that the member's updated_at (their profile's) stays as it is.
      await tx.$executeRaw`UPDATE users SET last_digest_at = ${ts(now)} WHERE id = ${id}`;
      if (digest.onYourQuestions.length === 0 && digest.inFollowedTags.length === 0) return "empty" as const;
      const recipientName = displayName({ firstName: user.firstName, lastName: user.lastName, handle: emailHandle(user.email) });
      await enqueueEmail(tx, renderDigestEmail({ to: user.email, recipientName, ...digest, locale }));
      return "enqueued" as const;
    });
    if (outcome === "enqueued") result.enqueued++;
    if (outcome === "empty") result.empty++;
  }
  return result;
}
