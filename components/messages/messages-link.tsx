"use client";

import Link from "@/components/common/link";
import { MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";

import { unreadBadgeText } from "@/components/layout/types";
import { Button } from "@/components/ui/button";
import { useUnreadConversations } from "@/lib/api-client/direct-messages";

/** The top bar's link to /messages, with a badge of the conversations holding unread messages (polled every 30 s). */
export function MessagesLink() {
  const t = useTranslations("messages.link");
  const { data: unread = 0 } = useUnreadConversations();
  const label = unread > 0 ? t("labelUnread", { count: unread }) : t("label");
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link href="/messages" aria-label={label}>
        <MessagesSquare className="size-5" />
        {unread > 0 ? (
          <span
            data-testid="messages-unread-badge"
            aria-hidden
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-background dark:bg-red-600"
          >
            {unreadBadgeText(unread)}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
