import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { rollbackQuestion } from "@/lib/server/questions/mutations";
import { presentQuestionDetail } from "@/lib/server/questions/presenters";
import { QUESTION_NOT_FOUND, getQuestionDetailOrThrow, getQuestionOrThrow } from "@/lib/server/questions/queries";
import { REVISION_NOT_FOUND, getQuestionRevisionOrThrow } from "@/lib/server/revisions/queries";

// POST /api/questions/:id/revisions/:n/rollback - restore revision n as a new revision (the author, 1,000 reputation or staff)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const params = await ctx.params;
  const id = idParam(params.id, QUESTION_NOT_FOUND); // 404
  const n = idParam(params.n, REVISION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.rollback", question); // 403
  const revision = await getQuestionRevisionOrThrow(question.id, n); // 404
  await rollbackQuestion(question, revision, viewer.id); // 400 when none of its tags is left
  return Response.json(presentQuestionDetail(await getQuestionDetailOrThrow(id, viewer), viewer));
});
