import { getViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { presentSavedState } from "@/lib/server/questions/presenters";
import { QUESTION_NOT_FOUND, getQuestionOrThrow, isQuestionSaved } from "@/lib/server/questions/queries";

// GET /api/questions/:id/saved - whether the viewer saved the question ({ saved: false } for visitors)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  return Response.json(presentSavedState(await isQuestionSaved(viewer, question.id)));
});
