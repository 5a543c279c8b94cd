import "server-only";
import { db, type Prisma } from "@/lib/server/db";

/** What an audit entry is about. */
export type AuditTargetType = "question" | "answer" | "comment" | "user";

/** One moderator or admin action, as the audit log keeps it (shown at /admin/audit). */
export interface AuditEntry {
  actorId: string;
  /** Dotted name of the action, e.g. "question.lock", "user.suspend", "flags.dismiss". */
  action: string;
  targetType: AuditTargetType;
  targetId: string | number;
  reason?: string | null;
  details?: Prisma.InputJsonValue;
}

/** Writes an audit entry, inside the caller's transaction when one is given (so the action and its entry commit together). */
export async function recordAudit(entry: AuditEntry, tx: Prisma.TransactionClient | typeof db = db): Promise<void> {
  await tx.moderationAudit.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      reason: entry.reason?.slice(0, 1000) ?? null,
      ...(entry.details !== undefined ? { details: entry.details } : {}),
    },
  });
}
