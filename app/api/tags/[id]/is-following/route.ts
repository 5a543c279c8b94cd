import { getViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { presentIsFollowing } from "@/lib/server/tags/presenters";
import { TAG_NOT_FOUND, getTagOrThrow, isFollowingTag } from "@/lib/server/tags/queries";

// GET /api/tags/:id/is-following - whether the viewer follows the tag (false for visitors)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, TAG_NOT_FOUND); // 404
  const tag = await getTagOrThrow(id, viewer); // 404
  return Response.json(presentIsFollowing(await isFollowingTag(viewer, tag.id)));
});
