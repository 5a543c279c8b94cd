import { requireViewer } from "@/lib/server/auth/session";
import { conflict, forbidden } from "@/lib/server/errors";
import { leaveGroup } from "@/lib/server/groups/mutations";
import { presentGroup, presentMembershipChange } from "@/lib/server/groups/presenters";
import { GROUP_MESSAGES, GROUP_NOT_FOUND, getGroupDetailOrThrow, getGroupOrThrow, withGroupMembership } from "@/lib/server/groups/queries";
import { handler, idParam } from "@/lib/server/http";
import { authorize, isCreatorOfGroup, isMemberOfGroup } from "@/lib/server/policy";

// POST /api/groups/:id/leave - leave a group (its creator cannot)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const group = await getGroupOrThrow(id); // 404
  const member = (await withGroupMembership(viewer, group.id))!;
  if (isCreatorOfGroup(member, group)) throw forbidden(GROUP_MESSAGES.creatorCannotLeave); // 403 for the creator
  if (!isMemberOfGroup(member, group)) throw conflict(GROUP_MESSAGES.notMember); // 409
  authorize(member, "group.leave", group); // 403
  await leaveGroup(viewer, group);
  const updated = await getGroupDetailOrThrow(id, viewer);
  return Response.json(presentMembershipChange("left", presentGroup(updated, viewer)));
});
