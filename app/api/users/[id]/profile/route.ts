import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentProfile } from "@/lib/server/users/presenters";
import { getProfile, getProfileTargetOrThrow } from "@/lib/server/users/queries";

// GET /api/users/:id/profile - a member's profile with its counts (privacy: 401 registered-only for visitors, 403 private)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  const { row, counts, isFollowing, messaging } = await getProfile(target, viewer);
  return Response.json(presentProfile(row, viewer, counts, isFollowing, messaging));
});
