"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { CONVERSATION_PAGE_SIZE, fetchListPage, initialPages, MESSAGE_PAGE_SIZE, type ListPage, type ListPages } from "@/lib/api-client/paging";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { ConversationJson, MessageJson } from "@/lib/server/direct-messages/presenters";
import type { AuthorJson } from "@/lib/server/users/presenters";

export type Conversation = ConversationJson;
export type DirectMessage = MessageJson;
export interface BlockedMember {
  user: AuthorJson;
  blockedAt: string;
}

/** The open conversation asks for new messages this often (no reload needed). */
export const MESSAGE_POLL_MS = 4_000;
/** The conversation list and the Messages badge ask this often. */
export const CONVERSATION_POLL_MS = 15_000;
export { UNREAD_CONVERSATIONS_POLL_MS, useUnreadConversations } from "@/lib/api-client/unread";

/** The viewer's conversations, newest activity first, a page at a time, refreshed every 15 s. */
export function useConversationPages(options: { initialPage?: ListPage<Conversation> } = {}) {
  return useInfiniteQuery({
    queryKey: keys.conversations.pages,
    queryFn: ({ pageParam, signal }) => fetchListPage<Conversation>("/api/conversations", { limit: CONVERSATION_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: CONVERSATION_POLL_MS,
    ...initialPages(options.initialPage),
  });
}

/**
 * A conversation's messages: the newest page first, older pages on demand; refreshed every 4 s
 * so the other's messages appear without a reload.
 */
export function useConversationMessages(id: number, options: { initialPage?: ListPage<DirectMessage> } = {}) {
  return useInfiniteQuery({
    queryKey: keys.conversations.messages(id),
    queryFn: ({ pageParam, signal }) => fetchListPage<DirectMessage>(`/api/conversations/${id}/messages`, { limit: MESSAGE_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: MESSAGE_POLL_MS,
    ...initialPages(options.initialPage),
  });
}

/** The loaded messages in reading order: oldest first (pages run newest to oldest, each page oldest to newest). */
export function messagesInOrder(data: { pages: ListPage<DirectMessage>[] } | undefined): DirectMessage[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: DirectMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

/** POST /api/messages; the conversation's messages and the list refresh. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { recipientId: string; content: string }) => apiJson<DirectMessage>("POST", "/api/messages", input),
    onSuccess: (message) => {
      // The sent message shows at once at the end of the newest page.
      queryClient.setQueryData<ListPages<DirectMessage>>(keys.conversations.messages(message.conversationId), (old) =>
        old && old.pages[0] ? { ...old, pages: [{ ...old.pages[0], items: [...old.pages[0].items, message] }, ...old.pages.slice(1)] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: keys.conversations.all });
    },
  });
}

/** POST /api/conversations/{id}/read: the conversation and its notification read; the badges refresh. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<Conversation>("POST", `/api/conversations/${id}/read`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.conversations.unreadCount });
      void queryClient.invalidateQueries({ queryKey: keys.conversations.pages });
      void queryClient.invalidateQueries({ queryKey: keys.notifications.all });
    },
  });
}

/** The members the viewer blocked (Settings > Privacy). */
export function useBlockedMembers() {
  return useQuery<BlockedMember[]>({ queryKey: keys.blocks });
}

/** POST / DELETE /api/users/{id}/block, with a toast; the profile and the blocked list refresh. */
export function useBlockUser() {
  const queryClient = useQueryClient();
  const t = useTranslations("messages.block");
  return useMutation({
    mutationFn: ({ user, block }: { user: { id: string; name: string }; block: boolean }) =>
      apiJson<{ isBlocked: boolean }>(block ? "POST" : "DELETE", `/api/users/${encodeURIComponent(user.id)}/block`),
    onSuccess: (state, { user }) => {
      if (state.isBlocked) toastSuccess(t("blocked", { name: user.name }), t("blockedDescription"));
      else toastSuccess(t("unblocked", { name: user.name }));
      void queryClient.invalidateQueries({ queryKey: keys.blocks });
      void queryClient.invalidateQueries({ queryKey: keys.users.profile(user.id) });
      void queryClient.invalidateQueries({ queryKey: keys.conversations.all });
    },
    onError: (error) => toastMutationError(error, t("error"), t("failed")),
  });
}
