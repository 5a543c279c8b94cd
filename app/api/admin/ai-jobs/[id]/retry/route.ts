import { AI_JOB_NOT_FOUND, retryAiJob } from "@/lib/server/admin/mutations";
import { presentRetry } from "@/lib/server/admin/presenters";
import { kickAiWorker } from "@/lib/server/ai/worker";
import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";

// POST /api/admin/ai-jobs/:id/retry - put a failed AI answer job back to pending (repeating it changes nothing)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "admin.retryJobs", undefined, "Only admins can retry AI answer jobs"); // 403
  const id = idParam((await ctx.params).id, AI_JOB_NOT_FOUND); // 404
  const result = await retryAiJob(id); // 404
  if (result.retried) kickAiWorker();
  return Response.json(presentRetry(result));
});
