import { getViewer } from "@/lib/server/auth/session";
import { GROUP_NOT_FOUND, getGroupOrThrow, withGroupMembership } from "@/lib/server/groups/queries";
import { handler, idParam } from "@/lib/server/http";
import { isMemberOfGroup } from "@/lib/server/policy";

// GET /api/groups/:id/is-member - whether the viewer belongs to the group: a bare JSON true or false (false for visitors)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const group = await getGroupOrThrow(id); // 404
  const member = await withGroupMembership(viewer, group.id);
  return Response.json(isMemberOfGroup(member, group));
});
