import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { authorizeMessage, sendMessage } from "@/lib/server/direct-messages/mutations";
import { presentMessage } from "@/lib/server/direct-messages/presenters";
import { getMessageRecipientOrThrow } from "@/lib/server/direct-messages/queries";
import { messageCreateSchema } from "@/lib/validation/direct-messages";

// POST /api/messages - send a direct message to a member who accepts them (starts the pair's conversation if needed)
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401; 403 suspended
  const input = messageCreateSchema.parse(await readJson(req)); // 400
  const recipient = await getMessageRecipientOrThrow(input.recipientId, viewer); // 404
  authorizeMessage(viewer, recipient); // 400 self, AI, deleted; 403 not accepted or blocked
  const { message } = await sendMessage(viewer, recipient, input.content); // 429
  return Response.json(presentMessage(message, viewer.id), { status: 201 });
});
