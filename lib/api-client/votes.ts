"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { applyVote, markQuestionListsStale, updateAnswer, updateQuestionDetail, type QuestionDetail } from "@/lib/api-client/question-cache";
import { toastMutationError } from "@/lib/api-client/toast";
import type { VoteResultJson } from "@/lib/server/answers/presenters";
import type { QuestionVoteResultJson } from "@/lib/server/questions/presenters";
import type { VoteType } from "@/lib/validation/votes";

/** What POST and DELETE /api/answers/{id}/vote answer. */
export type VoteResult = VoteResultJson;

/** The call a click makes: the arrow already highlighted withdraws the vote, the other sets it. */
export function voteRequest(current: VoteType | null, clicked: VoteType): { method: "POST" | "DELETE"; next: VoteType | null } {
  return current === clicked ? { method: "DELETE", next: null } : { method: "POST", next: clicked };
}

/**
 * Votes on an answer of the question, or withdraws the vote (next: null). The arrow and score
 * change at once and go back if the call fails ('Failed to vote. Please try again.').
 */
export function useVote(questionId: number, answerId: number) {
  const t = useTranslations("answer");
  const queryClient = useQueryClient();
  const detailKey = keys.questions.detail(questionId);
  return useMutation({
    mutationFn: (next: VoteType | null) =>
      next === null
        ? apiJson<VoteResult>("DELETE", `/api/answers/${answerId}/vote`)
        : apiJson<VoteResult>("POST", `/api/answers/${answerId}/vote`, { voteType: next }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      const previous = queryClient.getQueryData<QuestionDetail>(detailKey);
      updateQuestionDetail(queryClient, questionId, (q) => updateAnswer(q, answerId, (a) => applyVote(a, next)));
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
      toastMutationError(error, t("toasts.error"), t("toasts.voteFailed"));
    },
    onSuccess: (result) => {
      markQuestionListsStale(queryClient);
      updateQuestionDetail(queryClient, questionId, (q) =>
        updateAnswer(q, answerId, (a) => ({ ...a, voteScore: result.voteScore, viewerVote: result.viewerVote })),
      );
    },
  });
}

/**
 * Votes on the question itself, or withdraws the vote (next: null); like useVote, the arrow and
 * score change at once and go back if the call fails.
 */
export function useQuestionVote(questionId: number) {
  const t = useTranslations("answer");
  const queryClient = useQueryClient();
  const detailKey = keys.questions.detail(questionId);
  return useMutation({
    mutationFn: (next: VoteType | null) =>
      next === null
        ? apiJson<QuestionVoteResultJson>("DELETE", `/api/questions/${questionId}/vote`)
        : apiJson<QuestionVoteResultJson>("POST", `/api/questions/${questionId}/vote`, { voteType: next }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      const previous = queryClient.getQueryData<QuestionDetail>(detailKey);
      updateQuestionDetail(queryClient, questionId, (q) => applyVote(q, next));
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
      toastMutationError(error, t("toasts.error"), t("toasts.voteFailed"));
    },
    onSuccess: (result) => {
      markQuestionListsStale(queryClient);
      updateQuestionDetail(queryClient, questionId, (q) => ({ ...q, voteScore: result.voteScore, viewerVote: result.viewerVote }));
    },
  });
}
