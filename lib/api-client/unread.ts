"use client";

import { useQuery } from "@tanstack/react-query";

import { keys } from "@/lib/api-client/keys";

// The two unread counts of the top bar, apart from the rest of notifications.ts and
// direct-messages.ts: the top bar is on every page, visitors' too, and those modules' lists,
// mutations and toasts are members' (issue 18). Both modules re-export these.

/** SPEC.md sections 7 and 9: the unread count is polled this often while signed in. */
export const UNREAD_COUNT_POLL_MS = 30_000;
/** The Messages badge asks this often. */
export const UNREAD_CONVERSATIONS_POLL_MS = 30_000;

/** A count the server answers as `{ count }`, polled every `pollMs` while enabled (members only). */
function usePolledCount(queryKey: readonly unknown[], pollMs: number, enabled: boolean, initialCount?: number) {
  return useQuery<{ count: number }, Error, number>({
    queryKey,
    select: (data) => data?.count ?? 0,
    enabled,
    refetchInterval: enabled ? pollMs : false,
    ...(initialCount !== undefined ? { initialData: { count: initialCount } } : {}),
  });
}

/** The member's unread notification count, polled every 30 s; pass enabled: false for visitors. */
export function useUnreadCount(options: { enabled?: boolean; initialCount?: number } = {}) {
  return usePolledCount(keys.notifications.unreadCount, UNREAD_COUNT_POLL_MS, options.enabled ?? true, options.initialCount);
}

/** How many conversations hold unread messages (the Messages badge), polled every 30 s; enabled: false for visitors. */
export function useUnreadConversations(options: { enabled?: boolean } = {}) {
  return usePolledCount(keys.conversations.unreadCount, UNREAD_CONVERSATIONS_POLL_MS, options.enabled ?? true);
}
