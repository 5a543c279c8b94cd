import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { saveQuestion, unsaveQuestion } from "@/lib/server/questions/mutations";
import { presentSavedState } from "@/lib/server/questions/presenters";
import { QUESTION_NOT_FOUND, getQuestionOrThrow } from "@/lib/server/questions/queries";

// POST /api/questions/:id/save - save a question (repeating it changes nothing)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.save");
  return Response.json(presentSavedState(await saveQuestion(viewer, question)));
});

// DELETE /api/questions/:id/save - unsave a question (repeating it changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.save");
  return Response.json(presentSavedState(await unsaveQuestion(viewer, question)));
});
