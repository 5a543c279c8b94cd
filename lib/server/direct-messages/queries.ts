import "server-only";
import { markdownToPlainText } from "@/lib/markdown/render";
import { db, Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { can, type ConversationResource, type MessageRecipientResource, type Viewer } from "@/lib/server/policy";
import { presentPrivacySettings } from "@/lib/server/settings/presenters";
import { authorSelect } from "@/lib/server/users/presenters";
import { messageSelect, type ConversationRow, type MessageRow } from "@/lib/server/direct-messages/presenters";
import { CONVERSATION_NOT_FOUND } from "@/lib/validation/direct-messages";

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The message of the 404 for an unknown member. */
export const USER_NOT_FOUND = "User not found";
/** Characters of a conversation's last message shown in the list. */
const EXCERPT_LENGTH = 140;

/** The loaded conversation the viewer takes part in, with which side they are. */
export interface LoadedConversation extends ConversationResource {
  id: number;
  /** The viewer is user A (the smaller id). */
  viewerIsA: boolean;
  otherId: string;
}

/**
 * A member as the recipient of the viewer's message: their "Allow direct messages" switch and the
 * blocks either way; 404 "User not found" when there is no such member.
 */
export async function getMessageRecipientOrThrow(id: string | undefined, viewer: Viewer): Promise<MessageRecipientResource> {
  const row = id && USER_ID.test(id)
    ? await db.user.findUnique({
        where: { id },
        select: {
          id: true,
          isAssistant: true,
          deletedAt: true,
          privacySettings: true,
          blocking: { where: { blockedId: viewer.id }, select: { blockerId: true } },
          blockedBy: { where: { blockerId: viewer.id }, select: { blockerId: true } },
        },
      })
    : null;
  if (!row) throw notFound(USER_NOT_FOUND);
  return {
    id: row.id,
    isAssistant: row.isAssistant,
    deletedAt: row.deletedAt,
    allowMessages: presentPrivacySettings(row.privacySettings).allowMessages,
    blocksViewer: row.blocking.length > 0,
    blockedByViewer: row.blockedBy.length > 0,
  };
}

/** Whether the viewer may message each of these members (the policy's "message.send", read in two queries). */
async function messageableIds(viewer: Viewer, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const [users, blocks] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, isAssistant: true, deletedAt: true, privacySettings: true } }),
    db.userBlock.findMany({
      where: { OR: [{ blockerId: viewer.id, blockedId: { in: userIds } }, { blockedId: viewer.id, blockerId: { in: userIds } }] },
      select: { blockerId: true, blockedId: true },
    }),
  ]);
  const out = new Set<string>();
  for (const user of users) {
    const resource: MessageRecipientResource = {
      id: user.id,
      isAssistant: user.isAssistant,
      deletedAt: user.deletedAt,
      allowMessages: presentPrivacySettings(user.privacySettings).allowMessages,
      blocksViewer: blocks.some((b) => b.blockerId === user.id),
      blockedByViewer: blocks.some((b) => b.blockedId === user.id),
    };
    if (can(viewer, "message.send", resource)) out.add(user.id);
  }
  return out;
}

/**
 * The conversation, when the viewer is one of its two participants; 404 "Conversation not found"
 * otherwise, for everyone, moderators and admins included (a 403 would confirm it exists).
 */
export async function getConversationOrThrow(id: number, viewer: Viewer): Promise<LoadedConversation> {
  const row = await db.conversation.findUnique({ where: { id }, select: { id: true, userAId: true, userBId: true } });
  if (!row || !can(viewer, "conversation.view", row)) throw notFound(CONVERSATION_NOT_FOUND);
  const viewerIsA = row.userAId === viewer.id;
  return { ...row, viewerIsA, otherId: viewerIsA ? row.userBId : row.userAId };
}

/** The conversation between the viewer and another member, if they have one. */
export async function findConversationWith(viewer: Viewer, otherId: string): Promise<{ id: number } | null> {
  const [userAId, userBId] = [viewer.id, otherId].sort();
  return db.conversation.findUnique({ where: { userAId_userBId: { userAId: userAId!, userBId: userBId! } }, select: { id: true } });
}

// The viewer's side of a conversation row `c`: their last-read message id.
const lastReadSql = (viewer: Viewer) => Prisma.sql`(CASE WHEN c.user_a_id = ${viewer.id} THEN c.user_a_last_read_id ELSE c.user_b_last_read_id END)`;
const unreadSql = (viewer: Viewer) =>
  Prisma.sql`(SELECT count(*)::int FROM messages um WHERE um.conversation_id = c.id AND um.sender_id <> ${viewer.id} AND um.id > ${lastReadSql(viewer)})`;

