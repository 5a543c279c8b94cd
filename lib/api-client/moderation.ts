"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { AUDIT_PAGE_SIZE, fetchListPage, initialPages, type ListPage } from "@/lib/api-client/paging";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { AuditEntryJson, SpammerDeletionJson, SuspensionJson } from "@/lib/server/moderation/presenters";
import type { AssignableRole, SuspendInput } from "@/lib/validation/moderation";

/** One entry of the audit log (docs/API.md: AuditEntry). */
export type AuditEntry = AuditEntryJson;

const path = (userId: string, rest: string) => `/api/users/${encodeURIComponent(userId)}/${rest}`;
const UNTIL_FORMAT = { year: "numeric", month: "long", day: "numeric" } as const;

/** The moderation toasts' words (namespace admin.toasts): the server's refusal as it is, else "Please try again." */
function useModerationText() {
  const t = useTranslations("admin.toasts");
  const format = useFormatter();
  return {
    t,
    errorText: (error: unknown) => (error instanceof Error ? error.message : t("tryAgain")),
    formatDate: (iso: string) => format.dateTime(new Date(iso), UNTIL_FORMAT),
  };
}

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
  const { t, errorText, formatDate } = useModerationText();
  return useMutation({
    mutationFn: (input: SuspendInput) => apiJson<SuspensionJson>("POST", path(userId, "suspend"), input),
    onSuccess: (result) => toastSuccess(t("suspended", { name }), result.suspendedUntil ? t("suspendedUntil", { date: formatDate(result.suspendedUntil) }) : undefined),
    onError: (error) => toastMutationError(error, t("suspendFailed"), errorText(error)),
    onSettled: after,
  });
}

/** DELETE /api/users/{id}/suspend. */
export function useLiftSuspension(userId: string, name: string) {
  const after = useAfterMemberAction(userId);
  const { t, errorText } = useModerationText();
  return useMutation({
    mutationFn: () => apiJson<SuspensionJson>("DELETE", path(userId, "suspend")),
    onSuccess: () => toastSuccess(t("lifted"), t("liftedText", { name })),
    onError: (error) => toastMutationError(error, t("liftFailed"), errorText(error)),
    onSettled: after,
  });
}

/** POST /api/users/{id}/delete-as-spammer: the toast says what went. */
export function useDeleteAsSpammer(userId: string) {
  const queryClient = useQueryClient();
  const after = useAfterMemberAction(userId);
  const { t, errorText } = useModerationText();
  return useMutation({
    mutationFn: (reason: string) => apiJson<SpammerDeletionJson>("POST", path(userId, "delete-as-spammer"), reason ? { reason } : {}),
    onSuccess: (r) => {
      toastSuccess(t("spammerDeleted"), t("spammerDeletedText", { questions: r.deletedQuestions, answers: r.deletedAnswers, comments: r.deletedComments }));
      void queryClient.invalidateQueries({ queryKey: keys.questions.all });
    },
    onError: (error) => toastMutationError(error, t("spammerFailed"), errorText(error)),
    onSettled: after,
  });
}

/** PUT /api/admin/users/{id}/role (admins): "member" or "moderator". */
export function useChangeRole(userId: string, name: string) {
  const after = useAfterMemberAction(userId);
  const { t, errorText } = useModerationText();
  return useMutation({
    mutationFn: (role: AssignableRole) => apiJson<{ id: string; role: string }>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/role`, { role }),
    onSuccess: (result) => toastSuccess(result.role === "moderator" ? t("nowModerator", { name }) : t("noLongerModerator", { name })),
    onError: (error) => toastMutationError(error, t("roleFailed"), errorText(error)),
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
