import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import { apiJson, errorMessage } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { compactParams, fetchListPage, GROUP_PAGE_SIZE, GROUP_QUESTION_PAGE_SIZE, initialPages, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type {
  GroupInvitationJson,
  GroupJson,
  GroupMembershipJson,
  JoinRequestDecisionJson,
  JoinRequestJson,
} from "@/lib/server/groups/presenters";
import type { GroupCreateInput, GroupMembershipFilter, GroupUpdateInput } from "@/lib/validation/groups";

/** A group as GET /api/groups answers it (docs/API.md Group). */
export type Group = GroupJson;
/** The answer of join, leave and withdraw. */
export type GroupMembership = GroupMembershipJson;
/** A pending request to join a private group. */
export type JoinRequest = JoinRequestJson;
/** A pending invitation to a group (docs/API.md GroupInvitation). */
export type GroupInvitation = GroupInvitationJson;

export { GROUP_PAGE_SIZE, GROUP_QUESTION_PAGE_SIZE } from "@/lib/api-client/paging";

/** Marks every group list, group header and group post list stale (membership, counts and names change together). */
function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.groups.all });
}

/** The groups directory under a search and membership filter, a page at a time (X-Next-Cursor, X-Total-Count). */
export function useGroupDirectory(
  search: string,
  membership: GroupMembershipFilter | undefined,
  options: { initialPage?: ListPage<Group>; enabled?: boolean } = {},
) {
  const params = compactParams({ search: search.trim(), membership });
  return useInfiniteQuery({
    queryKey: keys.groups.pages(params),
    queryFn: ({ pageParam, signal }) => fetchListPage<Group>("/api/groups", { ...params, limit: GROUP_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...initialPages(options.initialPage),
  });
}

/** One group's header (GET /api/groups/{id}), starting from what the page rendered. */
export function useGroup(id: number, initial?: Group) {
  return useQuery<Group>({ queryKey: keys.groups.detail(id), ...(initial ? { initialData: initial } : {}) });
}

/** A group's posts under a title or description search, newest first, a page at a time; read only while `enabled`. */
export function useGroupQuestions(id: number, search: string, options: { initialPage?: ListPage<QuestionSummary>; enabled?: boolean } = {}) {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: keys.groups.questionPages(id, term),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage<QuestionSummary>(`/api/groups/${id}/questions`, compactParams({ search: term, limit: GROUP_QUESTION_PAGE_SIZE }), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...initialPages(options.initialPage),
  });
}

/** A private group's pending join requests, for its creator (read only while `enabled`). */
export function useJoinRequests(id: number, options: { initialData?: JoinRequest[]; enabled?: boolean } = {}) {
  return useQuery<JoinRequest[]>({
    queryKey: keys.groups.requests(id),
    enabled: options.enabled ?? true,
    ...(options.initialData ? { initialData: options.initialData } : {}),
  });
}

/** POST /api/groups: the new group; "Group created successfully!" or the server's message. */
export function useCreateGroup(options: { onCreated?: (group: Group) => void } = {}) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupCreateInput) => apiJson<Group>("POST", "/api/groups", input),
    onSuccess: (group) => {
      queryClient.setQueryData(keys.groups.detail(group.id), group);
      void invalidateGroups(queryClient);
      toastSuccess(t("created"), t("createdText", { name: group.name }));
      options.onCreated?.(group);
    },
    onError: (error) => toastMutationError(error, t("error"), errorMessage(error, t("createFailed"))),
  });
}

/** PATCH /api/groups/{id} (the Edit Group dialog): "Group updated successfully!" or the spec's failure. */
export function useUpdateGroup(id: number, options: { onUpdated?: (group: Group) => void } = {}) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupUpdateInput) => apiJson<Group>("PATCH", `/api/groups/${id}`, input),
    onSuccess: (group) => {
      queryClient.setQueryData(keys.groups.detail(id), group);
      // Questions show the group's name and privacy; lists show its card.
      void invalidateGroups(queryClient);
      void queryClient.invalidateQueries({ queryKey: keys.questions.all });
      void queryClient.invalidateQueries({ queryKey: keys.feed.all });
      toastSuccess(t("updated"));
      options.onUpdated?.(group);
    },
    onError: (error) => toastMutationError(error, t("error"), t("updateFailed")),
  });
}

/** After a membership change: the group as it is now, every group list and the lists that hide or show its posts. */
function applyMembership(queryClient: QueryClient, result: GroupMembership) {
  queryClient.setQueryData(keys.groups.detail(result.group.id), result.group);
  queryClient.setQueryData(keys.groups.isMember(result.group.id), result.group.isMember);
  void invalidateGroups(queryClient);
  if (result.group.isPrivate && (result.status === "left" || result.status === "joined")) {
    void queryClient.invalidateQueries({ queryKey: keys.questions.all });
    void queryClient.invalidateQueries({ queryKey: keys.feed.all });
    void queryClient.invalidateQueries({ queryKey: keys.search.all });
  }
}

