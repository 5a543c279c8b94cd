import { requireViewer } from "@/lib/server/auth/session";
import { notFound } from "@/lib/server/errors";
import { deleteGroupInvitation } from "@/lib/server/groups/mutations";
import { GROUP_MESSAGES, GROUP_NOT_FOUND, INVITATION_NOT_FOUND, getGroupOrThrow, inviteeIdParam } from "@/lib/server/groups/queries";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";

// DELETE /api/groups/:id/invitations/:userId - the creator withdraws an invitation, or the invited member declines it
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const params = await ctx.params;
  const id = idParam(params.id, GROUP_NOT_FOUND); // 404
  const userId = inviteeIdParam(params.userId); // 404
  const group = await getGroupOrThrow(id); // 404
  authorize(viewer, "group.cancelInvitation", { group, userId }, GROUP_MESSAGES.notYourInvitation); // 403
  if (!(await deleteGroupInvitation(group, userId))) throw notFound(INVITATION_NOT_FOUND); // 404
  return new Response(null, { status: 204 });
});
