import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { countUnreadConversations } from "@/lib/server/direct-messages/queries";

// GET /api/conversations/unread-count - how many of the viewer's conversations hold unread messages ({ count })
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  return Response.json({ count: await countUnreadConversations(viewer) });
});
