import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { displayName } from "@/lib/display";
import { authorSelect, presentAuthor, type AuthorRow } from "@/lib/server/users/presenters";
import { USER_NOT_FOUND } from "@/lib/server/users/queries";

/** What the member routes of moderation need of their target. */
export interface ModeratedMember {
  id: string;
  role: string;
  suspendedUntil: Date | null;
}

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The member a moderation route names, or 404 "User not found" (also for deleted accounts and the assistant). */
export async function getModeratedMemberOrThrow(id: string | undefined): Promise<ModeratedMember> {
  const row = id && USER_ID.test(id)
    ? await db.user.findUnique({ where: { id }, select: { id: true, role: true, suspendedUntil: true, deletedAt: true, isAssistant: true } })
    : null;
  if (!row || row.deletedAt || row.isAssistant) throw notFound(USER_NOT_FOUND);
  return { id: row.id, role: row.role, suspendedUntil: row.suspendedUntil };
}

/** The default and largest page of the audit log. */
export const DEFAULT_AUDIT_PAGE = 20;
export const MAX_AUDIT_PAGE = 100;

/** An audit entry with its actor, as presentAuditEntry reads it. */
export interface AuditRow {
  id: number;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  details: unknown;
  createdAt: Date;
  actor: AuthorRow | null;
}

/** Where an entry's target is now, for the viewer: its label and link, or null when it is gone (or hidden from them). */
export interface AuditTargetInfo {
  label: string;
  link: string;
}

/** The key of an entry's target in the map listAuditEntries returns. */
export const auditTargetKey = (type: string, id: string) => `${type}:${id}`;

const intIds = (rows: AuditRow[], type: string) =>
  [...new Set(rows.filter((r) => r.targetType === type && /^\d{1,9}$/.test(r.targetId)).map((r) => Number(r.targetId)))];

/**
 * One page of the audit log (newest first, keyset over created_at and id), with where each
 * target is now: questions, answers and comments the viewer may see link to their question
 * page; members who still have an account link to their profile. Four reads at most besides
 * the page, whatever its size.
 */
export async function listAuditEntries(viewer: Viewer, options: { limit?: number; cursor?: string }): Promise<Page<AuditRow> & { targets: Map<string, AuditTargetInfo> }> {
  const limit = Math.min(MAX_AUDIT_PAGE, options.limit ?? DEFAULT_AUDIT_PAGE);
  const after = options.cursor ? decodeCursor(options.cursor, "date") : null;
  const rows = await db.moderationAudit.findMany({
    where: after ? { OR: [{ createdAt: { lt: after.key } }, { createdAt: after.key, id: { lt: after.id } }] } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, action: true, targetType: true, targetId: true, reason: true, details: true, createdAt: true, actor: { select: authorSelect } },
  });
  const page = toPage(rows, limit, (row) => row.createdAt);

  const visible = visibleQuestionsWhere(viewer);
  const questionIds = intIds(page.rows, "question");
  const answerIds = intIds(page.rows, "answer");
  const commentIds = intIds(page.rows, "comment");
  const userIds = [...new Set(page.rows.filter((r) => r.targetType === "user").map((r) => r.targetId))];
  const [questions, answers, comments, users] = await Promise.all([
    questionIds.length ? db.question.findMany({ where: { AND: [{ id: { in: questionIds } }, visible] }, select: { id: true, title: true } }) : [],
    answerIds.length ? db.answer.findMany({ where: { id: { in: answerIds }, question: visible }, select: { id: true, question: { select: { id: true, title: true } } } }) : [],
    commentIds.length
      ? db.comment.findMany({ where: { id: { in: commentIds }, answer: { question: visible } }, select: { id: true, answer: { select: { question: { select: { id: true, title: true } } } } } })
      : [],
    userIds.length ? db.user.findMany({ where: { id: { in: userIds }, deletedAt: null }, select: authorSelect }) : [],
  ]);
  const targets = new Map<string, AuditTargetInfo>();
  for (const q of questions) targets.set(auditTargetKey("question", String(q.id)), { label: q.title, link: `/questions/${q.id}` });
  for (const a of answers) targets.set(auditTargetKey("answer", String(a.id)), { label: `Answer to “${a.question.title}”`, link: `/questions/${a.question.id}#answer-${a.id}` });
  for (const c of comments) {
    const q = c.answer.question;
    targets.set(auditTargetKey("comment", String(c.id)), { label: `Comment on “${q.title}”`, link: `/questions/${q.id}#comment-${c.id}` });
  }
  for (const u of users) {
    targets.set(auditTargetKey("user", u.id), { label: displayName(presentAuthor(u, viewer.id)), link: `/users/${u.id}` });
  }
  return { ...page, targets };
}
