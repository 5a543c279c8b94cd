"use client";

import Link from "@/components/common/link";
import { useState } from "react";
import { Bell } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { unreadBadgeText } from "@/components/layout/types";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { useMarkNotificationRead, useNotifications, useUnreadCount } from "@/lib/api-client/notifications";
import { useEarlyAction } from "@/lib/early/use-early-action";
import { cn } from "@/lib/utils";

/** SPEC.md section 9: the bell's dropdown shows this many notifications. */
export const BELL_NOTIFICATION_COUNT = 3;

/**
 * The top bar's bell: unread badge ("9+" above 9), polled every 30 s, and a dropdown of the
 * latest notifications; following one marks it read, which takes it off the badge at once.
 */
export function NotificationBell({ initialUnreadCount }: { initialUnreadCount?: number }) {
  const t = useTranslations("notifications.bell");
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { data: unread = 0 } = useUnreadCount({ initialCount: initialUnreadCount });
  const list = useNotifications(BELL_NOTIFICATION_COUNT, { enabled: opened });
  const markRead = useMarkNotificationRead();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      // Fetched on first open, and fresh on every later one.
      if (opened) void list.refetch();
      setOpened(true);
    }
  }

  // A press before the page has hydrated opens the list once it has (lib/early/script.ts).
  const early = useEarlyAction("notification-bell", () => onOpenChange(true));

  const label = unread > 0 ? t("labelUnread", { count: unread }) : t("label");
  // The header counts what the list shows: "2 unread" when every unread item is listed, else "2 of 5 unread".
  const shownUnread = list.data ? list.data.filter((n) => !n.isRead).length : null;
  const countText =
    unread <= 0 ? null : shownUnread === null || shownUnread >= unread ? t("unread", { count: unread }) : t("unreadOf", { shown: shownUnread, count: unread });

  return (
    // Not modal: the page stays readable (no aria-hidden over focusable content) while the list is open.
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative" {...early}>
          <Bell className="size-5" />
          {unread > 0 ? (
            <span
              data-testid="unread-badge"
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-background dark:bg-red-600"
            >
              {unreadBadgeText(unread)}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0">
        <DropdownMenuLabel className="flex items-center justify-between px-3 py-2.5">
          <span className="font-semibold">{t("title")}</span>
          {countText ? (
            <span className="text-xs font-normal text-muted-foreground" data-testid="bell-unread-count">
              {countText}
            </span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="p-1">
          {list.isPending ? (
            Array.from({ length: BELL_NOTIFICATION_COUNT }, (_, i) => (
              <div key={i} className="flex items-center gap-3 px-2 py-2" data-testid="notification-skeleton">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex-1 space-y-1.5">
                  <Skeleton className="h-3.5 w-4/5" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))
          ) : list.isError ? (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t("loadError")}</p>
          ) : list.data.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t("empty")}</p>
          ) : (
            list.data.map((n) => (
              <DropdownMenuItem key={n.id} asChild className="items-start gap-3 px-2 py-2">
                <Link href={n.link} onClick={() => (n.isRead ? undefined : markRead.mutate(n))} data-testid="bell-notification">
                  <UserAvatar user={n.actor} className="mt-0.5 size-8" decorative />
                  <span className="min-w-0 flex-1">
                    {/* The message names the actor and the question ("Maya Chen started following you"). */}
                    <span className={cn("line-clamp-2 text-sm leading-snug", !n.isRead && "font-medium")}>{n.text.message || n.text.title}</span>
                    <span className="mt-0.5 flex min-w-0 gap-1 text-xs text-muted-foreground">
                      {n.text.message ? (
                        <>
                          <span className="truncate">{n.text.title}</span>
                          <span aria-hidden>·</span>
                        </>
                      ) : null}
                      <TimeAgo date={n.createdAt} className="shrink-0" />
                    </span>
                  </span>
                  <span
                    aria-label={n.isRead ? undefined : t("unreadDot")}
                    role={n.isRead ? undefined : "img"}
                    className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.isRead ? "bg-transparent" : "bg-blue-600 dark:bg-blue-400")}
                  />
                </Link>
              </DropdownMenuItem>
            ))
          )}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <DropdownMenuItem asChild className="justify-center rounded-none rounded-b-md px-3 py-2.5 font-medium text-primary">
          <Link href="/notifications">{t("viewAll")}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
