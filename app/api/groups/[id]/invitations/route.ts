import { requireViewer } from "@/lib/server/auth/session";
import { conflict } from "@/lib/server/errors";
import { inviteToGroup } from "@/lib/server/groups/mutations";
import { presentGroupInvitation } from "@/lib/server/groups/presenters";
import {
  GROUP_MESSAGES, GROUP_NOT_FOUND, countGroupInvitations, getGroupInvitation, getGroupOrThrow, getInviteeOrThrow, listGroupInvitations,
} from "@/lib/server/groups/queries";
import { handler, idParam, readJson } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { groupInvitationCreateSchema, groupInvitationsQuerySchema } from "@/lib/validation/groups";
import { searchParamsOf } from "@/lib/validation/questions";

// GET /api/groups/:id/invitations - the group's pending invitations, oldest first (creator only)
export const GET = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const query = groupInvitationsQuerySchema.parse(searchParamsOf(req.url)); // 400
  const group = await getGroupOrThrow(id); // 404
  authorize(viewer, "group.invite", group, GROUP_MESSAGES.onlyCreatorInvites); // 403
  const [page, total] = await Promise.all([listGroupInvitations(group.id, query), countGroupInvitations(group.id)]);
  return pageResponse(page.rows.map((row) => presentGroupInvitation(row, viewer)), { nextCursor: page.nextCursor, total });
});

// POST /api/groups/:id/invitations - invite a member to the group; they are told and may accept or decline (creator only)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const input = groupInvitationCreateSchema.parse(await readJson(req)); // 400
  const group = await getGroupOrThrow(id); // 404
  authorize(viewer, "group.invite", group, GROUP_MESSAGES.onlyCreatorInvites); // 403
  const invitee = await getInviteeOrThrow(input.userId); // 404
  await charge("groupInviteHourly", viewer.id); // 429
  const outcome = await inviteToGroup(group, viewer, invitee.id);
  if (outcome === "member") throw conflict(GROUP_MESSAGES.inviteeAlreadyMember); // 409
  if (outcome === "invited") throw conflict(GROUP_MESSAGES.alreadyInvited); // 409
  const invitation = (await getGroupInvitation(group.id, invitee.id))!;
  return Response.json(presentGroupInvitation(invitation, viewer), { status: 201 });
});
