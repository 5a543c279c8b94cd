import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { commentSelect, type CommentRow } from "@/lib/server/comments/presenters";

/** Message of the 404 for a missing or hidden comment. */
export const COMMENT_NOT_FOUND = "Comment not found";

/** A comment the viewer may see (its question is not in a private group they are outside of), or null. */
export async function getComment(id: number, viewer: Viewer | null): Promise<(CommentRow & { questionId: number }) | null> {
  const row = await db.comment.findFirst({
    where: { id, answer: { question: visibleQuestionsWhere(viewer) } },
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
