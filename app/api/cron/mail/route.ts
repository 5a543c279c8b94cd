import { handler } from "@/lib/server/http";
import { requireCronSecret } from "@/lib/server/auth/cron-secret";
import { sendWeeklyDigests } from "@/lib/server/mail/digest";
import { deliverPendingEmails } from "@/lib/server/mail/sender";
import { deliverPendingPushes } from "@/lib/server/push/sender";

// A scheduler's call (Vercel Cron sends GET with the bearer token): the weekly digests that are
// due, then the outbox, then the push outbox (issue 15). Safe to call often and from several places at once.
async function run(req: Request): Promise<Response> {
  requireCronSecret(req); // 401
  const digests = await sendWeeklyDigests(new Date());
  const delivery = await deliverPendingEmails();
  const push = await deliverPendingPushes();
  return Response.json({ digests, delivery, push });
}

// GET /api/cron/mail - deliver the e-mail and push outboxes and enqueue due weekly digests (Bearer CRON_SECRET)
export const GET = handler(run);

// POST /api/cron/mail - the same, for schedulers that POST
export const POST = handler(run);

export const dynamic = "force-dynamic";
