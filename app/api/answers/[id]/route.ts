import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { deleteAnswer, updateAnswer } from "@/lib/server/answers/mutations";
import { ANSWER_NOT_FOUND, getAnswerOrThrow, getPresentedAnswerOrThrow } from "@/lib/server/answers/queries";
import { answerUpdateSchema } from "@/lib/validation/answers";
import { auditStaffDeletion } from "@/lib/server/moderation/actions";

// PUT /api/answers/:id - edit an answer (the author, 1,000 reputation or staff; never the automatic one); kept as a new revision
export const PUT = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, ANSWER_NOT_FOUND); // 404
  const input = answerUpdateSchema.parse(await readJson(req)); // 400
  const answer = await getAnswerOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "answer.edit", answer); // 403
  await updateAnswer(answer, input.content, { editorId: viewer.id, summary: input.summary });
  return Response.json(await getPresentedAnswerOrThrow(id, viewer)); // with its comments and the viewer's vote
});

// DELETE /api/answers/:id - delete an answer, its votes and comments (its author, never of the automatic one; or a moderator or admin, any answer: audited)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const answer = await getAnswerOrThrow(idParam((await ctx.params).id, ANSWER_NOT_FOUND), viewer);
  authorize(viewer, "answer.delete", answer);
  await deleteAnswer(answer);
  await auditStaffDeletion(viewer, { type: "answer", id: answer.id, authorId: answer.authorId, questionId: answer.questionId });
  return new Response(null, { status: 204 });
});
