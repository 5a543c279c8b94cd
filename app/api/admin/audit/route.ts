import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentAuditEntry } from "@/lib/server/moderation/presenters";
import { listAuditEntries } from "@/lib/server/moderation/queries";
import { authorize, SITE } from "@/lib/server/policy";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/admin/audit - the audit log of moderator and admin actions, newest first (moderators and admins)
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "audit.view", SITE, "Only moderators and admins can read the audit log."); // 403
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const page = await listAuditEntries(viewer, { limit: query.limit, cursor: query.cursor });
  return pageResponse(page.rows.map((row) => presentAuditEntry(row, page.targets, viewer.id)), { nextCursor: page.nextCursor });
});
