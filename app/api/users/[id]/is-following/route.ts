import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { presentIsFollowingUser } from "@/lib/server/users/presenters";
import { getProfileTargetOrThrow, isFollowingUser } from "@/lib/server/users/queries";

// GET /api/users/:id/is-following - whether the viewer follows the member (false for visitors)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  return Response.json(presentIsFollowingUser(await isFollowingUser(viewer, target.id)));
});
