import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { rollbackAnswer } from "@/lib/server/answers/mutations";
import { ANSWER_NOT_FOUND, getAnswerOrThrow, getPresentedAnswerOrThrow } from "@/lib/server/answers/queries";
import { REVISION_NOT_FOUND, getAnswerRevisionOrThrow } from "@/lib/server/revisions/queries";

// POST /api/answers/:id/revisions/:n/rollback - restore revision n as a new revision (the author, 1,000 reputation or staff; never the automatic answer)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const params = await ctx.params;
  const id = idParam(params.id, ANSWER_NOT_FOUND); // 404
  const n = idParam(params.n, REVISION_NOT_FOUND); // 404
  const answer = await getAnswerOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "answer.rollback", answer); // 403
  const revision = await getAnswerRevisionOrThrow(answer.id, n); // 404
  await rollbackAnswer(answer, revision, viewer.id);
  return Response.json(await getPresentedAnswerOrThrow(id, viewer));
});
