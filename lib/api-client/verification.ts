"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { updateAnswer, updateQuestionDetail } from "@/lib/api-client/question-cache";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { VerificationJson } from "@/lib/server/verification/presenters";
import type { Verdict } from "@/lib/validation/verification";
import type { AiRevisionJson } from "@/lib/ai-revision";

/** What POST and DELETE /api/answers/{id}/verification answer. */
export interface VerdictResult {
  answerId: number;
  verification: VerificationJson | null;
  /** The automatic answer's revision state: a dispute owes a revision ("Being revised…", issue 16). */
  aiRevision: AiRevisionJson | null;
}

/** A verdict to give (`verdict`, with a reason for incorrect), or null to withdraw the viewer's. */
export type VerdictChange = { verdict: Verdict; reason?: string } | null;

/**
 * Gives, changes or withdraws the viewer's verdict on an AI answer of the question; the answer's
 * tally, status and reasons come back from the server and replace the cached ones.
 */
export function useVerdict(questionId: number, answerId: number) {
  const t = useTranslations("verification");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VerdictChange) =>
      change === null
        ? apiJson<VerdictResult>("DELETE", `/api/answers/${answerId}/verification`)
        : apiJson<VerdictResult>("POST", `/api/answers/${answerId}/verification`, change),
    onSuccess: (result, change) => {
      updateQuestionDetail(queryClient, questionId, (q) => updateAnswer(q, answerId, (a) => ({ ...a, verification: result.verification, aiRevision: result.aiRevision })));
      toastSuccess(change === null ? t("toasts.withdrawn") : t("toasts.saved"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.failed")),
  });
}

/** What POST /api/answers/{id}/revise answers. */
export interface RevisionRequestResult {
  answerId: number;
  aiRevision: AiRevisionJson | null;
}

/**
 * A moderator's request for a review of the automatic answer (issue 16): the answer's revision
 * state comes back ("Being revised…") and replaces the cached one.
 */
export function useRequestRevision(questionId: number, answerId: number) {
  const t = useTranslations("verification");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<RevisionRequestResult>("POST", `/api/answers/${answerId}/revise`, {}),
    onSuccess: (result) => {
      updateQuestionDetail(queryClient, questionId, (q) => updateAnswer(q, answerId, (a) => ({ ...a, aiRevision: result.aiRevision })));
      toastSuccess(t("revision.requested"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("revision.requestFailed")),
  });
}

/** What GET /api/ai/quota answers. */
export interface AiQuota {
  limit: number;
  remaining: number;
  /** When the hour's window ends; null while none was spent. */
  resetsAt: string | null;
}

/** The member's AI answers left this hour (the Generate box); refreshed after each preview. */
export function useAiQuota() {
  return useQuery<AiQuota>({ queryKey: keys.aiQuota, staleTime: 30_000 });
}
