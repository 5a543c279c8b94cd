import "server-only";
import type { ReputationReason } from "@/lib/server/reputation/ledger";

/** A ledger row as listReputationEvents reads it. */
export interface ReputationEventRow {
  id: number;
  points: number;
  reason: string;
  createdAt: Date;
  answerId: number | null;
  questionId: number | null;
  questionTitle: string | null;
  /** Whether the viewer may see the question (false when there is none). */
  visible: boolean;
}

/**
 * One event of GET /api/users/{id}/reputation: its points, reason, the post it is about (the
 * question's id and title and the answer's id; null when there is none or the viewer may not see
 * it) and when it happened.
 */
export function presentReputationEvent(row: ReputationEventRow) {
  return {
    id: row.id,
    points: row.points,
    reason: row.reason as ReputationReason,
    question: row.visible && row.questionId !== null ? { id: row.questionId, title: row.questionTitle ?? "" } : null,
    answerId: row.visible ? row.answerId : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ReputationEventJson = ReturnType<typeof presentReputationEvent>;
