import { getViewer } from "@/lib/server/auth/session";
import { presentCategoryDetail } from "@/lib/server/categories/presenters";
import { CATEGORY_NOT_FOUND, getCategoryOrThrow } from "@/lib/server/categories/queries";
import { handler, idParam } from "@/lib/server/http";
import { listCategoryTags } from "@/lib/server/tags/queries";

// GET /api/categories/:id - a category with its counts, the viewer's follow state and its tags
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, CATEGORY_NOT_FOUND); // 404
  const category = await getCategoryOrThrow(id, viewer); // 404
  const tags = await listCategoryTags(category.id, viewer);
  return Response.json(presentCategoryDetail(category, tags));
});
