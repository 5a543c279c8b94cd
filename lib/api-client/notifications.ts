"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { fetchListPage, initialPages, NOTIFICATION_PAGE_SIZE, type ListPage, type ListPages } from "@/lib/api-client/paging";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { NotificationJson } from "@/lib/server/notifications/presenters";

export { NOTIFICATION_PAGE_SIZE } from "@/lib/api-client/paging";

/** A notification as GET /api/notifications answers it. */
export type NotificationItem = NotificationJson;

/** Which notifications a list shows: the page's tabs All and Unread. */
export type NotificationFilter = "all" | "unread";

export { UNREAD_COUNT_POLL_MS, useUnreadCount } from "@/lib/api-client/unread";

/** The key of the bell's list of the first `limit` notifications. */
export const notificationListKey = (limit: number) => keys.notifications.latest(limit);

/** The member's latest notifications, newest first (at most `limit`): the bell's dropdown. */
export function useNotifications(limit = 20, options: { enabled?: boolean } = {}) {
  return useQuery<NotificationItem[]>({
    queryKey: notificationListKey(limit),
    enabled: options.enabled ?? true,
  });
}

/**
 * The notifications page's list, all or unread only, a page at a time (X-Next-Cursor; the
 * total of the filter in X-Total-Count). `initialPage` is the server's first page.
 */
export function useNotificationPages(filter: NotificationFilter, options: { initialPage?: ListPage<NotificationItem>; enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: keys.notifications.pages(filter),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage<NotificationItem>(
        "/api/notifications",
        { limit: NOTIFICATION_PAGE_SIZE, unread: filter === "unread" ? "true" : undefined },
        pageParam,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
    ...initialPages(options.initialPage),
  });
}

/** Shows the notifications as read in every cached list at once (all of them when `ids` is null). */
function markReadInCache(queryClient: QueryClient, ids: Set<number> | null): void {
  const mark = (n: NotificationItem) => (n.isRead || (ids && !ids.has(n.id)) ? n : { ...n, isRead: true });
  for (const [key, data] of queryClient.getQueriesData<NotificationItem[] | ListPages<NotificationItem> | { count: number }>({
    queryKey: keys.notifications.all,
  })) {
    if (Array.isArray(data)) {
      queryClient.setQueryData(key, data.map(mark));
    } else if (data && "pages" in data) {
      queryClient.setQueryData(key, { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(mark) })) });
    }
  }
}

function setUnreadCount(queryClient: QueryClient, update: (count: number) => number) {
  queryClient.setQueryData<{ count: number }>(keys.notifications.unreadCount, (old) => (old ? { count: Math.max(0, update(old.count)) } : old));
}

/**
 * POST /api/notifications/{id}/read. The item shows as read and the badge goes down at once;
 * both notification queries refresh afterwards.
 */
export function useMarkNotificationRead() {
  const t = useTranslations("notifications.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Pick<NotificationItem, "id" | "isRead">) =>
      apiJson<NotificationItem>("POST", `/api/notifications/${notification.id}/read`),
    onMutate: async (notification) => {
      await queryClient.cancelQueries({ queryKey: keys.notifications.all });
      markReadInCache(queryClient, new Set([notification.id]));
      if (!notification.isRead) setUnreadCount(queryClient, (count) => count - 1);
    },
    onError: (error) => toastMutationError(error, t("error"), t("markFailed")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.notifications.all }),
  });
}

/** POST /api/notifications/mark-all-read: every notification read, the badge cleared, SPEC.md's toasts. */
export function useMarkAllNotificationsRead() {
  const t = useTranslations("notifications.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ updated: number }>("POST", "/api/notifications/mark-all-read"),
    onSuccess: () => {
      markReadInCache(queryClient, null);
      setUnreadCount(queryClient, () => 0);
      toastSuccess(t("allRead"));
    },
    onError: (error) => toastMutationError(error, t("error"), t("markFailed")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.notifications.all }),
  });
}
