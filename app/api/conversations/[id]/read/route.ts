import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { markConversationRead } from "@/lib/server/direct-messages/mutations";
import { presentConversation } from "@/lib/server/direct-messages/presenters";
import { getConversationOrThrow, getConversationSummary } from "@/lib/server/direct-messages/queries";
import { CONVERSATION_NOT_FOUND } from "@/lib/validation/direct-messages";

// POST /api/conversations/:id/read - mark a conversation (and its notification) read up to its newest message (participants only)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req, { whileSuspended: "allowed" }); // 401; a suspended member still reads their inbox
  const conversation = await getConversationOrThrow(idParam((await ctx.params).id, CONVERSATION_NOT_FOUND), viewer); // 404
  await markConversationRead(conversation, viewer);
  return Response.json(presentConversation(await getConversationSummary(conversation, viewer), viewer.id));
});
