import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentSearchResult } from "@/lib/server/search/presenters";
import { searchQuestions } from "@/lib/server/search/queries";
import { searchParamsOf } from "@/lib/validation/questions";
import { searchQuerySchema } from "@/lib/validation/search";

// GET /api/search?q= - full-text search over the questions the viewer may see, best match first
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const query = searchQuerySchema.parse(searchParamsOf(req.url)); // 400 "Please enter a search term"
  const page = await searchQuestions(viewer, query);
  return pageResponse(page.rows.map((row) => presentSearchResult(row, viewer)), { nextCursor: page.nextCursor, total: page.total });
});
