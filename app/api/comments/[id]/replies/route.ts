import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { createComment } from "@/lib/server/comments/mutations";
import { presentComment } from "@/lib/server/comments/presenters";
import { COMMENT_NOT_FOUND, getCommentOrThrow } from "@/lib/server/comments/queries";
import { commentSchema } from "@/lib/validation/comments";

// POST /api/comments/:id/replies - reply to a comment (replies nest at most three levels deep)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = commentSchema.parse(await readJson(req));
  const parent = await getCommentOrThrow(idParam((await ctx.params).id, COMMENT_NOT_FOUND), viewer);
  authorize(viewer, "comment.reply", parent);
  const reply = await createComment({
    answer: { id: parent.answerId, questionId: parent.questionId },
    parent,
    author: viewer,
    content: input.content,
  });
  return Response.json(presentComment(reply, viewer), { status: 201 });
});
