import { getViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { can } from "@/lib/server/policy";
import { QUESTION_NOT_FOUND, getQuestionOrThrow } from "@/lib/server/questions/queries";
import { presentQuestionRevision, type QuestionRevisionJson, type RevisionListJson } from "@/lib/server/revisions/presenters";
import { listQuestionRevisions } from "@/lib/server/revisions/queries";

// GET /api/questions/:id/revisions - a question's revisions, newest first (whoever may see the question)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  const revisions = await listQuestionRevisions(question.id);
  const body: RevisionListJson<QuestionRevisionJson> = {
    revisions: revisions.map((r) => presentQuestionRevision(r, viewer?.id ?? null)),
    viewerCan: { rollback: can(viewer, "question.rollback", question) },
  };
  return Response.json(body);
});
