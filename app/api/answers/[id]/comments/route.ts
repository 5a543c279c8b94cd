import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { ANSWER_NOT_FOUND, getAnswerOrThrow } from "@/lib/server/answers/queries";
import { createComment } from "@/lib/server/comments/mutations";
import { presentComment } from "@/lib/server/comments/presenters";
import { commentSchema } from "@/lib/validation/comments";

// POST /api/answers/:id/comments - comment on an answer
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = commentSchema.parse(await readJson(req));
  const answer = await getAnswerOrThrow(idParam((await ctx.params).id, ANSWER_NOT_FOUND), viewer);
  authorize(viewer, "comment.create");
  const comment = await createComment({ answer, author: viewer, content: input.content });
  return Response.json(presentComment(comment, viewer), { status: 201 });
});
