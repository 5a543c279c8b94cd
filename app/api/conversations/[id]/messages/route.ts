import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentMessage } from "@/lib/server/direct-messages/presenters";
import { getConversationOrThrow, listMessages } from "@/lib/server/direct-messages/queries";
import { CONVERSATION_NOT_FOUND, messageListQuerySchema } from "@/lib/validation/direct-messages";
import { searchParamsOf } from "@/lib/validation/questions";

// GET /api/conversations/:id/messages - a page of a conversation's messages, newest page first, oldest to newest within it (participants only)
export const GET = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const query = messageListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const conversation = await getConversationOrThrow(idParam((await ctx.params).id, CONVERSATION_NOT_FOUND), viewer); // 404 to all but its two members
  const page = await listMessages(conversation, { limit: query.limit, cursor: query.cursor });
  return pageResponse(page.rows.map((row) => presentMessage(row, viewer.id)), { nextCursor: page.nextCursor });
});
