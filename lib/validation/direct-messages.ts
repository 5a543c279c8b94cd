// Direct messages (issue 15): the same schema checks the composer in the browser and the body
// of POST /api/messages on the server.
import { z } from "./zod";

import { pageQuerySchema } from "@/lib/validation/questions";

/** Longest direct message, in characters of Markdown source. */
export const MESSAGE_MAX_LENGTH = 5_000;
export const MESSAGE_REQUIRED_MESSAGE = "Message cannot be empty";
export const MESSAGE_TOO_LONG_MESSAGE = `Message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`;
export const RECIPIENT_REQUIRED_MESSAGE = "recipientId is required";

/** The 403 of a recipient whose "Allow direct messages" is off, or who blocked the sender. */
export const MESSAGES_NOT_ACCEPTED_MESSAGE = "This member does not accept direct messages";
/** The 403 of a sender who blocked the recipient themself. */
export const RECIPIENT_BLOCKED_MESSAGE = "You blocked this member. Unblock them to send a message.";
/** The 400 of a message to oneself, the AI assistant or a deleted account. */
export const CANNOT_MESSAGE_SELF = "You cannot message yourself";
export const CANNOT_MESSAGE_ACCOUNT = "This account cannot receive direct messages";
/** The 400 of blocking oneself, the AI assistant or a deleted account. */
export const CANNOT_BLOCK_MESSAGE = "You cannot block this account";
/** The 404 of a conversation that does not exist or is not the viewer's (staff included). */
export const CONVERSATION_NOT_FOUND = "Conversation not found";

/** POST /api/messages. */
export const messageCreateSchema = z.object(
  {
    recipientId: z.string({ error: RECIPIENT_REQUIRED_MESSAGE }).trim().min(1, RECIPIENT_REQUIRED_MESSAGE).max(64, "Invalid recipientId"),
    content: z
      .string({ error: MESSAGE_REQUIRED_MESSAGE })
      .trim()
      .min(1, MESSAGE_REQUIRED_MESSAGE)
      .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE),
  },
  { error: "Request body must be a JSON object" },
);
export type MessageCreateInput = z.output<typeof messageCreateSchema>;

/** The composer's form: the content alone (the recipient is the conversation's other member). */
export const messageComposerSchema = messageCreateSchema.pick({ content: true });
export type MessageComposerValues = z.input<typeof messageComposerSchema>;

/** GET /api/conversations and GET /api/conversations/{id}/messages: limit and cursor. */
export const conversationListQuerySchema = pageQuerySchema;
export const messageListQuerySchema = pageQuerySchema;
