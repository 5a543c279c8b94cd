import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { markNotificationRead } from "@/lib/server/notifications/mutations";
import { presentNotification } from "@/lib/server/notifications/presenters";
import { getNotificationOrThrow, NOTIFICATION_NOT_FOUND } from "@/lib/server/notifications/queries";
import { requestLocale } from "@/lib/server/i18n/server-texts";

// POST /api/notifications/:id/read - mark one of your notifications read (another member's is 404)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req, { whileSuspended: "allowed" }); // 401; a suspended member still reads their inbox (docs/SECURITY.md)
  const id = idParam((await ctx.params).id, NOTIFICATION_NOT_FOUND);
  const notification = await getNotificationOrThrow(id, viewer); // 404: missing, hidden, or someone else's
  await markNotificationRead(notification);
  return Response.json(presentNotification({ ...notification, isRead: true }, viewer.id, requestLocale(req, viewer.preferences)));
});
