import { getViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { presentTagStats } from "@/lib/server/tags/presenters";
import { TAG_NOT_FOUND, getTagOrThrow } from "@/lib/server/tags/queries";

// GET /api/tags/:id/stats - the tag's question count (as the viewer may see them) and follower count
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, TAG_NOT_FOUND); // 404
  const tag = await getTagOrThrow(id, viewer); // 404
  return Response.json(presentTagStats(tag));
});
