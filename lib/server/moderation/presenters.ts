import "server-only";
import { auditTargetKey, type AuditRow, type AuditTargetInfo } from "@/lib/server/moderation/queries";
import { asRole, type Role } from "@/lib/server/policy";
import { presentAuthor } from "@/lib/server/users/presenters";

/** POST and DELETE /api/users/{id}/suspend: when the suspension ends (null once lifted) and why. */
export function presentSuspension(state: { until: Date | null; reason: string | null }) {
  return { suspendedUntil: state.until ? state.until.toISOString() : null, reason: state.until ? state.reason : null };
}

export type SuspensionJson = ReturnType<typeof presentSuspension>;

/** PUT /api/admin/users/{id}/role: the member's id and role now. */
export function presentRoleChange(state: { id: string; role: string }): { id: string; role: Role } {
  return { id: state.id, role: asRole(state.role) };
}

/** POST /api/users/{id}/delete-as-spammer: what went. */
export interface SpammerDeletionJson {
  deletedQuestions: number;
  deletedAnswers: number;
  deletedComments: number;
  /** Votes they cast on others' questions and answers, taken off those posts' scores. */
  removedVotes: number;
}

/**
 * One entry of the audit log (GET /api/admin/audit, /admin/audit): who (null when the
 * configuration did it, AGORA_ADMIN_EMAILS), what, on which target (with a link while it still
 * exists and the viewer may see it), why, the action's details as stored, and when.
 */
export function presentAuditEntry(row: AuditRow, targets: Map<string, AuditTargetInfo>, viewerId: string) {
  const found = targets.get(auditTargetKey(row.targetType, row.targetId));
  return {
    id: row.id,
    action: row.action,
    actor: row.actor ? presentAuthor(row.actor, viewerId) : null,
    target: { type: row.targetType, id: row.targetId, label: found?.label ?? null, link: found?.link ?? null },
    reason: row.reason,
    details: row.details ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type AuditEntryJson = ReturnType<typeof presentAuditEntry>;
