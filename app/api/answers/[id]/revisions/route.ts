import { getViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { can } from "@/lib/server/policy";
import { ANSWER_NOT_FOUND, getAnswerOrThrow } from "@/lib/server/answers/queries";
import { presentAnswerRevision, type AnswerRevisionJson, type RevisionListJson } from "@/lib/server/revisions/presenters";
import { listAnswerRevisions } from "@/lib/server/revisions/queries";

// GET /api/answers/:id/revisions - an answer's revisions, newest first (whoever may see the answer)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, ANSWER_NOT_FOUND); // 404
  const answer = await getAnswerOrThrow(id, viewer); // 404, also when hidden
  const revisions = await listAnswerRevisions(answer.id);
  const body: RevisionListJson<AnswerRevisionJson> = {
    revisions: revisions.map((r) => presentAnswerRevision(r, viewer?.id ?? null)),
    viewerCan: { rollback: can(viewer, "answer.rollback", answer) },
  };
  return Response.json(body);
});
