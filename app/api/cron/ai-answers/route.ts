import { handler } from "@/lib/server/http";
import { requireCronSecret } from "@/lib/server/auth/cron-secret";
import { processOwedAnswers } from "@/lib/server/ai/worker";

/** Owed answers one scheduler call writes (each can take up to two minutes; they run together). */
const CRON_BATCH = 3;

// GET /api/cron/ai-answers - a scheduler (e.g. Vercel Cron) writes a bounded batch of owed AI answers
export const GET = handler(async (req) => {
  requireCronSecret(req); // 401
  const result = await processOwedAnswers({ limit: CRON_BATCH });
  return Response.json(result);
});

// POST /api/cron/ai-answers - the same, for schedulers that POST
export const POST = GET;

export const maxDuration = 300;
