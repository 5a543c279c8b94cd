import { requireViewer } from "@/lib/server/auth/session";
import { conflict } from "@/lib/server/errors";
import { joinGroup, joinGroupByInvitation, requestToJoinGroup, withdrawJoinRequest } from "@/lib/server/groups/mutations";
import { presentGroup, presentMembershipChange } from "@/lib/server/groups/presenters";
import { GROUP_MESSAGES, GROUP_NOT_FOUND, getGroupDetailOrThrow, getGroupOrThrow, withGroupMembership } from "@/lib/server/groups/queries";
import { handler, idParam } from "@/lib/server/http";
import { authorize, isMemberOfGroup } from "@/lib/server/policy";

// POST /api/groups/:id/join - join a public group or accept an invitation, or ask to join a private one (its creator decides)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const group = await getGroupOrThrow(id); // 404
  const member = (await withGroupMembership(viewer, group.id))!;
  if (isMemberOfGroup(member, group)) throw conflict(GROUP_MESSAGES.alreadyMember); // 409
  authorize(member, "group.join", group); // 403
  // An invitation lets the member straight in, private group or not (accepting it).
  const invited = await joinGroupByInvitation(viewer, group);
  if (!invited && group.isPrivate) await requestToJoinGroup(viewer, group);
  else if (!invited) await joinGroup(viewer, group);
  const updated = await getGroupDetailOrThrow(id, viewer);
  return Response.json(presentMembershipChange(invited || !group.isPrivate ? "joined" : "requested", presentGroup(updated, viewer)));
});

// DELETE /api/groups/:id/join - withdraw a pending request to join a private group (nothing to withdraw changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const group = await getGroupOrThrow(id); // 404
  await withdrawJoinRequest(viewer, group);
  const updated = await getGroupDetailOrThrow(id, viewer);
  return Response.json(presentMembershipChange("withdrawn", presentGroup(updated, viewer)));
});
