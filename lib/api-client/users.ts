import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { compactParams, fetchListPage, initialPages, type ListPage, type ListPages } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { TagJson } from "@/lib/server/tags/presenters";
import type { FollowPersonJson, ProfileJson, UsedTagJson, UserAnswerJson } from "@/lib/server/users/presenters";
import type { CurrentUserJson } from "@/lib/server/accounts/presenters";
import type { MemberJson } from "@/lib/server/members/presenters";
import type { ReputationEventJson } from "@/lib/server/reputation/presenters";
import type { NotificationSettings, PrivacySettings } from "@/lib/validation/users";
import {
  MEMBER_PAGE_SIZE,
  PROFILE_PAGE_SIZE,
  type NotificationSettingsInput,
  type Preferences,
  type PreferencesInput,
  type PrivacySettingsInput,
  type ProfileUpdateBody,
  type UserListTab,
} from "@/lib/validation/users";

export type Profile = ProfileJson;
export type Member = MemberJson;
export type UserAnswer = UserAnswerJson;
export type UsedTag = UsedTagJson;
export type FollowPerson = FollowPersonJson;
export type ReputationEvent = ReputationEventJson;
export type { UserListTab } from "@/lib/validation/users";

export { MEMBER_PAGE_SIZE, PROFILE_PAGE_SIZE } from "@/lib/validation/users";

// The toasts' texts (SPEC.md section 8's, and Agora's for what the spec leaves open) are in the
// messages: profile.toasts, users.toasts, settings.password and settings.danger.

/* Profiles ------------------------------------------------------------------------------ */

/** A member's profile (GET /api/users/{id}/profile), starting from the server-rendered one. */
export function useProfile(id: string, initial?: Profile) {
  return useQuery<Profile>({ queryKey: keys.users.profile(id), ...(initial ? { initialData: initial } : {}) });
}

function usePagedList<T>(key: readonly unknown[], path: string, options: { initialPage?: ListPage<T>; enabled?: boolean }) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchListPage<T>(path, { limit: PROFILE_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<T>) => last.nextCursor,
    enabled: options.enabled ?? true,
    ...initialPages(options.initialPage),
  });
}

/** A profile's Questions tab, a page at a time. */
export function useUserQuestions(id: string, options: { initialPage?: ListPage<QuestionSummary>; enabled?: boolean } = {}) {
  return usePagedList<QuestionSummary>(keys.users.questionPages(id), `/api/users/${encodeURIComponent(id)}/questions`, options);
}

/** A profile's Answers tab, a page at a time (fetched once the tab opens). */
export function useUserAnswers(id: string, options: { enabled?: boolean } = {}) {
  return usePagedList<UserAnswer>(keys.users.answerPages(id), `/api/users/${encodeURIComponent(id)}/answers`, options);
}

/** A profile's Reputation tab: the member's reputation events, newest first, a page at a time (fetched once the tab opens). */
export function useReputationEvents(id: string, options: { enabled?: boolean } = {}) {
  return usePagedList<ReputationEvent>(keys.users.reputationPages(id), `/api/users/${encodeURIComponent(id)}/reputation`, options);
}

/** The owner's Saved tab, a page at a time: only ever enabled on one's own profile (SPEC.md section 6). */
export function useSavedQuestions(id: string, options: { enabled?: boolean } = {}) {
  return usePagedList<QuestionSummary>(keys.users.savedPages(id), `/api/users/${encodeURIComponent(id)}/saved-questions`, options);
}

/** A profile's Followers tab: the members who follow them, a page at a time. */
export function useFollowers(id: string, options: { enabled?: boolean } = {}) {
  return usePagedList<FollowPerson>(keys.users.followerPages(id), `/api/users/${encodeURIComponent(id)}/followers`, options);
}

