import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { acceptAnswer, unacceptAnswer } from "@/lib/server/questions/mutations";
import { presentAcceptedState } from "@/lib/server/questions/presenters";
import { QUESTION_NOT_FOUND, getQuestionOrThrow } from "@/lib/server/questions/queries";
import { acceptAnswerSchema } from "@/lib/validation/questions";
import { assertUnlocked } from "@/lib/server/question-states/guards";

// POST /api/questions/:id/accept - the asker accepts one answer (moving the mark from any other)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const input = acceptAnswerSchema.parse(await readJson(req)); // 400
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.accept", question, "Only the asker can accept an answer"); // 403
  assertUnlocked(question); // 403 "This question is locked"
  return Response.json(presentAcceptedState(await acceptAnswer({ question, answerId: input.answerId, accepter: viewer }))); // 404 for another question's answer
});

// DELETE /api/questions/:id/accept - the asker removes the accepted mark (repeating it changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.accept", question, "Only the asker can accept an answer"); // 403
  assertUnlocked(question); // 403 "This question is locked"
  return Response.json(presentAcceptedState(await unacceptAnswer({ question })));
});
