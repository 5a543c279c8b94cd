import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentUserGroup } from "@/lib/server/users/presenters";
import { getProfileTargetOrThrow, listUserGroups } from "@/lib/server/users/queries";

// GET /api/users/:id/groups - the groups the member belongs to (private ones only to their fellow members)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  return Response.json((await listUserGroups(target.id, viewer)).map(presentUserGroup));
});