/** Reads the rows of the given conversations (ids in order) as presentConversation takes them. */
async function conversationRows(viewer: Viewer, ids: { id: number; other_id: string; unread: number; last_id: number | null }[]): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  const otherIds = [...new Set(ids.map((r) => r.other_id))];
  const lastIds = ids.map((r) => r.last_id).filter((id): id is number => id !== null);
  const [conversations, others, lasts, messageable] = await Promise.all([
    db.conversation.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: { id: true, lastMessageAt: true, createdAt: true } }),
    db.user.findMany({ where: { id: { in: otherIds } }, select: authorSelect }),
    db.message.findMany({ where: { id: { in: lastIds } }, select: { id: true, senderId: true, content: true, createdAt: true } }),
    messageableIds(viewer, otherIds),
  ]);
  const byId = new Map(conversations.map((c) => [c.id, c]));
  const userById = new Map(others.map((u) => [u.id, u]));
  const lastById = new Map(lasts.map((m) => [m.id, m]));
  return ids.flatMap((r) => {
    const conversation = byId.get(r.id);
    const other = userById.get(r.other_id);
    if (!conversation || !other) return [];
    const last = r.last_id !== null ? lastById.get(r.last_id) : undefined;
    return [{
      id: r.id,
      lastMessageAt: conversation.lastMessageAt,
      createdAt: conversation.createdAt,
      other,
      unreadCount: r.unread,
      canSend: messageable.has(r.other_id),
      lastMessage: last ? { id: last.id, senderId: last.senderId, excerpt: markdownToPlainText(last.content, EXCERPT_LENGTH), createdAt: last.createdAt } : null,
    }];
  });
}

function conversationIdsSql(viewer: Viewer, where: Prisma.Sql, limit: number) {
  return db.$queryRaw<{ id: number; other_id: string; unread: number; last_id: number | null }[]>`
    SELECT c.id,
           CASE WHEN c.user_a_id = ${viewer.id} THEN c.user_b_id ELSE c.user_a_id END AS other_id,
           ${unreadSql(viewer)} AS unread,
           (SELECT max(lm.id) FROM messages lm WHERE lm.conversation_id = c.id) AS last_id
      FROM conversations c
     WHERE (c.user_a_id = ${viewer.id} OR c.user_b_id = ${viewer.id}) AND ${where}
     ORDER BY c.last_message_at DESC, c.id DESC
     LIMIT ${limit}`;
}

/**
 * One page of the viewer's conversations, newest activity first (keyset on last_message_at, id),
 * each with the other participant, the last message and the viewer's unread count.
 */
export async function listConversations(viewer: Viewer, options: { limit: number; cursor?: string }): Promise<Page<ConversationRow>> {
  let after = Prisma.sql`TRUE`;
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, "date");
    // Stored as UTC wall-clock time without a zone (Prisma's way); the literal's zone is ignored.
    after = Prisma.sql`(c.last_message_at, c.id) < (${key.toISOString()}::timestamp, ${id})`;
  }
  const ids = await conversationIdsSql(viewer, after, options.limit + 1);
  return toPage(await conversationRows(viewer, ids), options.limit, (row) => row.lastMessageAt);
}

/** One conversation of the viewer's as the list shows it (its page's header). */
export async function getConversationSummary(conversation: LoadedConversation, viewer: Viewer): Promise<ConversationRow> {
  const ids = await conversationIdsSql(viewer, Prisma.sql`c.id = ${conversation.id}`, 1);
  const [row] = await conversationRows(viewer, ids);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/**
 * One page of a conversation's messages: the newest first page, walking back in time with the
 * cursor; each page's messages are in order, oldest to newest (as a chat shows them).
 */
export async function listMessages(conversation: { id: number }, options: { limit: number; cursor?: string }): Promise<Page<MessageRow>> {
  const before = options.cursor ? { id: { lt: decodeCursor(options.cursor, "int").id } } : {};
  const rows = await db.message.findMany({
    where: { conversationId: conversation.id, ...before },
    orderBy: { id: "desc" },
    take: options.limit + 1,
    select: messageSelect,
  });
  const page = toPage(rows, options.limit, (row) => row.id);
  return { rows: page.rows.reverse(), nextCursor: page.nextCursor };
}

/** How many of the viewer's conversations hold messages they have not read (the Messages badge). */
export async function countUnreadConversations(viewer: Viewer): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM conversations c
     WHERE (c.user_a_id = ${viewer.id} OR c.user_b_id = ${viewer.id})
       AND EXISTS (SELECT 1 FROM messages um WHERE um.conversation_id = c.id AND um.sender_id <> ${viewer.id} AND um.id > ${lastReadSql(viewer)})`;
  return row?.n ?? 0;
}

/** The members the viewer blocked, most recent first (Settings > Privacy). */
export async function listBlockedMembers(viewer: Viewer) {
  return db.userBlock.findMany({
    where: { blockerId: viewer.id },
    orderBy: [{ createdAt: "desc" }, { blockedId: "asc" }],
    take: 500,
    select: { createdAt: true, blocked: { select: authorSelect } },
  });
}

/** Whether the viewer blocked the member. */
export async function isBlockedByViewer(viewer: Viewer | null, userId: string): Promise<boolean> {
  if (!viewer || viewer.id === userId) return false;
  const row = await db.userBlock.findUnique({ where: { blockerId_blockedId: { blockerId: viewer.id, blockedId: userId } }, select: { blockerId: true } });
  return row !== null;
}
