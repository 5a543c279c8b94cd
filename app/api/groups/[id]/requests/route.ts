import { requireViewer } from "@/lib/server/auth/session";
import { presentJoinRequest } from "@/lib/server/groups/presenters";
import { GROUP_MESSAGES, GROUP_NOT_FOUND, countJoinRequests, getGroupOrThrow, listJoinRequests } from "@/lib/server/groups/queries";
import { handler, idParam } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { groupRequestsQuerySchema } from "@/lib/validation/groups";
import { searchParamsOf } from "@/lib/validation/questions";

// GET /api/groups/:id/requests - pending requests to join a private group, oldest first (creator only)
export const GET = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const query = groupRequestsQuerySchema.parse(searchParamsOf(req.url)); // 400
  const group = await getGroupOrThrow(id); // 404
  authorize(viewer, "group.reviewRequests", group, GROUP_MESSAGES.onlyCreatorReviews); // 403
  const [page, total] = await Promise.all([listJoinRequests(group.id, query), countJoinRequests(group.id)]);
  return pageResponse(page.rows.map((row) => presentJoinRequest(row, viewer)), { nextCursor: page.nextCursor, total });
});
