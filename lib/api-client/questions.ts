import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { ApiError, apiJson, errorMessage } from "@/lib/api-client/fetcher";
import { keys, type QuestionListFilters } from "@/lib/api-client/keys";
import { compactParams, fetchListPage, initialPages, QUESTION_PAGE_SIZE, type ListPage } from "@/lib/api-client/paging";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { QuestionDetailJson, QuestionSummaryJson } from "@/lib/server/questions/presenters";
import type { QuestionCreateInput, QuestionUpdateInput } from "@/lib/validation/questions";

/** A question card as the lists answer it (docs/API.md QuestionSummary). */
export type QuestionSummary = QuestionSummaryJson;
/** A question page as GET /api/questions/{id} answers it. */
export type QuestionDetailData = QuestionDetailJson;
export type { QuestionListFilters } from "@/lib/api-client/keys";
export { QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";

/** SPEC.md section 9: the home feed refreshes every 30 seconds. */
export const FEED_REFRESH_MS = 30_000;

/** SPEC.md section 8's texts are in messages/<language>/question.json (`toasts`). */

/** The description of a failed question mutation: the server's own words for a rate limit (429), else the spec's. */
export function questionFailureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? errorMessage(error, fallback) : fallback;
}

/**
 * Marks every list that shows question cards or counts stale (home lists, the feed, search,
 * tag, group and member pages), refetching the ones on screen. Per-question keys (details,
 * saved flags) are left alone, so a page of cards does not refetch card by card.
 */
export function invalidateQuestionLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [root, second, third] }) => {
      switch (root) {
        case "/api/questions":
          return second === "pages" || second === "trending" || (typeof second === "object" && second !== null);
        case "/api/feed":
        case "/api/search":
          return true;
        case "/api/tags":
          return third !== "is-following";
        case "/api/groups":
          return third !== "is-member";
        case "/api/users":
          return third === "questions" || third === "tags" || third === "saved-questions" || third === "profile";
        default:
          return false;
      }
    },
  });
}

/** Options of the home feed's lists: the server-rendered first page and the page size it was read with. */
interface FeedListOptions {
  initialPage?: ListPage<QuestionSummary>;
  /** Questions per page (the member's questionsPerPage); QUESTION_PAGE_SIZE when not given. */
  pageSize?: number;
  enabled?: boolean;
}

/**
 * The home feed's question list under the given filters, `pageSize` questions at a time
 * (X-Next-Cursor), read again every 30 seconds. `initialPage` is the server-rendered first page
 * of exactly these filters and size.
 */
export function useQuestionList(filters: QuestionListFilters, options: FeedListOptions = {}) {
  const params = compactParams(filters);
  const limit = options.pageSize ?? QUESTION_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: keys.questions.pages(params, limit),
    queryFn: ({ pageParam, signal }) => fetchListPage<QuestionSummary>("/api/questions", { ...params, limit }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: FEED_REFRESH_MS,
    enabled: options.enabled ?? true,
    ...initialPages(options.initialPage),
  });
}

/** The member's following feed (GET /api/feed), `pageSize` questions at a time, read again every 30 seconds. */
export function useFeed(options: FeedListOptions = {}) {
  const limit = options.pageSize ?? QUESTION_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: keys.feed.pages(limit),
    queryFn: ({ pageParam, signal }) => fetchListPage<QuestionSummary>("/api/feed", { limit }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: FEED_REFRESH_MS,
    enabled: options.enabled ?? true,
    ...initialPages(options.initialPage),
  });
}

/**
 * A question with its Markdown source (GET /api/questions/{id}), read only while `enabled`;
 * the edit dialog uses it when it was opened from a card, which has only an excerpt.
 */
export function useQuestionSource(id: number, options: { enabled?: boolean } = {}) {
  return useQuery<QuestionDetailData>({ queryKey: keys.questions.detail(id), enabled: options.enabled ?? true });
}

/**
 * Whether the member saved a question (GET /api/questions/{id}/saved). A card passes the
 * `saved` flag it was rendered with as `initialSaved`, so nothing is fetched until it changes.
 */
export function useSavedStatus(id: number, options: { initialSaved?: boolean; enabled?: boolean } = {}) {
  return useQuery<{ saved: boolean } | null, Error, boolean>({
    queryKey: keys.questions.saved(id),
    select: (data) => data?.saved ?? false,
    enabled: options.enabled ?? true,
    ...(options.initialSaved !== undefined ? { initialData: { saved: options.initialSaved } } : {}),
  });
}

