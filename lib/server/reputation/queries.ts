import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import type { ReputationEventRow } from "@/lib/server/reputation/presenters";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";

const clampLimit = (limit: number | undefined) => Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit ?? DEFAULT_PAGE_SIZE)));

/**
 * One page of the member's reputation events, newest first (keyset on created_at, id), each with
 * its question's id and title when the viewer may see that question (an event on a private
 * group's question still counts, but does not say which question).
 */
export async function listReputationEvents(userId: string, viewer: Viewer | null, page: { limit?: number; cursor?: string } = {}): Promise<Page<ReputationEventRow>> {
  const limit = clampLimit(page.limit);
  const after = page.cursor
    ? (({ key, id }) => Prisma.sql`AND (r.created_at, r.id) < (${key}, ${id})`)(decodeCursor(page.cursor, "date"))
    : Prisma.empty;
  const rows = await db.$queryRaw<ReputationEventRow[]>`
    SELECT r.id, r.points, r.reason, r.created_at AS "createdAt", r.answer_id AS "answerId",
           q.id AS "questionId", q.title AS "questionTitle",
           (q.id IS NOT NULL AND ${visibleQuestionsSql(viewer, "q")}) AS visible
      FROM reputation_events r
      LEFT JOIN answers a ON a.id = r.answer_id
      LEFT JOIN questions q ON q.id = COALESCE(r.question_id, a.question_id)
     WHERE r.user_id = ${userId} ${after}
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT ${limit + 1}`;
  return toPage(rows, limit, (row) => row.createdAt);
}

/** How many reputation events the member has. */
export async function countReputationEvents(userId: string): Promise<number> {
  return db.reputationEvent.count({ where: { userId } });
}
