import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { deleteComment, updateComment } from "@/lib/server/comments/mutations";
import { presentComment } from "@/lib/server/comments/presenters";
import { COMMENT_NOT_FOUND, getCommentOrThrow } from "@/lib/server/comments/queries";
import { commentSchema } from "@/lib/validation/comments";
import { auditStaffDeletion } from "@/lib/server/moderation/actions";

// PATCH /api/comments/:id - edit your own comment
export const PATCH = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = commentSchema.parse(await readJson(req));
  const comment = await getCommentOrThrow(idParam((await ctx.params).id, COMMENT_NOT_FOUND), viewer);
  authorize(viewer, "comment.edit", comment);
  const updated = await updateComment({ comment, questionId: comment.questionId, content: input.content });
  return Response.json(presentComment(updated, viewer));
});

// DELETE /api/comments/:id - delete a comment and its replies (its author, or a moderator or admin: audited)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const comment = await getCommentOrThrow(idParam((await ctx.params).id, COMMENT_NOT_FOUND), viewer);
  authorize(viewer, "comment.delete", comment);
  await deleteComment(comment);
  await auditStaffDeletion(viewer, { type: "comment", id: comment.id, authorId: comment.authorId, questionId: comment.questionId });
  return new Response(null, { status: 204 });
});
