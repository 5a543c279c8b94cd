import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentNotification } from "@/lib/server/notifications/presenters";
import { countNotifications, listNotifications } from "@/lib/server/notifications/queries";
import { notificationListQuerySchema } from "@/lib/validation/notifications";
import { searchParamsOf } from "@/lib/validation/questions";
import { requestLocale } from "@/lib/server/i18n/server-texts";

// GET /api/notifications - the member's notifications, newest first (?unread=true, limit, cursor)
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const query = notificationListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const [page, total] = await Promise.all([
    listNotifications(viewer.id, { limit: query.limit, cursor: query.cursor, unreadOnly: query.unread }),
    countNotifications(viewer.id, { unreadOnly: query.unread }),
  ]);
  const locale = requestLocale(req, viewer.preferences); // each item's `text` in the reader's language (issue 15)
  return pageResponse(
    page.rows.map((row) => presentNotification(row, viewer.id, locale)),
    { nextCursor: page.nextCursor, total },
  );
});
