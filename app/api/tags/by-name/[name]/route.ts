import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { presentTag } from "@/lib/server/tags/presenters";
import { getTagByNameOrThrow } from "@/lib/server/tags/queries";

// GET /api/tags/by-name/:name - a tag by its name (case-insensitive), or 404 "Tag not found"
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const name = (await ctx.params).name ?? "";
  const tag = await getTagByNameOrThrow(name, viewer); // 404
  return Response.json(presentTag(tag));
});
