"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiJson, apiRequest } from "@/lib/api-client/fetcher";
import { fetchListPage } from "@/lib/api-client/paging";
import {
  addLoadedComments,
  insertComment,
  markQuestionListsStale,
  removeComment,
  replaceComment,
  updateQuestionDetail,
  type Comment,
} from "@/lib/api-client/question-cache";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";

/** Comments on an answer of the question ('Comment posted'). */
export function useAddComment(questionId: number, answerId: number) {
  const t = useTranslations("comments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiJson<Comment>("POST", `/api/answers/${answerId}/comments`, { content }),
    onSuccess: (comment) => {
      markQuestionListsStale(queryClient);
      updateQuestionDetail(queryClient, questionId, (q) => insertComment(q, comment));
      toastSuccess(t("toasts.posted"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.addFailed")),
  });
}

/** Most comments one request of "Show N more comments" asks for (the server's page cap). */
const MORE_COMMENTS_PAGE = 100;

/**
 * "Show N more comments": loads the rest of an answer's comments (GET /api/answers/{id}/comments
 * from the answer's `commentsCursor`, page after page) into the cached question page.
 */
export function useShowMoreComments(questionId: number, answerId: number) {
  const t = useTranslations("comments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cursor: string) => {
      const loaded: Comment[] = [];
      let next: string | null = cursor;
      while (next) {
        const page: { items: Comment[]; nextCursor: string | null } = await fetchListPage<Comment>(`/api/answers/${answerId}/comments`, { limit: MORE_COMMENTS_PAGE }, next);
        loaded.push(...page.items);
        next = page.nextCursor;
      }
      return loaded;
    },
    onSuccess: (loaded) => updateQuestionDetail(queryClient, questionId, (q) => addLoadedComments(q, answerId, loaded, null)),
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.loadFailed")),
  });
}

/** Replies to a comment ('Success' - 'Comment added successfully'). */
export function useReplyToComment(questionId: number, parentId: number) {
  const t = useTranslations("comments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiJson<Comment>("POST", `/api/comments/${parentId}/replies`, { content }),
    onSuccess: (comment) => {
      markQuestionListsStale(queryClient);
      updateQuestionDetail(queryClient, questionId, (q) => insertComment(q, comment));
      toastSuccess(t("toasts.replyPostedTitle"), t("toasts.replyPosted"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.replyFailed")),
  });
}

/** Edits one of the viewer's comments ('Comment updated'). */
export function useUpdateComment(questionId: number, commentId: number) {
  const t = useTranslations("comments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiJson<Comment>("PATCH", `/api/comments/${commentId}`, { content }),
    onSuccess: (comment) => {
      updateQuestionDetail(queryClient, questionId, (q) => replaceComment(q, comment));
      toastSuccess(t("toasts.updated"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.updateFailed")),
  });
}

/** Deletes one of the viewer's comments and its replies ('Comment deleted'). */
export function useDeleteComment(questionId: number, answerId: number, commentId: number) {
  const t = useTranslations("comments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/comments/${commentId}`),
    onSuccess: () => {
      markQuestionListsStale(queryClient);
      updateQuestionDetail(queryClient, questionId, (q) => removeComment(q, answerId, commentId));
      toastSuccess(t("toasts.deleted"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), t("toasts.deleteFailed")),
  });
}
