import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countUserQuestions, getProfileTargetOrThrow, listUserQuestions } from "@/lib/server/users/queries";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/users/:id/questions - the member's questions the viewer may see, newest first (keyset pages)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  const [page, total] = await Promise.all([listUserQuestions(target.id, viewer, query), countUserQuestions(target.id, viewer)]);
  return pageResponse(page.rows.map((row) => presentQuestionSummary(row, viewer)), { nextCursor: page.nextCursor, total });
});
