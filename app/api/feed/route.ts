import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countFollowingQuestions, listFollowingQuestions } from "@/lib/server/questions/queries";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/feed - the member's following feed: questions in followed tags or categories, or by followed members, newest first
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const [page, total] = await Promise.all([listFollowingQuestions(viewer, query), countFollowingQuestions(viewer)]);
  return pageResponse(page.rows.map((row) => presentQuestionSummary(row, viewer)), { nextCursor: page.nextCursor, total });
});
