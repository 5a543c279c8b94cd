import { useMutation } from "@tanstack/react-query";

import { apiJson } from "@/lib/api-client/fetcher";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { RetryJson } from "@/lib/server/admin/presenters";

/** What the admin dashboard retries: a failed AI answer job or a failed e-mail. */
export type RetryTarget = "ai-job" | "email";

const RETRY_PATH: Record<RetryTarget, (id: number) => string> = {
  "ai-job": (id) => `/api/admin/ai-jobs/${id}/retry`,
  email: (id) => `/api/admin/mail/${id}/retry`,
};

const RETRY_MESSAGES: Record<RetryTarget, { queued: string; already: string; failed: string }> = {
  "ai-job": { queued: "AI answer queued again", already: "This AI answer is no longer failed", failed: "Failed to retry the AI answer. Please try again." },
  email: { queued: "E-mail queued again", already: "This e-mail is no longer failed", failed: "Failed to retry the e-mail. Please try again." },
};

/**
 * POST /api/admin/{ai-jobs|mail}/{id}/retry: puts a failed job back in line (repeating it changes
 * nothing); `onDone` runs after either answer, so the page can re-read the dashboard.
 */
export function useAdminRetry(target: RetryTarget, options: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: (id: number) => apiJson<RetryJson>("POST", RETRY_PATH[target](id)),
    onSuccess: (result) => {
      if (result.retried) toastSuccess(RETRY_MESSAGES[target].queued, "The worker will pick it up in a moment.");
      else toastSuccess(RETRY_MESSAGES[target].already, `Its status is now “${result.status}”.`);
      options.onDone?.();
    },
    onError: (error) => toastMutationError(error, "Error", RETRY_MESSAGES[target].failed),
  });
}
