import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { countUnreadNotifications } from "@/lib/server/notifications/queries";

// GET /api/notifications/unread-count - how many of the member's notifications are unread
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req);
  return Response.json({ count: await countUnreadNotifications(viewer.id) });
});
