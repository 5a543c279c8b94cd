import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { apiJson } from "@/lib/api-client/fetcher";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { RetryJson } from "@/lib/server/admin/presenters";

/** What the admin dashboard retries: a failed AI answer job or a failed e-mail. */
export type RetryTarget = "ai-job" | "email";

const RETRY_PATH: Record<RetryTarget, (id: number) => string> = {
  "ai-job": (id) => `/api/admin/ai-jobs/${id}/retry`,
  email: (id) => `/api/admin/mail/${id}/retry`,
};

/** The toasts' keys (namespace admin.toasts) of each target. */
const RETRY_MESSAGES = {
  "ai-job": { queued: "aiQueued", already: "aiAlready", failed: "aiFailed" },
  email: { queued: "mailQueued", already: "mailAlready", failed: "mailFailed" },
} as const satisfies Record<RetryTarget, { queued: string; already: string; failed: string }>;

/**
 * POST /api/admin/{ai-jobs|mail}/{id}/retry: puts a failed job back in line (repeating it changes
 * nothing); `onDone` runs after either answer, so the page can re-read the dashboard.
 */
export function useAdminRetry(target: RetryTarget, options: { onDone?: () => void } = {}) {
  const t = useTranslations("admin.toasts");
  return useMutation({
    mutationFn: (id: number) => apiJson<RetryJson>("POST", RETRY_PATH[target](id)),
    onSuccess: (result) => {
      if (result.retried) toastSuccess(t(RETRY_MESSAGES[target].queued), t("workerSoon"));
      else toastSuccess(t(RETRY_MESSAGES[target].already), t("statusNow", { status: result.status }));
      options.onDone?.();
    },
    onError: (error) => toastMutationError(error, t("error"), t(RETRY_MESSAGES[target].failed)),
  });
}
