"use client";

import { useState } from "react";
import { Bell, BellOff, CheckCheck, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { NotificationListItem } from "@/components/notifications/notification-list";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPages,
  useUnreadCount,
  type NotificationFilter,
  type NotificationItem,
} from "@/lib/api-client/notifications";
import { flattenPages, totalOf, type ListPage } from "@/lib/api-client/paging";

/** The page's tabs, in order. */
const FILTERS: readonly NotificationFilter[] = ["all", "unread"];

/**
 * The notifications page (SPEC.md section 2): tabs All (n) and Unread (n), Mark all read while
 * something is unread, the list a page at a time. Following an item marks it read.
 * `initialPage` is the server's first page of All, `initialUnread` the unread count.
 */
export function NotificationsView({ initialPage, initialUnread }: { initialPage: ListPage<NotificationItem>; initialUnread: number }) {
  const t = useTranslations("notifications.page");
  const [tab, setTab] = useState<NotificationFilter>("all");
  const all = useNotificationPages("all", { initialPage });
  const unreadList = useNotificationPages("unread", { enabled: tab === "unread" });
  const { data: unread = 0 } = useUnreadCount({ initialCount: initialUnread });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const allTotal = totalOf(all.data) ?? flattenPages(all.data).length;
  const open = (n: NotificationItem) => {
    if (!n.isRead) markRead.mutate(n);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {unread > 0 ? t("unread", { count: unread }) : allTotal > 0 ? t("caughtUp") : t("intro")}
          </p>
        </div>
        {unread > 0 ? (
          <Button variant="outline" size="sm" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {markAll.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <CheckCheck aria-hidden />}
            {t("markAllRead")}
          </Button>
        ) : null}
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as NotificationFilter)} className="gap-4">
        <TabsList aria-label={t("tabs")}>
          <TabsTrigger value="all" className="px-4">
            {t("all", { count: allTotal })}
          </TabsTrigger>
          <TabsTrigger value="unread" className="px-4">
            {t("unreadTab", { count: unread })}
          </TabsTrigger>
        </TabsList>
        {FILTERS.map((filter) => (
          <TabsContent key={filter} value={filter}>
            <NotificationPages
              filter={filter}
              query={filter === "all" ? all : unreadList}
              onOpen={open}
              onMarkRead={(n) => markRead.mutate(n)}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function NotificationPages({
  filter,
  query,
  onOpen,
  onMarkRead,
}: {
  filter: NotificationFilter;
  query: ReturnType<typeof useNotificationPages>;
  onOpen: (n: NotificationItem) => void;
  onMarkRead: (n: NotificationItem) => void;
}) {
  const t = useTranslations("notifications.page");
  const items = flattenPages(query.data);

  if (query.isPending) {
    return (
      <div role="status" aria-label={t("loading")} className="space-y-2">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="flex gap-3 rounded-xl border p-4">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3.5 w-5/6" />
              <Skeleton className="h-3 w-20" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <LoadError message={t("loadError")} onRetry={() => query.refetch()} />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={filter === "all" ? Bell : BellOff} title={filter === "all" ? t("emptyAll") : t("emptyUnread")}>
        {filter === "all" ? t("emptyAllText") : t("emptyUnreadText")}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-2" aria-label={filter === "all" ? t("listAll") : t("listUnread")}>
        {items.map((n) => (
          <li key={n.id}>
            <NotificationListItem notification={n} onOpen={onOpen} onMarkRead={onMarkRead} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} label={t("loadMore")} />
    </div>
  );
}