/** A profile's Following tab: the members they follow, a page at a time. */
export function useFollowing(id: string, options: { enabled?: boolean } = {}) {
  return usePagedList<FollowPerson>(keys.users.followingPages(id), `/api/users/${encodeURIComponent(id)}/following`, options);
}

/** A profile's "Most Used Tags". */
export function useUsedTags(id: string, options: { enabled?: boolean } = {}) {
  return useQuery<UsedTag[]>({ queryKey: keys.users.tags(id), enabled: options.enabled ?? true });
}

/** A profile's "Followed Tags". */
export function useFollowedTags(id: string, options: { enabled?: boolean } = {}) {
  return useQuery<TagJson[]>({ queryKey: keys.users.followedTags(id), enabled: options.enabled ?? true });
}

/**
 * PUT /api/users/profile with the cleaned payload. On success the current-user and profile data
 * refresh and "Profile updated" shows; on failure "Error" / "Failed to update profile. Please try again.".
 */
export function useUpdateProfile(options: { onUpdated?: (user: CurrentUserJson) => void } = {}) {
  const queryClient = useQueryClient();
  const t = useTranslations("profile.toasts");
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => apiJson<CurrentUserJson>("PUT", "/api/users/profile", body),
    onSuccess: (user) => {
      queryClient.setQueryData(keys.auth.user, user);
      void queryClient.invalidateQueries({ queryKey: keys.auth.user });
      void queryClient.invalidateQueries({ queryKey: keys.users.detail(user.id) });
      toastSuccess(t("updated"), t("updatedDescription"));
      options.onUpdated?.(user);
    },
    onError: (error) => toastMutationError(error, t("error"), t("updateFailed")),
  });
}

/* Following members ------------------------------------------------------------------------ */

type FollowState = { isFollowing: boolean; followerCount: number };

function followChanged(queryClient: QueryClient, userId: string, state: FollowState) {
  queryClient.setQueryData(keys.users.isFollowing(userId), { isFollowing: state.isFollowing });
  queryClient.setQueryData<Profile>(keys.users.profile(userId), (old) =>
    old ? { ...old, isFollowing: state.isFollowing, _count: { ...old._count, followers: state.followerCount } } : old,
  );
  queryClient.setQueriesData<ListPages<Member>>({ queryKey: ["/api/users", "pages"] }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            items: page.items.map((m) => (m.id === userId ? { ...m, isFollowing: state.isFollowing, followerCount: state.followerCount } : m)),
          })),
        }
      : old,
  );
  // The follower's own "following" count and the Following feed change too.
  const me = queryClient.getQueryData<CurrentUserJson | null>(keys.auth.user);
  if (me) void queryClient.invalidateQueries({ queryKey: keys.users.profile(me.id) });
  if (me) void queryClient.invalidateQueries({ queryKey: keys.users.followingPages(me.id) });
  void queryClient.invalidateQueries({ queryKey: keys.users.followerPages(userId) });
  void queryClient.invalidateQueries({ queryKey: keys.feed.all });
}

/**
 * POST or DELETE /api/users/{id}/follow: mutate with `{ user, follow }`. The follow state and
 * follower count update everywhere they show; "Following {name}" or "Unfollowed {name}".
 */
export function useFollowUser() {
  const queryClient = useQueryClient();
  const t = useTranslations("users.toasts");
  return useMutation({
    mutationFn: ({ user, follow }: { user: { id: string; name: string }; follow: boolean }) =>
      apiJson<FollowState>(follow ? "POST" : "DELETE", `/api/users/${encodeURIComponent(user.id)}/follow`),
    onSuccess: (state, { user }) => {
      followChanged(queryClient, user.id, state);
      if (state.isFollowing) toastSuccess(t("following", { name: user.name }), t("followingDescription"));
      else toastSuccess(t("unfollowed", { name: user.name }));
    },
    onError: (error) => toastMutationError(error, t("error"), t("followFailed")),
  });
}

/* Members directory ------------------------------------------------------------------------ */

