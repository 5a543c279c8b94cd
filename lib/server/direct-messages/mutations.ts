import "server-only";
import { renderMarkdown } from "@/lib/markdown/render";
import { db } from "@/lib/server/db";
import { badRequest, forbidden } from "@/lib/server/errors";
import { markConversationNotificationsRead, NOTIFYING_TRANSACTION, notifyDirectMessage } from "@/lib/server/notifications/mutations";
import { authorize, type MessageRecipientResource, type Viewer } from "@/lib/server/policy";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import { messageSelect, type MessageRow } from "@/lib/server/direct-messages/presenters";
import type { LoadedConversation } from "@/lib/server/direct-messages/queries";
import {
  CANNOT_BLOCK_MESSAGE,
  CANNOT_MESSAGE_ACCOUNT,
  CANNOT_MESSAGE_SELF,
  MESSAGES_NOT_ACCEPTED_MESSAGE,
  RECIPIENT_BLOCKED_MESSAGE,
} from "@/lib/validation/direct-messages";

/**
 * The refusals of a message, in order: 400 for oneself, the AI assistant or a deleted account
 * (no member to write to); 403 when the viewer blocked the recipient; 403 "This member does not
 * accept direct messages" when the recipient's "Allow direct messages" is off or they blocked the
 * viewer (the same answer, so a block is not revealed). The policy's "message.send" decides.
 */
export function authorizeMessage(viewer: Viewer, recipient: MessageRecipientResource): void {
  if (recipient.id === viewer.id) throw badRequest(CANNOT_MESSAGE_SELF);
  if (recipient.isAssistant || recipient.deletedAt) throw badRequest(CANNOT_MESSAGE_ACCOUNT);
  if (recipient.blockedByViewer) throw forbidden(RECIPIENT_BLOCKED_MESSAGE);
  authorize(viewer, "message.send", recipient, MESSAGES_NOT_ACCEPTED_MESSAGE);
}

/**
 * Sends a direct message: finds or starts the pair's one conversation (a new one spends the
 * sender's `conversationDaily`), appends the message (`messageHourly`) with its Markdown rendered
 * through the one sanitizer, moves the conversation's activity, counts the message read for its
 * sender and notifies the recipient (folded per conversation), all in one transaction under the
 * conversation's row lock.
 */
export async function sendMessage(viewer: Viewer, recipient: { id: string }, content: string): Promise<{ message: MessageRow; created: boolean }> {
  const [userAId, userBId] = [viewer.id, recipient.id].sort() as [string, string];
  const contentHtml = renderMarkdown(content);
  return db.$transaction(async (tx) => {
    // The unique pair holds one row however many first messages race; the loser reads the winner's.
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO conversations (user_a_id, user_b_id, last_message_at, created_at)
      VALUES (${userAId}, ${userBId}, timezone('UTC', now()), timezone('UTC', now()))
      ON CONFLICT (user_a_id, user_b_id) DO NOTHING
      RETURNING id`;
    const created = inserted.length > 0;
    if (created) await chargeInTransaction(tx, "conversationDaily", viewer.id);
    const [conversation] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM conversations WHERE user_a_id = ${userAId} AND user_b_id = ${userBId} FOR UPDATE`;
    await chargeInTransaction(tx, "messageHourly", viewer.id);
    const now = new Date();
    const message = await tx.message.create({
      data: { conversationId: conversation!.id, senderId: viewer.id, content, contentHtml, createdAt: now },
      select: messageSelect,
    });
    await tx.conversation.update({
      where: { id: conversation!.id },
      data: { lastMessageAt: now, ...(viewer.id === userAId ? { userALastReadId: message.id } : { userBLastReadId: message.id }) },
      select: { id: true },
    });
    await notifyDirectMessage(tx, { conversationId: conversation!.id, senderId: viewer.id, recipientId: recipient.id, content });
    return { message, created };
  }, NOTIFYING_TRANSACTION);
}

/**
 * Marks a conversation read for the viewer up to its newest message (never backwards), and their
 * notification about it read too.
 */
export async function markConversationRead(conversation: LoadedConversation, viewer: Viewer): Promise<void> {
  await db.$transaction(async (tx) => {
    if (conversation.viewerIsA) {
      await tx.$executeRaw`
        UPDATE conversations c SET user_a_last_read_id = GREATEST(c.user_a_last_read_id, COALESCE((SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id), 0))
         WHERE c.id = ${conversation.id}`;
    } else {
      await tx.$executeRaw`
        UPDATE conversations c SET user_b_last_read_id = GREATEST(c.user_b_last_read_id, COALESCE((SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id), 0))
         WHERE c.id = ${conversation.id}`;
    }
    await markConversationNotificationsRead(tx, viewer.id, conversation.id);
  });
}

/** 403 for blocking oneself, the AI assistant or a deleted account (the policy's "user.block", as following is). */
export function authorizeBlock(viewer: Viewer, target: { id: string; isAssistant?: boolean; deletedAt?: Date | null }): void {
  authorize(viewer, "user.block", target, CANNOT_BLOCK_MESSAGE);
}

/**
 * Blocks a member: they can no longer message the viewer (nor the viewer them). Idempotent and
 * race-safe (the primary key); only a block really added spends `userBlockDaily`.
 */
export async function blockUser(viewer: Viewer, target: { id: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO user_blocks (blocker_id, blocked_id, created_at)
      VALUES (${viewer.id}, ${target.id}, timezone('UTC', now()))
      ON CONFLICT DO NOTHING`;
    if (inserted > 0) await chargeInTransaction(tx, "userBlockDaily", viewer.id);
  });
}

/** Lifts the viewer's block of a member (repeating it changes nothing). */
export async function unblockUser(viewer: Viewer, target: { id: string }): Promise<void> {
  await db.userBlock.deleteMany({ where: { blockerId: viewer.id, blockedId: target.id } });
}
