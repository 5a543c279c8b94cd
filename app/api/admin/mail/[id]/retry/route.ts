import { EMAIL_NOT_FOUND, retryEmail } from "@/lib/server/admin/mutations";
import { presentRetry } from "@/lib/server/admin/presenters";
import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { kickMailSender } from "@/lib/server/mail/sender";
import { authorize } from "@/lib/server/policy";

// POST /api/admin/mail/:id/retry - put a failed e-mail back in the outbox (repeating it changes nothing)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "admin.retryJobs", undefined, "Only admins can retry e-mails"); // 403
  const id = idParam((await ctx.params).id, EMAIL_NOT_FOUND); // 404
  const result = await retryEmail(id); // 404
  if (result.retried) kickMailSender();
  return Response.json(presentRetry(result));
});
