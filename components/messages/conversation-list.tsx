"use client";

import Link from "@/components/common/link";
import { MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { unreadBadgeText } from "@/components/layout/types";
import { flattenPages, type ListPage } from "@/lib/api-client/paging";
import { useConversationPages, type Conversation } from "@/lib/api-client/direct-messages";
import { displayName } from "@/lib/display";
import { cn } from "@/lib/utils";

/** /messages: the member's conversations, newest activity first, each with its unread count; refreshed every 15 s. */
export function ConversationList({ initialPage, activeId }: { initialPage?: ListPage<Conversation>; activeId?: number }) {
  const t = useTranslations("messages.list");
  const query = useConversationPages({ initialPage });
  const conversations = flattenPages(query.data);

  if (query.isError && conversations.length === 0) return <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />;
  if (!query.isPending && conversations.length === 0) {
    return (
      <EmptyState icon={MessagesSquare} title={t("empty")}>
        {t("emptyText")}
      </EmptyState>
    );
  }

  return (
    <div className="space-y-3">
      <ul className="divide-y overflow-hidden rounded-xl border bg-card" aria-label={t("label")}>
        {conversations.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} active={conversation.id === activeId} />
        ))}
      </ul>
      <LoadMoreButton query={query} label={t("loadMore")} />
    </div>
  );
}

function ConversationRow({ conversation, active }: { conversation: Conversation; active: boolean }) {
  const t = useTranslations("messages.list");
  const other = conversation.otherParticipant;
  const name = displayName(other);
  const unread = conversation.unreadCount;
  const last = conversation.lastMessage;
  const excerpt = last ? (last.isOwn ? t("ownExcerpt", { excerpt: last.excerpt }) : last.excerpt) : t("noMessages");
  return (
    <li>
      <Link
        href={`/messages/${conversation.id}`}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex items-center gap-3 px-4 py-3 outline-none transition-colors hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
          active && "bg-accent",
        )}
      >
        <UserAvatar user={other} className="size-10" decorative />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn("truncate text-sm", unread > 0 ? "font-semibold" : "font-medium")}>{name}</span>
            <TimeAgo date={conversation.lastMessageAt} className="shrink-0 text-xs text-muted-foreground" />
          </span>
          <span className={cn("mt-0.5 block truncate text-sm", unread > 0 ? "text-foreground" : "text-muted-foreground")}>{excerpt}</span>
        </span>
        {unread > 0 ? (
          <span
            className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
            aria-label={t("unread", { count: unread })}
          >
            {unreadBadgeText(unread)}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
