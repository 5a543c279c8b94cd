import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { createComment } from "@/lib/server/comments/mutations";
import { presentComment } from "@/lib/server/comments/presenters";
import { COMMENT_NOT_FOUND, getCommentOrThrow } from "@/lib/server/comments/queries";
import { commentSchema } from "@/lib/validation/comments";
import { chargeNewPost } from "@/lib/server/spam/limits";
import { screenNewPost } from "@/lib/server/spam/check";
import { kickSpamChecks } from "@/lib/server/spam/worker";
import { assertQuestionUnlocked } from "@/lib/server/question-states/guards";

// POST /api/comments/:id/replies - reply to a comment (replies nest at most three levels deep)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = commentSchema.parse(await readJson(req));
  const parent = await getCommentOrThrow(idParam((await ctx.params).id, COMMENT_NOT_FOUND), viewer);
  await assertQuestionUnlocked(parent.questionId); // 403 "This question is locked"
  authorize(viewer, "comment.reply", parent);
  // New members: at most 2 links (400); below trust level 2: the spam check; then the daily limits (429), shared with comments.
  const { level, screening } = await screenNewPost(viewer, { type: "comment", text: input.content });
  await chargeNewPost(viewer.id, "comment", level);
  const reply = await createComment({
    answer: { id: parent.answerId, questionId: parent.questionId },
    parent,
    author: viewer,
    content: input.content,
    screening,
  });
  if (screening?.model) kickSpamChecks();
  return Response.json(presentComment(reply, viewer), { status: 201 });
});