/**
 * POST /api/groups/{id}/join: joins a public group ("Joined group successfully!") or asks to
 * join a private one ("Request sent"); the server's message on failure, else "Failed to join group".
 */
export function useJoinGroup(options: { onDone?: (result: GroupMembership) => void } = {}) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: { id: number }) => apiJson<GroupMembership>("POST", `/api/groups/${group.id}/join`),
    onSuccess: (result) => {
      applyMembership(queryClient, result);
      if (result.status === "requested") toastSuccess(t("requested"), t("requestedText"));
      else toastSuccess(t("joined"));
      options.onDone?.(result);
    },
    onError: (error) => toastMutationError(error, t("error"), errorMessage(error, t("joinFailed"))),
  });
}

/** DELETE /api/groups/{id}/join: withdraws a pending request to join a private group. */
export function useWithdrawJoinRequest(options: { onDone?: (result: GroupMembership) => void } = {}) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: { id: number }) => apiJson<GroupMembership>("DELETE", `/api/groups/${group.id}/join`),
    onSuccess: (result) => {
      applyMembership(queryClient, result);
      toastSuccess(t("withdrawn"), t("withdrawnText"));
      options.onDone?.(result);
    },
    onError: (error) => toastMutationError(error, t("error"), errorMessage(error, t("withdrawFailed"))),
  });
}

/** POST /api/groups/{id}/leave: "Left group successfully!"; the server's message on failure, else "Failed to leave group". */
export function useLeaveGroup(options: { onDone?: (result: GroupMembership) => void } = {}) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: { id: number }) => apiJson<GroupMembership>("POST", `/api/groups/${group.id}/leave`),
    onSuccess: (result) => {
      applyMembership(queryClient, result);
      toastSuccess(t("left"));
      options.onDone?.(result);
    },
    onError: (error) => toastMutationError(error, t("error"), errorMessage(error, t("leaveFailed"))),
  });
}

/** Approve or decline a member's request to join (the creator, on the group page). */
export function useReviewJoinRequest(groupId: number) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: JoinRequest; decision: "approve" | "decline" }) =>
      apiJson<JoinRequestDecisionJson>("POST", `/api/groups/${groupId}/requests/${encodeURIComponent(request.userId)}/${decision}`),
    onSuccess: (result) => {
      queryClient.setQueryData<JoinRequest[]>(keys.groups.requests(groupId), (old) => old?.filter((r) => r.userId !== result.userId));
      queryClient.setQueryData<Group>(keys.groups.detail(groupId), (old) => (old ? { ...old, memberCount: result.memberCount } : old));
      void invalidateGroups(queryClient);
      toastSuccess(result.status === "approved" ? t("approved") : t("declined"));
    },
    onError: (error) => toastMutationError(error, t("error"), errorMessage(error, t("reviewFailed"))),
  });
}

/** A group's pending invitations, for its creator (read only while `enabled`). */
export function useGroupInvitations(id: number, options: { initialData?: GroupInvitation[]; enabled?: boolean } = {}) {
  return useQuery<GroupInvitation[]>({
    queryKey: keys.groups.invitations(id),
    enabled: options.enabled ?? true,
    ...(options.initialData ? { initialData: options.initialData } : {}),
  });
}

/** POST /api/groups/{id}/invitations: "Invitation sent" with the member's name, or the server's message (409, 429). */
export function useInviteMember(groupId: number) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; name: string }) => apiJson<GroupInvitation>("POST", `/api/groups/${groupId}/invitations`, { userId }),
    onSuccess: (invitation, { name }) => {
      queryClient.setQueryData<GroupInvitation[]>(keys.groups.invitations(groupId), (old) =>
        old ? [...old.filter((i) => i.userId !== invitation.userId), invitation] : old,
      );
      toastSuccess(t("invited"), t("invitedText", { name }));
    },
    onError: (error) => toastMutationError(error, t("error"), errorMessage(error, t("inviteFailed"))),
  });
}

/**
 * DELETE /api/groups/{id}/invitations/{userId}: the creator withdraws an invitation
 * ("Invitation withdrawn"), or the invited member declines theirs ("Invitation declined").
 */
export function useRemoveInvitation(groupId: number, options: { onDone?: () => void } = {}) {
  const t = useTranslations("groups.toasts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; as: "creator" | "invitee" }) =>
      apiJson<null>("DELETE", `/api/groups/${groupId}/invitations/${encodeURIComponent(userId)}`),
    onSuccess: (_result, { userId, as }) => {
      queryClient.setQueryData<GroupInvitation[]>(keys.groups.invitations(groupId), (old) => old?.filter((i) => i.userId !== userId));
      if (as === "invitee") queryClient.setQueryData<Group>(keys.groups.detail(groupId), (old) => (old ? { ...old, invitation: null } : old));
      toastSuccess(as === "invitee" ? t("invitationDeclined") : t("invitationWithdrawn"));
      options.onDone?.();
    },
    onError: (error) => toastMutationError(error, t("error"), errorMessage(error, t("invitationRemoveFailed"))),
  });
}
