"use client";

import { useEffect, useLayoutEffect, useRef } from "react";
import Link from "@/components/common/link";
import { ArrowLeft, Loader2, MessageSquareOff } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { MessageComposer } from "@/components/messages/message-composer";
import { Button } from "@/components/ui/button";
import type { ListPage } from "@/lib/api-client/paging";
import { messagesInOrder, useConversationMessages, useMarkConversationRead, type Conversation, type DirectMessage } from "@/lib/api-client/direct-messages";
import { displayName } from "@/lib/display";
import { cn } from "@/lib/utils";

/**
 * /messages/{id}: one conversation, oldest message at the top, the composer at the bottom. New
 * messages arrive by polling (every 4 s); whenever the newest message is someone else's and not
 * yet marked, the conversation is marked read (POST /api/conversations/{id}/read).
 */
export function ConversationView({ conversation, initialPage }: { conversation: Conversation; initialPage?: ListPage<DirectMessage> }) {
  const t = useTranslations("messages.conversation");
  const other = conversation.otherParticipant;
  const name = displayName(other);
  const query = useConversationMessages(conversation.id, { initialPage });
  const messages = messagesInOrder(query.data);
  const markRead = useMarkConversationRead();
  const { mutate: markReadMutate } = markRead;
  const lastId = messages.at(-1)?.id ?? 0;
  const markedUpTo = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);
  const newestSeen = useRef(0);

  // Opening the conversation, and every new message while it is open, counts as reading it.
  useEffect(() => {
    if (lastId > markedUpTo.current) {
      markedUpTo.current = lastId;
      markReadMutate(conversation.id);
    }
  }, [conversation.id, lastId, markReadMutate]);

  // Keep the newest message in view when one arrives (not when older ones are loaded above).
  useLayoutEffect(() => {
    if (lastId > newestSeen.current) {
      newestSeen.current = lastId;
      bottom.current?.scrollIntoView({ block: "end" });
    }
  }, [lastId]);

  return (
    <section aria-labelledby="conversation-title" className="flex flex-col rounded-xl border bg-card">
      <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-4">
        <Button asChild variant="ghost" size="icon" className="shrink-0">
          <Link href="/messages" aria-label={t("back")}>
            <ArrowLeft />
          </Link>
        </Button>
        <UserAvatar user={other} className="size-9" decorative />
        <div className="min-w-0">
          <h1 id="conversation-title" className="truncate text-base font-semibold">
            {other.isDeleted ? name : <Link href={`/users/${other.id}`} className="hover:underline">{name}</Link>}
          </h1>
          <p className="text-xs text-muted-foreground">{t("private")}</p>
        </div>
      </header>

      <div className="flex-1 space-y-3 px-3 py-4 sm:px-4" aria-live="polite" aria-relevant="additions">
        {query.hasNextPage ? (
          <div className="flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {t("loadOlder")}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? <p className="py-8 text-center text-sm text-muted-foreground">{t("empty")}</p> : null}
        <ol className="space-y-3" aria-label={t("messagesWith", { name })}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </ol>
        <div ref={bottom} />
      </div>

      <div className="border-t px-3 py-3 sm:px-4">
        {conversation.viewerCan.send ? (
          <MessageComposer recipient={{ id: other.id, name }} autoFocus />
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MessageSquareOff className="size-4 shrink-0" aria-hidden />
            {t("cannotReply", { name })}
          </p>
        )}
      </div>
    </section>
  );
}

function MessageBubble({ message }: { message: DirectMessage }) {
  const t = useTranslations("messages.conversation");
  const own = message.isOwn;
  return (
    <li className={cn("flex flex-col gap-1", own ? "items-end" : "items-start")}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm sm:max-w-[75%]",
          // Tinted rather than solid: the Markdown's own colours (links, code) keep their contrast in both bubbles.
          own ? "rounded-br-sm border border-primary/25 bg-primary/10 text-foreground dark:bg-primary/20" : "rounded-bl-sm border bg-muted text-foreground",
        )}
      >
        <span className="sr-only">{t("sender", { name: own ? t("you") : displayName(message.sender) })}</span>
        <div className="prose-agora prose-agora-sm break-words [overflow-wrap:anywhere] [&>*:first-child]:mt-0 [&>*:last-child]:mb-0" dangerouslySetInnerHTML={{ __html: message.contentHtml }} />
      </div>
      <TimeAgo date={message.createdAt} className="px-1 text-xs text-muted-foreground" />
    </li>
  );
}