/** The members directory under a tab and a search, a page at a time (the previous result stays while the next loads). */
export function useMembers(tab: UserListTab, search: string, options: { initialPage?: ListPage<Member> } = {}) {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: keys.users.directoryPages(tab, term),
    queryFn: ({ pageParam, signal }) => fetchListPage<Member>("/api/users", compactParams({ tab, search: term, limit: MEMBER_PAGE_SIZE }), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    ...initialPages(options.initialPage),
  });
}

/* Settings ------------------------------------------------------------------------------- */

function patchCurrentUser(queryClient: QueryClient, change: Partial<CurrentUserJson>) {
  queryClient.setQueryData<CurrentUserJson | null>(keys.auth.user, (old) => (old ? { ...old, ...change } : old));
}

/*
 * The settings saves below update the cached data only: the settings page saves each control as
 * it changes (components/settings/use-auto-save.ts) and says so itself, with Undo.
 */

/** PATCH /api/users/settings/notifications; the current user's cached switches follow. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => apiJson<NotificationSettings>("PATCH", "/api/users/settings/notifications", input),
    onSuccess: (notificationSettings) => patchCurrentUser(queryClient, { notificationSettings }),
  });
}

/** PATCH /api/users/settings/privacy; the current user's cached privacy settings follow. */
export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacySettingsInput) => apiJson<PrivacySettings>("PATCH", "/api/users/settings/privacy", input),
    onSuccess: (privacySettings) => patchCurrentUser(queryClient, { privacySettings }),
  });
}

/** The member's preferences (GET /api/users/settings/preferences), starting from the server-rendered ones. */
export function usePreferences(initial?: Preferences) {
  return useQuery<Preferences>({ queryKey: keys.users.preferences, ...(initial ? { initialData: initial } : {}) });
}

/** PATCH /api/users/settings/preferences; the cached preferences and the feeds (page size) follow. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PreferencesInput) => apiJson<Preferences>("PATCH", "/api/users/settings/preferences", input),
    onSuccess: (preferences) => {
      queryClient.setQueryData(keys.users.preferences, preferences);
      // The home feed's page size follows questionsPerPage.
      void queryClient.invalidateQueries({ queryKey: keys.questions.all });
      void queryClient.invalidateQueries({ queryKey: keys.feed.all });
    },
  });
}

/**
 * PATCH /api/users/change-password: "Password Changed" or "Failed to change password. Please
 * check your current password.". The answer carries this browser's new session cookie.
 */
export function useChangePassword(options: { onChanged?: () => void } = {}) {
  const t = useTranslations("settings.password");
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiJson<{ passwordChanged: true }>("PATCH", "/api/users/change-password", input),
    onSuccess: () => {
      toastSuccess(t("changedTitle"), t("changed"));
      options.onChanged?.();
    },
    onError: (error) => toastMutationError(error, t("errorTitle"), t("failed")),
  });
}

/** DELETE /api/users/me with the typed confirmation; on success the browser leaves for the landing page, signed out. */
export function useDeleteAccount() {
  const t = useTranslations("settings.danger");
  return useMutation({
    mutationFn: (confirmation: string) => apiJson<null>("DELETE", "/api/users/me", { confirmation }),
    onSuccess: () => {
      // A full navigation: the session cookie is gone and nothing cached for the member may stay.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.href = "/";
    },
    onError: (error) => toastMutationError(error, t("errorTitle"), t("failed")),
  });
}

/* First-run card ------------------------------------------------------------------------- */

/** DELETE /api/users/me/welcome: the home page's first-run card stays dismissed, on every device. */
export function useDismissWelcome() {
  const t = useTranslations("users.toasts");
  return useMutation({
    mutationFn: () => apiJson<null>("DELETE", "/api/users/me/welcome"),
    onError: (error) => toastMutationError(error, t("error"), t("dismissWelcomeFailed")),
  });
}
