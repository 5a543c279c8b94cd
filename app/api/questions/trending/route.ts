import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { listTrendingQuestions } from "@/lib/server/questions/queries";

/** Trending questions the landing page shows (SPEC.md section 9). */
const TRENDING_LIMIT = 5;

// GET /api/questions/trending - up to 5 trending questions the viewer may see (visitors too)
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const rows = await listTrendingQuestions(viewer, TRENDING_LIMIT);
  return Response.json(rows.map((row) => presentQuestionSummary(row, viewer)));
});
