import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys, type TagQuestionSort } from "@/lib/api-client/keys";
import { compactParams, fetchListPage, initialPages, TAG_PAGE_SIZE, TAG_QUESTION_PAGE_SIZE, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { TagJson } from "@/lib/server/tags/presenters";

/** A tag as GET /api/tags answers it (docs/API.md Tag). */
export type Tag = TagJson;
export type { TagQuestionSort } from "@/lib/api-client/keys";
export { TAG_PAGE_SIZE, TAG_QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";

/**
 * One page of tags whose name contains `search` (most questions first), e.g. for the tag
 * picker. The previous result stays on screen while the next search loads.
 */
export function useTags(search = "", options: { limit?: number; enabled?: boolean } = {}) {
  const params = compactParams({ search: search.trim().toLowerCase(), limit: options.limit ?? 20 });
  return useQuery<Tag[]>({
    queryKey: keys.tags.search(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/** The tags directory under a name search, a page at a time (X-Next-Cursor, X-Total-Count). */
export function useTagDirectory(search: string, options: { initialPage?: ListPage<Tag> } = {}) {
  const term = search.trim().toLowerCase();
  return useInfiniteQuery({
    queryKey: keys.tags.pages(term),
    queryFn: ({ pageParam, signal }) => fetchListPage<Tag>("/api/tags", compactParams({ search: term, limit: TAG_PAGE_SIZE }), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    ...initialPages(options.initialPage),
  });
}

/** A tag page's questions in one order (newest, active, votes), a page at a time. */
export function useTagQuestions(tagId: number, sort: TagQuestionSort, options: { initialPage?: ListPage<QuestionSummary> } = {}) {
  return useInfiniteQuery({
    queryKey: keys.tags.questionPages(tagId, sort),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage<QuestionSummary>(`/api/tags/${tagId}/questions`, { sort, limit: TAG_QUESTION_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...initialPages(options.initialPage),
  });
}

/** POST /api/tags `{ name }`: the new tag (or the existing one of that name); the spec's failure toast. */
export function useCreateTag() {
  const t = useTranslations("tags.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiJson<Tag>("POST", "/api/tags", { name: name.trim() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.tags.all, predicate: ({ queryKey }) => queryKey[2] !== "is-following" });
    },
    onError: (error) => toastMutationError(error, t("error"), t("createFailed")),
  });
}

/** Whether the member follows a tag (GET /api/tags/{id}/is-following); pass enabled: false for visitors. */
export function useTagFollowStatus(tagId: number, options: { initialIsFollowing?: boolean; enabled?: boolean } = {}) {
  return useQuery<{ isFollowing: boolean } | null, Error, boolean>({
    queryKey: keys.tags.isFollowing(tagId),
    select: (data) => data?.isFollowing ?? false,
    enabled: options.enabled ?? true,
    ...(options.initialIsFollowing !== undefined ? { initialData: { isFollowing: options.initialIsFollowing } } : {}),
  });
}

/** A tag's question and follower counts (GET /api/tags/{id}/stats), starting from what the page rendered. */
export function useTagStats(tagId: number, initial?: { questionCount: number; followerCount: number }) {
  return useQuery<{ questionCount: number; followerCount: number }>({
    queryKey: keys.tags.stats(tagId),
    ...(initial ? { initialData: initial } : {}),
  });
}

/**
 * POST or DELETE /api/tags/{id}/follow: mutate with `{ tag, follow }`. The follow state and
 * follower count update from the answer; toasts "Tag Followed" / "Tag Unfollowed" or the failure.
 */
export function useTagFollow() {
  const t = useTranslations("tags.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, follow }: { tag: { id: number; name: string }; follow: boolean }) =>
      apiJson<{ isFollowing: boolean; followerCount: number }>(follow ? "POST" : "DELETE", `/api/tags/${tag.id}/follow`),
    onSuccess: (state, { tag }) => {
      queryClient.setQueryData(keys.tags.isFollowing(tag.id), { isFollowing: state.isFollowing });
      queryClient.setQueryData<{ questionCount: number; followerCount: number }>(keys.tags.stats(tag.id), (old) =>
        old ? { ...old, followerCount: state.followerCount } : old,
      );
      // Follower counts in lists, the following feed and the member's followed tags change.
      void queryClient.invalidateQueries({
        predicate: ({ queryKey: [root, second, third] }) =>
          (root === "/api/tags" && (second === "pages" || (typeof second === "object" && second !== null))) ||
          root === "/api/feed" ||
          (root === "/api/users" && third === "followed-tags"),
      });
      if (state.isFollowing) toastSuccess(t("tagFollowed"), t("nowFollowing", { name: tag.name }));
      else toastSuccess(t("tagUnfollowed"), t("noLongerFollowing", { name: tag.name }));
    },
    onError: (error) => toastMutationError(error, t("error"), t("followFailed")),
  });
}
