import "server-only";
import { renderMarkdown } from "@/lib/markdown/render";
import { db } from "@/lib/server/db";
import { orIfGone } from "@/lib/server/db-errors";
import { notFound } from "@/lib/server/errors";
import { ANSWER_NOT_FOUND } from "@/lib/server/answers/queries";
import { commentSelect, type CommentRow } from "@/lib/server/comments/presenters";
import { COMMENT_NOT_FOUND } from "@/lib/server/comments/queries";
import { NOTIFYING_TRANSACTION, notifyNewComment } from "@/lib/server/notifications/mutations";
import { applyScreening, type Screening } from "@/lib/server/spam/act";

/*
 * Every comment write takes the answer's row lock first (by updating its counter, or with
 * FOR UPDATE), so writes under one answer happen one at a time and the counters on the answer
 * and its question always equal the rows that exist.
 */

/**
 * Posts a comment on an answer (depth 0) or a reply to a comment (its depth + 1), and in the
 * same transaction counts it on the answer and the question, marks the question active and
 * notifies the answer's author and the author of the comment replied to.
 */
export async function createComment({
  answer,
  parent,
  author,
  content,
  screening = null,
}: {
  answer: { id: number; questionId: number };
  parent?: { id: number; depth: number } | null;
  author: { id: string };
  content: string;
  /** The spam check's verdict (lib/server/spam/check.ts): spam is hidden and never announced; a pending model check announces later. */
  screening?: Screening | null;
}): Promise<CommentRow> {
  const now = new Date();
  const comment = await orIfGone(
    db.$transaction(async (tx) => {
      await tx.answer.update({ where: { id: answer.id }, data: { commentCount: { increment: 1 } }, select: { id: true } });
      const created = await tx.comment.create({
        data: {
          answerId: answer.id,
          parentCommentId: parent?.id ?? null,
          depth: parent ? parent.depth + 1 : 0,
          authorId: author.id,
          content,
          contentHtml: renderMarkdown(content),
          createdAt: now,
          updatedAt: now,
        },
        select: commentSelect,
      });
      await tx.question.update({
        where: { id: answer.questionId },
        data: { commentCount: { increment: 1 }, lastActivityAt: now },
        select: { id: true },
      });
      if (await applyScreening(tx, { type: "comment", id: created.id, authorId: author.id }, screening)) {
        await notifyNewComment(tx, { commentId: created.id });
      }
      return created;
    }, NOTIFYING_TRANSACTION),
    () => notFound(parent ? COMMENT_NOT_FOUND : ANSWER_NOT_FOUND),
  );
  return comment;
}

/** Changes a comment's content (and its rendered HTML), and marks its question active. */
export async function updateComment({
  comment,
  questionId,
  content,
}: {
  comment: { id: number };
  questionId: number;
  content: string;
}): Promise<CommentRow> {
  const now = new Date();
  const [updated] = await orIfGone(
    db.$transaction([
      db.comment.update({
        where: { id: comment.id },
        data: { content, contentHtml: renderMarkdown(content), updatedAt: now },
        select: commentSelect,
      }),
      db.question.update({ where: { id: questionId }, data: { lastActivityAt: now }, select: { id: true } }),
    ]),
    () => notFound(COMMENT_NOT_FOUND),
  );
  return updated;
}

/**
 * Deletes a comment with all its replies, and takes exactly the number of rows removed off the
 * answer's and the question's comment counts; returns that number.
 */
export async function deleteComment(comment: { id: number; answerId: number }): Promise<number> {
  const [, removed] = await db.$transaction([
    // Holding the answer row keeps replies from appearing under the tree while it is counted.
    db.$queryRaw`SELECT id FROM answers WHERE id = ${comment.answerId} FOR UPDATE`,
    db.$queryRaw<{ removed: number }[]>`
      WITH RECURSIVE tree AS (
        SELECT id FROM comments WHERE id = ${comment.id} AND answer_id = ${comment.answerId}
        UNION ALL
        SELECT c.id FROM comments c JOIN tree t ON c.parent_comment_id = t.id
      ), gone AS (
        DELETE FROM comments WHERE id IN (SELECT id FROM tree)
        RETURNING id
      ), n AS (
        SELECT count(*)::int AS n FROM gone
      ), counted AS (
        UPDATE answers a SET comment_count = a.comment_count - n.n
          FROM n
         WHERE a.id = ${comment.answerId} AND n.n > 0
        RETURNING a.question_id
      ), totals AS (
        UPDATE questions q SET comment_count = q.comment_count - n.n, last_activity_at = timezone('UTC', now())
          FROM n, counted
         WHERE q.id = counted.question_id
        RETURNING q.id
      )
      SELECT n AS removed FROM n`,
  ]);
  const count = removed[0]?.removed ?? 0;
  if (count === 0) throw notFound(COMMENT_NOT_FOUND);
  return count;
}
