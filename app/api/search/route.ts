import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { chargeVisitorSearch } from "@/lib/server/search/limits";
import { presentSearchResult } from "@/lib/server/search/presenters";
import { searchQuestions } from "@/lib/server/search/queries";
import { searchParamsOf } from "@/lib/validation/questions";
import { searchQuerySchema } from "@/lib/validation/search";

// GET /api/search?q= - full-text search over the questions the viewer may see, best match first (visitors too, per-IP limit)
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const query = searchQuerySchema.parse(searchParamsOf(req.url)); // 400 "Please enter a search term"
  authorize(viewer, "question.search");
  await chargeVisitorSearch(viewer, req); // 429 with Retry-After
  const page = await searchQuestions(viewer, query);
  return pageResponse(page.rows.map((row) => presentSearchResult(row, viewer)), { nextCursor: page.nextCursor, total: page.total });
});
