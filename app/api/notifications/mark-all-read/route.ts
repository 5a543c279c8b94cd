import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { markAllNotificationsRead } from "@/lib/server/notifications/mutations";

// POST /api/notifications/mark-all-read - mark all your notifications read
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req, { whileSuspended: "allowed" }); // 401; a suspended member still reads their inbox (docs/SECURITY.md)
  const updated = await markAllNotificationsRead(viewer);
  return Response.json({ updated });
});
