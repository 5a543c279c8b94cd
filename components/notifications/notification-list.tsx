"use client";

import Link from "@/components/common/link";
import { Check, MessageSquare, MessageSquareText, MessagesSquare, ThumbsUp, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { NotificationItem } from "@/lib/api-client/notifications";
import { cn } from "@/lib/utils";

type KnownType = "answer" | "vote" | "follow" | "message" | "other";

const typeBadge: Record<KnownType, { icon: ReactNode; className: string }> = {
  answer: {
    icon: <MessageSquareText aria-hidden />,
    className: "border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200",
  },
  vote: {
    icon: <ThumbsUp aria-hidden />,
    className: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  },
  follow: {
    icon: <UserPlus aria-hidden />,
    className: "border-violet-200 bg-violet-50 text-violet-800 dark:border-violet-900 dark:bg-violet-950 dark:text-violet-200",
  },
  message: {
    icon: <MessagesSquare aria-hidden />,
    className: "border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200",
  },
  other: {
    icon: <MessageSquare aria-hidden />,
    className: "border-border bg-muted text-muted-foreground",
  },
};

/** The type badge of a notification: answer, vote, follow, message or other. */
export function NotificationTypeBadge({ type }: { type: string }) {
  const t = useTranslations("notifications.types");
  const known = Object.hasOwn(typeBadge, type) ? (type as KnownType) : null;
  const badge = { ...typeBadge[known ?? "other"], label: known ? t(known) : type };
  return (
    <Badge variant="outline" className={cn("text-[11px]", badge.className)}>
      {badge.icon}
      {badge.label}
    </Badge>
  );
}

/** The unread dot: blue while unread, grey once read (SPEC.md section 2). */
export function UnreadDot({ isRead, className }: { isRead: boolean; className?: string }) {
  const t = useTranslations("notifications.item");
  return (
    <span
      role="img"
      aria-label={isRead ? t("read") : t("unread")}
      data-state={isRead ? "read" : "unread"}
      className={cn("size-2.5 shrink-0 rounded-full", isRead ? "bg-muted-foreground/40" : "bg-blue-600 dark:bg-blue-400", className)}
    />
  );
}

/**
 * One notification on the notifications page: actor avatar, title (the link to its target, which
 * covers the whole card), message, relative time, type badge, unread dot and, while unread, a
 * mark-read button. `onOpen` runs when the member follows the link; `onMarkRead` on the button.
 */
export function NotificationListItem({
  notification: n,
  onOpen,
  onMarkRead,
}: {
  notification: NotificationItem;
  onOpen?: (n: NotificationItem) => void;
  onMarkRead?: (n: NotificationItem) => void;
}) {
  const t = useTranslations("notifications.item");
  return (
    <article
      className={cn(
        "relative flex gap-3 rounded-xl border p-4 transition-colors focus-within:ring-[3px] focus-within:ring-ring/50 hover:bg-accent/50 sm:gap-4",
        n.isRead ? "bg-card" : "border-primary/25 bg-primary/[0.04] dark:bg-primary/[0.08]",
      )}
      data-testid="notification-item"
      data-read={n.isRead}
    >
      <UserAvatar user={n.actor} className="size-10" decorative />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className={cn("text-sm leading-snug", n.isRead ? "font-medium" : "font-semibold")}>
            <Link
              href={n.link}
              onClick={() => onOpen?.(n)}
              className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
            >
              {n.text.title}
            </Link>
          </h2>
          <NotificationTypeBadge type={n.type} />
        </div>
        {n.text.message ? <p className="mt-1 line-clamp-2 text-sm break-words text-muted-foreground">{n.text.message}</p> : null}
        <TimeAgo date={n.createdAt} className="mt-1.5 block text-xs text-muted-foreground" />
      </div>
      <div className="flex shrink-0 flex-col items-end justify-between gap-2">
        <UnreadDot isRead={n.isRead} className="mt-1.5" />
        {!n.isRead && onMarkRead ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="relative z-10 h-8 px-2 text-xs"
            onClick={() => onMarkRead(n)}
            aria-label={t("markReadAria", { title: n.title })}
          >
            <Check aria-hidden /> <span className="hidden sm:inline">{t("markRead")}</span>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
