"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { FlagCreateInput, FlagTargetType, ReviewActionInput } from "@/lib/validation/flags";

/** What POST /api/flags answers (docs/API.md: Flag). */
export interface FlagResult {
  id: number;
  targetType: FlagTargetType;
  targetId: number;
  reason: string;
  status: "open" | "dismissed" | "actioned";
  postHidden: boolean;
}

/** Flags a post ('Thanks — a moderator will review this.'); flagging it again changes nothing. */
export function useFlagPost() {
  const t = useTranslations("flags");
  return useMutation({
    mutationFn: (input: FlagCreateInput) => apiJson<FlagResult>("POST", "/api/flags", input),
    onSuccess: () => toastSuccess(t("toasts.flagged")),
    onError: (error) => toastMutationError(error, t("toasts.flagFailed"), error instanceof Error ? error.message : t("toasts.tryAgain")),
  });
}

/** A moderator's action on a flagged post from the review queue; the queue reloads after it. */
export function useReviewAction() {
  const t = useTranslations("flags");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewActionInput) => apiJson<{ resolvedFlags: number }>("POST", "/api/review/actions", input),
    onSuccess: (_result, input) => {
      const done: Record<ReviewActionInput["action"], string> = {
        dismiss: t("toasts.dismissed"),
        hide: t("toasts.hidden"),
        unhide: t("toasts.restored"),
        delete: t("toasts.deleted"),
        lock: t("toasts.locked"),
        suspend: t("toasts.suspended"),
      };
      toastSuccess(done[input.action]);
    },
    onError: (error) => toastMutationError(error, t("toasts.actionFailed"), error instanceof Error ? error.message : t("toasts.tryAgain")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.review.all }),
  });
}
