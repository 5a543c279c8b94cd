import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { followTag, unfollowTag } from "@/lib/server/tags/mutations";
import { presentFollowState } from "@/lib/server/tags/presenters";
import { TAG_NOT_FOUND, getTagOrThrow } from "@/lib/server/tags/queries";

// POST /api/tags/:id/follow - follow a tag (repeating it changes nothing)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, TAG_NOT_FOUND); // 404
  const tag = await getTagOrThrow(id, viewer); // 404
  authorize(viewer, "tag.follow");
  return Response.json(presentFollowState(await followTag(viewer, tag)));
});

// DELETE /api/tags/:id/follow - stop following a tag (repeating it changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, TAG_NOT_FOUND); // 404
  const tag = await getTagOrThrow(id, viewer); // 404
  authorize(viewer, "tag.follow");
  return Response.json(presentFollowState(await unfollowTag(viewer, tag)));
});
