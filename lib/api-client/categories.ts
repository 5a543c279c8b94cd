import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { CATEGORY_QUESTION_PAGE_SIZE, fetchListPage, initialPages, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { CategoryDetailJson, CategoryJson } from "@/lib/server/categories/presenters";

/** A category as GET /api/categories answers it (docs/API.md Category). */
export type Category = CategoryJson;
/** A category with its tags (GET /api/categories/{id}). */
export type CategoryDetail = CategoryDetailJson;
export { CATEGORY_QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";

/** Every category (GET /api/categories), starting from what the page rendered. */
export function useCategories(options: { initialData?: Category[] } = {}) {
  return useQuery<Category[]>({
    queryKey: keys.categories.list,
    ...(options.initialData ? { initialData: options.initialData } : {}),
  });
}

/** A category with its tags, counts and the viewer's follow state (GET /api/categories/{id}). */
export function useCategory(id: number, options: { initialData?: CategoryDetail } = {}) {
  return useQuery<CategoryDetail>({
    queryKey: keys.categories.detail(id),
    ...(options.initialData ? { initialData: options.initialData } : {}),
  });
}

/** A category page's newest questions, a page at a time. */
export function useCategoryQuestions(id: number, options: { initialPage?: ListPage<QuestionSummary> } = {}) {
  return useInfiniteQuery({
    queryKey: keys.categories.questionPages(id),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage<QuestionSummary>(`/api/categories/${id}/questions`, { limit: CATEGORY_QUESTION_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...initialPages(options.initialPage),
  });
}

/**
 * POST or DELETE /api/categories/{id}/follow: mutate with `{ category, follow }`. The follow
 * state and follower count update from the answer; toasts "Category Followed" / "Category
 * Unfollowed" or the failure. The following feed changes with it.
 */
export function useCategoryFollow() {
  const t = useTranslations("tags.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ category, follow }: { category: { id: number; name: string }; follow: boolean }) =>
      apiJson<{ isFollowing: boolean; followerCount: number }>(follow ? "POST" : "DELETE", `/api/categories/${category.id}/follow`),
    onSuccess: (state, { category }) => {
      const apply = <T extends Category>(old: T): T =>
        old.id === category.id ? { ...old, isFollowing: state.isFollowing, _count: { ...old._count, followers: state.followerCount } } : old;
      queryClient.setQueryData<CategoryDetail>(keys.categories.detail(category.id), (old) => (old ? apply(old) : old));
      queryClient.setQueryData<Category[]>(keys.categories.list, (old) => old?.map(apply));
      void queryClient.invalidateQueries({ queryKey: keys.feed.all });
      if (state.isFollowing) toastSuccess(t("categoryFollowed"), t("nowFollowing", { name: category.name }));
      else toastSuccess(t("categoryUnfollowed"), t("noLongerFollowing", { name: category.name }));
    },
    onError: (error) => toastMutationError(error, t("error"), t("followFailed")),
  });
}
