import "server-only";
import { presentAuthor, authorSelect, type AuthorRow } from "@/lib/server/users/presenters";

/** The columns presentMessage needs. */
export const messageSelect = {
  id: true,
  conversationId: true,
  senderId: true,
  content: true,
  contentHtml: true,
  createdAt: true,
  sender: { select: authorSelect },
} as const;

export interface MessageRow {
  id: number;
  conversationId: number;
  senderId: string;
  content: string;
  contentHtml: string;
  createdAt: Date;
  sender: AuthorRow;
}

/** A direct message as its two participants see it: the Markdown source, its sanitized HTML, the sender, whether it is the viewer's own. */
export function presentMessage(row: MessageRow, viewerId: string) {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: presentAuthor(row.sender, viewerId),
    content: row.content,
    contentHtml: row.contentHtml,
    isOwn: row.senderId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type MessageJson = ReturnType<typeof presentMessage>;

/** A conversation as listConversations reads it for the viewer. */
export interface ConversationRow {
  id: number;
  lastMessageAt: Date;
  createdAt: Date;
  other: AuthorRow;
  unreadCount: number;
  canSend: boolean;
  lastMessage: { id: number; senderId: string; excerpt: string; createdAt: Date } | null;
}

/**
 * A conversation in the viewer's list and on its page: the other participant, the last message's
 * plain-text excerpt, how many of the other's messages the viewer has not read, and whether the
 * viewer may still write (the other allows messages and neither blocked the other).
 */
export function presentConversation(row: ConversationRow, viewerId: string) {
  return {
    id: row.id,
    otherParticipant: presentAuthor(row.other, viewerId),
    lastMessage: row.lastMessage
      ? { id: row.lastMessage.id, excerpt: row.lastMessage.excerpt, isOwn: row.lastMessage.senderId === viewerId, createdAt: row.lastMessage.createdAt.toISOString() }
      : null,
    unreadCount: row.unreadCount,
    lastMessageAt: row.lastMessageAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    viewerCan: { send: row.canSend },
  };
}

export type ConversationJson = ReturnType<typeof presentConversation>;

/** A member the viewer blocked, for Settings > Privacy. */
export function presentBlockedMember(row: { createdAt: Date; blocked: AuthorRow }, viewerId: string) {
  return { user: presentAuthor(row.blocked, viewerId), blockedAt: row.createdAt.toISOString() };
}

/** POST and DELETE /api/users/{id}/block. */
export function presentBlockState(isBlocked: boolean) {
  return { isBlocked };
}
