import { handler } from "@/lib/server/http";
import { requireCronSecret } from "@/lib/server/auth/cron-secret";
import { runRetention } from "@/lib/server/retention";

// A scheduler's call: prune old view records, sent e-mails, expired sessions and rate limits,
// finished AI jobs' streamed text (schedule in lib/server/retention.ts). Safe to call often.
async function run(req: Request): Promise<Response> {
  requireCronSecret(req); // 401
  return Response.json(await runRetention());
}

// GET /api/cron/retention - prune tables that grow without bound (Bearer CRON_SECRET)
export const GET = handler(run);

// POST /api/cron/retention - the same, for schedulers that POST
export const POST = handler(run);

export const dynamic = "force-dynamic";
export const maxDuration = 60;
