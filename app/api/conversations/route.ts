import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentConversation } from "@/lib/server/direct-messages/presenters";
import { listConversations } from "@/lib/server/direct-messages/queries";
import { conversationListQuerySchema } from "@/lib/validation/direct-messages";
import { searchParamsOf } from "@/lib/validation/questions";

// GET /api/conversations - the viewer's conversations, newest activity first (limit, cursor)
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const query = conversationListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const page = await listConversations(viewer, { limit: query.limit, cursor: query.cursor });
  return pageResponse(page.rows.map((row) => presentConversation(row, viewer.id)), { nextCursor: page.nextCursor });
});
