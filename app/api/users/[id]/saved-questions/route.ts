import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countSavedQuestions, getProfileTargetOrThrow, listSavedQuestions } from "@/lib/server/users/queries";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/users/:id/saved-questions - the member's own saved questions, most recently saved first (nobody else's)
export const GET = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorize(viewer, "user.viewSaved", target); // 403 for anyone else's
  const [page, total] = await Promise.all([listSavedQuestions(viewer, query), countSavedQuestions(viewer)]);
  return pageResponse(page.rows.map((row) => presentQuestionSummary(row, viewer)), { nextCursor: page.nextCursor, total });
});
