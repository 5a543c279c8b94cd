import "server-only";
import { authorSelect, presentAuthor } from "@/lib/server/users/presenters";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { localizedNotificationText } from "@/lib/server/notifications/texts";

/** The columns presentNotification needs; select exactly these. */
export const notificationSelect = {
  id: true,
  type: true,
  title: true,
  message: true,
  params: true,
  eventCount: true,
  upCount: true,
  downCount: true,
  relatedId: true,
  relatedType: true,
  questionId: true,
  link: true,
  actorId: true,
  isRead: true,
  createdAt: true,
  actor: { select: authorSelect },
} as const;

/** A notification row as notificationSelect reads it. */
export interface NotificationRow {
  id: number;
  type: string;
  title: string;
  message: string;
  params: unknown;
  eventCount: number;
  upCount: number;
  downCount: number;
  relatedId: number | null;
  relatedType: string | null;
  questionId: number | null;
  link: string | null;
  actorId: string | null;
  isRead: boolean;
  createdAt: Date;
  actor: Parameters<typeof presentAuthor>[0] | null;
}

/**
 * The path a notification opens: its stored link, else SPEC.md's rules (answer → its question,
 * vote → the answer's question, follow → the follower's profile), else the notifications page.
 */
export function notificationLink(row: Pick<NotificationRow, "type" | "relatedId" | "relatedType" | "questionId" | "link" | "actorId">): string {
  if (row.link) return row.link;
  if (row.type === "follow" && row.actorId) return `/users/${row.actorId}`;
  if (row.relatedType === "question" && row.relatedId) return `/questions/${row.relatedId}`;
  if (row.questionId) return `/questions/${row.questionId}`;
  return "/notifications";
}

/**
 * A notification as its recipient sees it, with its actor and the path it opens. `title` and
 * `message` are the English texts SPEC.md's API keeps; `text` is the same in the reader's
 * language (`locale`: the request's, issue 15), which the notifications page and the bell show.
 */
export function presentNotification(row: NotificationRow, viewerId?: string | null, locale: Locale = defaultLocale) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    text: localizedNotificationText(row, locale),
    relatedId: row.relatedId,
    relatedType: row.relatedType,
    questionId: row.questionId,
    link: notificationLink(row),
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    actor: row.actor ? presentAuthor(row.actor, viewerId) : null,
  };
}

export type NotificationJson = ReturnType<typeof presentNotification>;
