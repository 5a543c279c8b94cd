import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import { notificationSelect, type NotificationRow } from "@/lib/server/notifications/presenters";

/** Notifications a list read returns when no limit is asked for. */
export const DEFAULT_NOTIFICATION_LIMIT = 20;
/** Most notifications a single list read returns. */
export const MAX_NOTIFICATION_LIMIT = 100;
/** Message of the 404 for a missing notification, or someone else's. */
export const NOTIFICATION_NOT_FOUND = "Notification not found";

/**
 * The notifications a member may see, as an SQL condition over `notifications` under `alias`:
 * those about no question, and those whose question still exists and is visible to them (so a
 * member who left a private group no longer sees what happened in it), never those about a post
 * hidden pending review. Own-ness is the caller's `user_id` condition.
 */
export function visibleNotificationsSql(viewer: Viewer, alias = "n"): Prisma.Sql {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Invalid SQL alias: ${alias}`);
  const n = Prisma.raw(`"${alias}"`);
  return Prisma.sql`((${n}.question_id IS NULL OR EXISTS (
    SELECT 1 FROM questions nq WHERE nq.id = ${n}.question_id AND nq.hidden_at IS NULL AND ${visibleQuestionsSql(viewer, "nq")}))
    AND ${notAboutHiddenPostSql(alias)})`;
}

/**
 * Notifications about a post hidden pending review are shown to nobody, its author included
 * (issue 14), until a moderator restores it: the answer (related_id of an "answer" notification,
 * or the link's #answer-N) and the comment (the link's #comment-N) must not be hidden. Hidden
 * posts are few, and both reads go by primary key.
 */
function notAboutHiddenPostSql(alias: string): Prisma.Sql {
  const n = Prisma.raw(`"${alias}"`);
  return Prisma.sql`NOT EXISTS (
      SELECT 1 FROM answers na
       WHERE na.hidden_at IS NOT NULL
         AND (na.id = substring(${n}.link from '#answer-([0-9]{1,9})$')::int OR (${n}.related_type = 'answer' AND na.id = ${n}.related_id)))
    AND NOT EXISTS (
      SELECT 1 FROM comments nc WHERE nc.hidden_at IS NOT NULL AND nc.id = substring(${n}.link from '#comment-([0-9]{1,9})$')::int)`;
}

function whereSql(viewer: Viewer, unreadOnly: boolean): Prisma.Sql {
  return Prisma.sql`n.user_id = ${viewer.id} ${unreadOnly ? Prisma.sql`AND NOT n.is_read` : Prisma.empty} AND ${visibleNotificationsSql(viewer, "n")}`;
}

function clampLimit(limit: number | undefined): number {
  if (!limit || !Number.isFinite(limit)) return DEFAULT_NOTIFICATION_LIMIT;
  return Math.min(MAX_NOTIFICATION_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * One page of the member's notifications, newest first (keyset on created_at, id), only
 * unread ones with `unreadOnly`; 400 "Invalid cursor" for a cursor this list did not hand out.
 */
export async function listNotifications(
  userId: string,
  options: { limit?: number; cursor?: string; unreadOnly?: boolean } = {},
): Promise<Page<NotificationRow>> {
  const viewer = { id: userId };
  const limit = clampLimit(options.limit);
  let after = Prisma.empty;
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, "date");
    // Stored as UTC wall-clock time without a zone (Prisma's way); the literal's zone is ignored.
    after = Prisma.sql`AND (n.created_at, n.id) < (${key.toISOString()}::timestamp, ${id})`;
  }
  const ids = await db.$queryRaw<{ id: number }[]>`
    SELECT n.id FROM notifications n
     WHERE ${whereSql(viewer, options.unreadOnly ?? false)} ${after}
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT ${limit + 1}`;
  if (ids.length === 0) return { rows: [], nextCursor: null };
  const rows = await db.notification.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: notificationSelect });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((r) => byId.get(r.id)).filter((row) => row !== undefined);
  return toPage(ordered, limit, (row) => row.createdAt);
}

/** How many notifications the member can see (only unread ones with `unreadOnly`). */
export async function countNotifications(userId: string, options: { unreadOnly?: boolean } = {}): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM notifications n WHERE ${whereSql({ id: userId }, options.unreadOnly ?? false)}`;
  return row?.count ?? 0;
}

/** How many of the member's notifications are unread (those they can see). */
export async function countUnreadNotifications(userId: string): Promise<number> {
  return countNotifications(userId, { unreadOnly: true });
}

/** One of the viewer's own notifications that they can see, or 404 (also for another member's). */
export async function getNotificationOrThrow(id: number, viewer: Viewer): Promise<NotificationRow> {
  const [visible] = await db.$queryRaw<{ id: number }[]>`
    SELECT n.id FROM notifications n WHERE n.id = ${id} AND ${whereSql(viewer, false)}`;
  const row = visible ? await db.notification.findUnique({ where: { id: visible.id }, select: notificationSelect }) : null;
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return row;
}
