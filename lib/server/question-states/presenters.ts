import "server-only";
import type { Prisma } from "@/lib/server/db";
import { isStaff, type Viewer } from "@/lib/server/policy";
import { authorSelect, presentAuthor, type AuthorJson } from "@/lib/server/users/presenters";
import { closeReasons, type CloseReason } from "@/lib/validation/question-states";

// Matches no member: a visitor's relations filtered by user then load nothing.
const NOBODY = "";

/**
 * The columns of a question that its closed and locked state needs, for this viewer: the
 * closure, the original of a duplicate (with what deciding its visibility takes), who closed it,
 * and the votes of the current round (never more than a few rows: they are cleared when the
 * question closes or reopens). Nested in the question page's one statement.
 */
export function questionStateSelect(viewer: Viewer | null) {
  return {
    closedAt: true,
    closeReason: true,
    lockedAt: true,
    duplicateOf: {
      select: {
        id: true,
        title: true,
        authorId: true,
        hiddenAt: true,
        group: { select: { isPrivate: true, members: { where: { userId: viewer?.id ?? NOBODY }, select: { userId: true }, take: 1 } } },
      },
    },
    closedBy: { select: authorSelect },
    closeVotes: { select: { userId: true, kind: true } },
  } as const satisfies Prisma.QuestionSelect;
}

/** A question row as selected by questionStateSelect. */
export type QuestionStateRow = Prisma.QuestionGetPayload<{ select: ReturnType<typeof questionStateSelect> }>;

/** Why and when a question was closed (docs/API.md Closure). */
export interface ClosedJson {
  reason: CloseReason;
  /** The original of a duplicate, when the viewer may see it. */
  duplicateOf: { id: number; title: string } | null;
  closedAt: string;
  /** The moderator or admin who closed it; null when the community's votes did. */
  closedBy: AuthorJson | null;
  byCommunity: boolean;
}

/** What POST and DELETE /api/questions/{id}/close answer, and the question page carries. */
export interface ClosureJson {
  closed: ClosedJson | null;
  /** Close votes cast so far in this round (while open). */
  closeVotes: number;
  /** Reopen votes cast so far in this round (while closed). */
  reopenVotes: number;
  /** The viewer's own vote of this round. */
  viewerVote: "close" | "reopen" | null;
}

/** Whether the lock is on (docs/API.md). */
export interface LockedJson {
  lockedAt: string;
}

function originalFor(row: QuestionStateRow, viewer: Viewer | null): ClosedJson["duplicateOf"] {
  const original = row.duplicateOf;
  if (!original) return null;
  const hidden = original.hiddenAt !== null && !isStaff(viewer) && original.authorId !== viewer?.id;
  const outside = original.group !== null && original.group.isPrivate && original.group.members.length === 0;
  return hidden || outside ? null : { id: original.id, title: original.title };
}

/** A question's closure and the votes of the current round, as the viewer sees them. */
export function presentClosure(row: QuestionStateRow, viewer: Viewer | null): ClosureJson {
  const reason = closeReasons.find((r) => r === row.closeReason) ?? "off_topic";
  const mine = viewer ? row.closeVotes.find((v) => v.userId === viewer.id) : undefined;
  return {
    closed: row.closedAt
      ? {
          reason,
          duplicateOf: reason === "duplicate" ? originalFor(row, viewer) : null,
          closedAt: row.closedAt.toISOString(),
          closedBy: row.closedBy ? presentAuthor(row.closedBy, viewer?.id) : null,
          byCommunity: row.closedBy === null,
        }
      : null,
    closeVotes: row.closeVotes.filter((v) => v.kind === "close").length,
    reopenVotes: row.closeVotes.filter((v) => v.kind === "reopen").length,
    viewerVote: mine?.kind === "close" || mine?.kind === "reopen" ? mine.kind : null,
  };
}

/** The lock of a question, or null (POST and DELETE /api/questions/{id}/lock, and the question page). */
export function presentLocked(row: { lockedAt: Date | null }): LockedJson | null {
  return row.lockedAt ? { lockedAt: row.lockedAt.toISOString() } : null;
}
