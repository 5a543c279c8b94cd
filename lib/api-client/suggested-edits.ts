"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiJson, getJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { SuggestedEditJson } from "@/lib/server/suggested-edits/presenters";

export type SuggestedEdit = SuggestedEditJson;

/** What a Suggest edit dialog sends (POST /api/suggested-edits). */
export interface SuggestedEditBody {
  targetType: "question" | "answer";
  targetId: number;
  title?: string;
  description?: string;
  tagIds?: number[];
  content?: string;
  summary: string;
}


/** Sends a suggested edit; the question page then shows it waiting ('Your edit was submitted for review'). */
export function useSuggestEdit(questionId: number) {
  const t = useTranslations("suggestedEdits");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuggestedEditBody) => apiJson<SuggestedEdit>("POST", "/api/suggested-edits", body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.questions.detail(questionId) });
      void queryClient.invalidateQueries({ queryKey: keys.suggestedEdits.all });
      toastSuccess(t("toasts.submitted"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.submitFailed")),
  });
}

/** One suggested edit with both sides of its diff (GET /api/suggested-edits/{id}). */
export function useSuggestedEdit(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keys.suggestedEdits.detail(id),
    queryFn: ({ signal }) => getJson<SuggestedEdit>(`/api/suggested-edits/${id}`, { on401: "throw", signal }),
    enabled: options.enabled ?? true,
  });
}

/** Approves or rejects a suggested edit; the question page and the queue refresh ('Edit approved' / 'Edit rejected'). */
export function useReviewSuggestedEdit(questionId: number | null) {
  const t = useTranslations("suggestedEdits");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: "approve" | "reject"; reason?: string }) =>
      apiJson<SuggestedEdit>("POST", `/api/suggested-edits/${id}/${decision}`, decision === "reject" ? { reason: reason ?? null } : undefined),
    onSuccess: (edit) => {
      if (questionId !== null) void queryClient.invalidateQueries({ queryKey: keys.questions.detail(questionId) });
      void queryClient.invalidateQueries({ queryKey: keys.suggestedEdits.all });
      toastSuccess(edit.status === "approved" ? t("toasts.approved") : t("toasts.rejected"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.reviewFailed")),
  });
}
