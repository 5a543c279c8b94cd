import { getAdminOverview } from "@/lib/server/admin/queries";
import { presentAdminOverview } from "@/lib/server/admin/presenters";
import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";

// GET /api/admin/overview - the admin dashboard: totals, activity per day, the AI worker, the mail outbox, open flags, the staff
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "admin.view", undefined, "Only admins can see the admin dashboard"); // 403
  return Response.json(presentAdminOverview(await getAdminOverview(), viewer.id), { headers: { "Cache-Control": "private, no-store" } });
});
