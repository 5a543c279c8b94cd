import { getViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, listQuestions } from "@/lib/server/questions/queries";
import { TAG_NOT_FOUND, getTagOrThrow } from "@/lib/server/tags/queries";
import { searchParamsOf, tagQuestionListQuerySchema } from "@/lib/validation/questions";

// GET /api/tags/:id/questions - the tag's questions the viewer may see (newest, active or votes; keyset pages)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, TAG_NOT_FOUND); // 404
  const query = tagQuestionListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const tag = await getTagOrThrow(id, viewer); // 404
  const filters = { tagId: tag.id, sort: query.sort === "active" ? ("activity" as const) : query.sort };
  const [page, total] = await Promise.all([
    listQuestions(viewer, { ...filters, limit: query.limit, cursor: query.cursor }),
    countQuestions(viewer, filters),
  ]);
  return pageResponse(page.rows.map((row) => presentQuestionSummary(row, viewer)), { nextCursor: page.nextCursor, total });
});
