"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { AUDIT_PAGE_SIZE, fetchListPage, initialPages, type ListPage } from "@/lib/api-client/paging";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { AuditEntryJson, SpammerDeletionJson, SuspensionJson } from "@/lib/server/moderation/presenters";
import type { AssignableRole, SuspendInput } from "@/lib/validation/moderation";

/** One entry of the audit log (docs/API.md: AuditEntry). */
export type AuditEntry = AuditEntryJson;

const path = (userId: string, rest: string) => `/api/users/${encodeURIComponent(userId)}/${rest}`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : "Please try again.");
const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** After an action on a member: their profile (and the lists they may have left) read again. */
function useAfterMemberAction(userId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.users.profile(userId) });
    void queryClient.invalidateQueries({ queryKey: keys.audit.pages });
  };
}

/** POST /api/users/{id}/suspend ("Member suspended until {date}"); the server's refusal is shown as it is. */
export function useSuspendMember(userId: string, name: string) {
  const after = useAfterMemberAction(userId);
  return useMutation({
    mutationFn: (input: SuspendInput) => apiJson<SuspensionJson>("POST", path(userId, "suspend"), input),
    onSuccess: (result) => toastSuccess(`${name} is suspended`, result.suspendedUntil ? `Until ${formatDate(result.suspendedUntil)}.` : undefined),
    onError: (error) => toastMutationError(error, "Could not suspend this member", errorText(error)),
    onSettled: after,
  });
}

/** DELETE /api/users/{id}/suspend. */
export function useLiftSuspension(userId: string, name: string) {
  const after = useAfterMemberAction(userId);
  return useMutation({
    mutationFn: () => apiJson<SuspensionJson>("DELETE", path(userId, "suspend")),
    onSuccess: () => toastSuccess("Suspension lifted", `${name} can post again.`),
    onError: (error) => toastMutationError(error, "Could not lift the suspension", errorText(error)),
    onSettled: after,
  });
}

/** POST /api/users/{id}/delete-as-spammer: the toast says what went. */
export function useDeleteAsSpammer(userId: string) {
  const queryClient = useQueryClient();
  const after = useAfterMemberAction(userId);
  return useMutation({
    mutationFn: (reason: string) => apiJson<SpammerDeletionJson>("POST", path(userId, "delete-as-spammer"), reason ? { reason } : {}),
    onSuccess: (r) => {
      toastSuccess("Spammer deleted", `Removed the account, ${r.deletedQuestions} question(s), ${r.deletedAnswers} answer(s) and ${r.deletedComments} comment(s).`);
      void queryClient.invalidateQueries({ queryKey: keys.questions.all });
    },
    onError: (error) => toastMutationError(error, "Could not delete this member", errorText(error)),
    onSettled: after,
  });
}

/** PUT /api/admin/users/{id}/role (admins): "member" or "moderator". */
export function useChangeRole(userId: string, name: string) {
  const after = useAfterMemberAction(userId);
  return useMutation({
    mutationFn: (role: AssignableRole) => apiJson<{ id: string; role: string }>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/role`, { role }),
    onSuccess: (result) => toastSuccess(result.role === "moderator" ? `${name} is now a moderator` : `${name} is no longer a moderator`),
    onError: (error) => toastMutationError(error, "Could not change the role", errorText(error)),
    onSettled: after,
  });
}

/** The audit log, a page at a time (newest first), starting from the server-rendered page. */
export function useAuditLog(initialPage?: ListPage<AuditEntry>) {
  return useInfiniteQuery({
    queryKey: keys.audit.pages,
    queryFn: ({ pageParam, signal }) => fetchListPage<AuditEntry>("/api/admin/audit", { limit: AUDIT_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<AuditEntry>) => last.nextCursor,
    ...initialPages(initialPage),
  });
}
