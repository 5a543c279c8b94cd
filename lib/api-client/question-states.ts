"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { apiJson, getJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { markQuestionListsStale, updateQuestionDetail, type QuestionDetail } from "@/lib/api-client/question-cache";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { ClosureJson, LockedJson } from "@/lib/server/question-states/presenters";
import type { CloseQuestionInput } from "@/lib/validation/question-states";

/** The question page's copy of a closure answer (POST / DELETE /api/questions/{id}/close). */
function withClosure(question: QuestionDetail, closure: ClosureJson): QuestionDetail {
  return {
    ...question,
    isClosed: closure.closed !== null,
    closed: closure.closed,
    closeVotes: closure.closeVotes,
    reopenVotes: closure.reopenVotes,
    viewerCloseVote: closure.viewerVote,
  };
}

/**
 * Close (a moderator's call) or vote to close (a member with the privilege); `input` null
 * reopens or votes to reopen. The page shows the new state from the answer at once.
 */
export function useCloseQuestion(questionId: number) {
  const t = useTranslations("question");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloseQuestionInput | null) =>
      input === null
        ? apiJson<ClosureJson>("DELETE", `/api/questions/${questionId}/close`)
        : apiJson<ClosureJson>("POST", `/api/questions/${questionId}/close`, input),
    onSuccess: (closure, input) => {
      const before = queryClient.getQueryData<QuestionDetail>(keys.questions.detail(questionId));
      updateQuestionDetail(queryClient, questionId, (q) => withClosure(q, closure));
      const flipped = (before?.closed !== null) !== (closure.closed !== null);
      if (flipped) markQuestionListsStale(queryClient);
      if (input === null) toastSuccess(closure.closed ? t("toasts.reopenVoteCounted") : t("toasts.reopened"));
      else toastSuccess(closure.closed ? t("toasts.closed") : t("toasts.closeVoteCounted"));
    },
    onError: (error) => toastMutationError(error, t("toasts.closeFailed"), error instanceof Error ? error.message : t("toasts.tryAgain")),
  });
}

/** Lock (true) or unlock (false) a question (moderators and admins); the page reloads its copy, as every control under it changes. */
export function useLockQuestion(questionId: number) {
  const t = useTranslations("question");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locked: boolean) => apiJson<{ locked: LockedJson | null }>(locked ? "POST" : "DELETE", `/api/questions/${questionId}/lock`, {}),
    onSuccess: ({ locked }) => {
      updateQuestionDetail(queryClient, questionId, (q) => ({ ...q, locked }));
      void queryClient.invalidateQueries({ queryKey: keys.questions.detail(questionId), exact: true });
      toastSuccess(locked ? t("toasts.locked") : t("toasts.unlocked"));
    },
    onError: (error) => toastMutationError(error, t("toasts.lockFailed"), error instanceof Error ? error.message : t("toasts.tryAgain")),
  });
}

/** The title of the question a duplicate would point to (null while there is no id); the Close dialog shows it before confirming. */
export function useOriginalQuestion(id: number | null) {
  return useQuery({
    queryKey: [...keys.questions.detail(id ?? 0), "original"] as const,
    queryFn: ({ signal }) => getJson<{ id: number; title: string }>(`/api/questions/${id}`, { signal }),
    enabled: id !== null,
    select: (q) => ({ id: q.id, title: q.title }),
    retry: false,
    staleTime: 60_000,
  });
}
