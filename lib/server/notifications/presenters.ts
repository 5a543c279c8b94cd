import "server-only";
import { authorSelect, presentAuthor } from "@/lib/server/users/presenters";

/** The columns presentNotification needs; select exactly these. */
export const notificationSelect = {
  id: true,
  type: true,
  title: true,
  message: true,
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

/** A notification as its recipient sees it, with its actor and the path it opens. */
export function presentNotification(row: NotificationRow, viewerId?: string | null) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
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
