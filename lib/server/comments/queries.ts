import "server-only";
import { db, type Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleAnswersWhere, visibleCommentsWhere, visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { commentSelect, type CommentRow } from "@/lib/server/comments/presenters";

/** Comments a question page shows under each answer; "Show N more comments" loads the rest. */
export const COMMENTS_PER_ANSWER = 5;

/** Order of an answer's comments, replies included: oldest first (a reply is never older than its parent). */
export const COMMENT_ORDER = [{ createdAt: "asc" }, { id: "asc" }] as const satisfies Prisma.CommentOrderByWithRelationInput[];

/** Most comments one page of GET /api/answers/{id}/comments holds. */
const MAX_COMMENT_PAGE = 100;

/**
 * One page of an answer's comments, flat and oldest first (replies name their parent), after
 * `cursor` (the answer's `commentsCursor` on the question page, then X-Next-Cursor). Visibility
 * of the answer is the caller's (it was loaded for the viewer); comments hidden pending review
 * are left out unless the viewer wrote them or is staff.
 */
export async function listAnswerComments(answerId: number, page: { limit?: number; cursor?: string }, viewer: Viewer | null): Promise<Page<CommentRow>> {
  const limit = Math.min(MAX_COMMENT_PAGE, Math.max(1, Math.floor(page.limit ?? MAX_COMMENT_PAGE)));
  const after: Prisma.CommentWhereInput = page.cursor
    ? (({ key, id }) => ({ OR: [{ createdAt: { gt: key } }, { createdAt: key, id: { gt: id } }] }))(decodeCursor(page.cursor, "date"))
    : {};
  const rows = await db.comment.findMany({
    where: { AND: [{ answerId }, after, visibleCommentsWhere(viewer)] },
    select: commentSelect,
    orderBy: [...COMMENT_ORDER],
    take: limit + 1,
  });
  return toPage(rows, limit, (row) => row.createdAt);
}

/** Message of the 404 for a missing or hidden comment. */
export const COMMENT_NOT_FOUND = "Comment not found";

/** A comment the viewer may see (its question is not in a private group they are outside of), or null. */
export async function getComment(id: number, viewer: Viewer | null): Promise<(CommentRow & { questionId: number }) | null> {
  const row = await db.comment.findFirst({
    where: { AND: [{ id, answer: { AND: [{ question: visibleQuestionsWhere(viewer) }, visibleAnswersWhere(viewer)] } }, visibleCommentsWhere(viewer)] },
    select: { ...commentSelect, answer: { select: { questionId: true } } },
  });
  if (!row) return null;
  const { answer, ...comment } = row;
  return { ...comment, questionId: answer.questionId };
}

/** A comment the viewer may see, or 404 "Comment not found" (also when it is hidden from them). */
export async function getCommentOrThrow(id: number, viewer: Viewer | null): Promise<CommentRow & { questionId: number }> {
  const comment = await getComment(id, viewer);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}
