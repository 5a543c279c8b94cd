import { handler } from "@/lib/server/http";
import { requireCronSecret } from "@/lib/server/auth/cron-secret";
import { processOwedAnswers, processOwedRevisions } from "@/lib/server/ai/worker";
import { processOwedEmbeddings } from "@/lib/server/similar/embeddings";

/** Owed answers one scheduler call writes (each can take up to two minutes; they run together). */
const CRON_BATCH = 3;

// GET /api/cron/ai-answers - a scheduler (e.g. Vercel Cron) writes a bounded batch of owed AI answers, then of owed revisions (issue 16), and computes a batch of owed question embeddings (issue 17)
export const GET = handler(async (req) => {
  requireCronSecret(req); // 401
  // The embeddings (issue 17, only with AI_EMBEDDING_MODEL) take seconds; the answers, minutes.
  const [result, embeddings] = await Promise.all([processOwedAnswers({ limit: CRON_BATCH }), processOwedEmbeddings()]);
  const revisions = await processOwedRevisions({ limit: Math.max(1, CRON_BATCH - result.claimed) });
  return Response.json({ ...result, revisions, embeddings });
});

// POST /api/cron/ai-answers - the same, for schedulers that POST
export const POST = GET;

export const maxDuration = 300;
