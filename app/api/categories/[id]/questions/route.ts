import { getViewer } from "@/lib/server/auth/session";
import { CATEGORY_NOT_FOUND, getCategoryOrThrow } from "@/lib/server/categories/queries";
import { handler, idParam } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, listQuestions } from "@/lib/server/questions/queries";
import { categoryQuestionListQuerySchema } from "@/lib/validation/categories";
import { searchParamsOf } from "@/lib/validation/questions";

// GET /api/categories/:id/questions - the newest questions the viewer may see with any tag of the category (keyset pages)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, CATEGORY_NOT_FOUND); // 404
  const query = categoryQuestionListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const category = await getCategoryOrThrow(id, viewer); // 404
  const filters = { categoryId: category.id, sort: "newest" as const };
  const [page, total] = await Promise.all([
    listQuestions(viewer, { ...filters, limit: query.limit, cursor: query.cursor }),
    countQuestions(viewer, filters),
  ]);
  return pageResponse(page.rows.map((row) => presentQuestionSummary(row, viewer)), { nextCursor: page.nextCursor, total });
});