function savedStateChanged(queryClient: QueryClient, id: number, state: { saved: boolean }) {
  queryClient.setQueryData(keys.questions.saved(id), state);
  // SPEC.md section 4: the saved status refreshes afterwards.
  void queryClient.invalidateQueries({ queryKey: keys.questions.saved(id), exact: true });
  void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === "/api/users" && queryKey[2] === "saved-questions" });
}

/** POST /api/questions/{id}/save, with "Question saved" or the spec's failure toast. Mutate with the question id. */
export function useSaveQuestion() {
  const t = useTranslations("question");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ saved: boolean }>("POST", `/api/questions/${id}/save`),
    onSuccess: (data, id) => {
      savedStateChanged(queryClient, id, data ?? { saved: true });
      toastSuccess(t("toasts.savedTitle"), t("toasts.saved"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), questionFailureText(error, t("toasts.saveFailed"))),
  });
}

/** DELETE /api/questions/{id}/save, with "Question unsaved" or the spec's failure toast. Mutate with the question id. */
export function useUnsaveQuestion() {
  const t = useTranslations("question");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ saved: boolean }>("DELETE", `/api/questions/${id}/save`),
    onSuccess: (data, id) => {
      savedStateChanged(queryClient, id, data ?? { saved: false });
      toastSuccess(t("toasts.unsavedTitle"), t("toasts.unsaved"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), questionFailureText(error, t("toasts.saveFailed"))),
  });
}

/** Which success toast shows: the AI answer is promised only when one is on its way. */
export function postedMessage(question: Pick<QuestionDetailData, "aiStatus">): "toasts.postedAiComing" | "toasts.posted" {
  const coming = question.aiStatus !== null && question.aiStatus !== undefined && question.aiStatus.status !== "unconfigured";
  return coming ? "toasts.postedAiComing" : "toasts.posted";
}

/**
 * POST /api/questions. On success the lists refresh and the spec's "Success" toast shows;
 * on failure its failure toast (a rate limit shows the server's message). Field problems of a
 * 400 stay on the error (ApiError.issues) for the form to show.
 */
export function useCreateQuestion(options: { onCreated?: (question: QuestionDetailData) => void } = {}) {
  const t = useTranslations("question");
  const queryClient = useQueryClient();
  return useMutation({
    // draftAnswerId: the AI answer written for this draft before posting (issue 17), adopted as the automatic answer.
    mutationFn: (input: QuestionCreateInput & { draftAnswerId?: string | null }) => apiJson<QuestionDetailData>("POST", "/api/questions", input),
    onSuccess: (question) => {
      queryClient.setQueryData(keys.questions.detail(question.id), question);
      void invalidateQuestionLists(queryClient);
      toastSuccess(t("toasts.postedTitle"), postedMessage(question) === "toasts.posted" ? t("toasts.posted") : t("toasts.postedAiComing"));
      options.onCreated?.(question);
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), questionFailureText(error, t("toasts.postFailed"))),
  });
}

/** PUT /api/questions/{id} (title, description, tags), with "Question updated" or the spec's failure toast. */
export function useUpdateQuestion() {
  const t = useTranslations("question");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: QuestionUpdateInput }) =>
      apiJson<QuestionDetailData>("PUT", `/api/questions/${id}`, input),
    onSuccess: (question) => {
      queryClient.setQueryData(keys.questions.detail(question.id), question);
      void invalidateQuestionLists(queryClient);
      toastSuccess(t("toasts.updated"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), questionFailureText(error, t("toasts.updateFailed"))),
  });
}

/** DELETE /api/questions/{id}, with "Question deleted" or the spec's failure toast. Mutate with the question id. */
export function useDeleteQuestion() {
  const t = useTranslations("question");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<null>("DELETE", `/api/questions/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: keys.questions.detail(id), exact: true });
      queryClient.removeQueries({ queryKey: keys.questions.saved(id), exact: true });
      void invalidateQuestionLists(queryClient);
      toastSuccess(t("toasts.deleted"));
    },
    onError: (error) => toastMutationError(error, t("toasts.error"), questionFailureText(error, t("toasts.deleteFailed"))),
  });
}
