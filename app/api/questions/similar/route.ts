import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { chargeVisitorSearch } from "@/lib/server/search/limits";
import { presentSimilarQuestion } from "@/lib/server/similar/presenters";
import { findSimilarQuestions } from "@/lib/server/similar/queries";
import { draftEmbedding } from "@/lib/server/similar/embeddings";
import { searchParamsOf } from "@/lib/validation/questions";
import { similarQuerySchema } from "@/lib/validation/similar";

// GET /api/questions/similar?title=&description= - up to five questions the viewer may see that ask the same, best first (issue 17; visitors per-IP limit, like search)
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const query = similarQuerySchema.parse(searchParamsOf(req.url)); // 400 "Please enter a title of at least 3 characters..."
  authorize(viewer, "question.search");
  await chargeVisitorSearch(viewer, req); // 429 with Retry-After
  // With AI_EMBEDDING_MODEL, the draft's embedding re-ranks the candidates (bounded, cached; null, so lexical, on any failure).
  const embedding = await draftEmbedding(query.title, query.description);
  const rows = await findSimilarQuestions(viewer, { title: query.title, description: query.description, embedding });
  return Response.json(rows.map(presentSimilarQuestion));
});
