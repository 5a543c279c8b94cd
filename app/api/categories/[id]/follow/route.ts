import { requireViewer } from "@/lib/server/auth/session";
import { followCategory, unfollowCategory } from "@/lib/server/categories/mutations";
import { presentCategoryFollowState } from "@/lib/server/categories/presenters";
import { CATEGORY_NOT_FOUND, getCategoryOrThrow } from "@/lib/server/categories/queries";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";

// POST /api/categories/:id/follow - follow a category (repeating it changes nothing)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, CATEGORY_NOT_FOUND); // 404
  const category = await getCategoryOrThrow(id, viewer); // 404
  authorize(viewer, "category.follow");
  return Response.json(presentCategoryFollowState(await followCategory(viewer, category))); // 429 past 20 new follows a day
});

// DELETE /api/categories/:id/follow - stop following a category (repeating it changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, CATEGORY_NOT_FOUND); // 404
  const category = await getCategoryOrThrow(id, viewer); // 404
  authorize(viewer, "category.follow");
  return Response.json(presentCategoryFollowState(await unfollowCategory(viewer, category)));
});
