import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { followUser, unfollowUser } from "@/lib/server/users/mutations";
import { presentUserFollowState } from "@/lib/server/users/presenters";
import { getProfileTargetOrThrow } from "@/lib/server/users/queries";

// POST /api/users/:id/follow - follow a member (repeating it changes nothing; not yourself, the AI or a deleted account)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorize(viewer, "user.follow", target); // 403
  return Response.json(presentUserFollowState(await followUser(viewer, target)));
});

// DELETE /api/users/:id/follow - stop following a member (repeating it changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorize(viewer, "user.follow", target); // 403
  return Response.json(presentUserFollowState(await unfollowUser(viewer, target)));
});
