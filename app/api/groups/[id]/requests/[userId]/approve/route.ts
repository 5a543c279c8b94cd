import { requireViewer } from "@/lib/server/auth/session";
import { notFound } from "@/lib/server/errors";
import { approveJoinRequest } from "@/lib/server/groups/mutations";
import { presentJoinRequestDecision } from "@/lib/server/groups/presenters";
import { GROUP_MESSAGES, GROUP_NOT_FOUND, JOIN_REQUEST_NOT_FOUND, getGroupOrThrow, getMemberCount, memberIdParam } from "@/lib/server/groups/queries";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";

// POST /api/groups/:id/requests/:userId/approve - let the member in on their request (creator only)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const params = await ctx.params;
  const id = idParam(params.id, GROUP_NOT_FOUND); // 404
  const userId = memberIdParam(params.userId); // 404
  const group = await getGroupOrThrow(id); // 404
  authorize(viewer, "group.reviewRequests", group, GROUP_MESSAGES.onlyCreatorReviews); // 403
  if ((await approveJoinRequest(group, userId)) === "missing") throw notFound(JOIN_REQUEST_NOT_FOUND); // 404
  return Response.json(presentJoinRequestDecision(userId, "approved", await getMemberCount(group.id)));
});
