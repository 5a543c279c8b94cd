import { getViewer, requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { ANSWER_NOT_FOUND, getAnswerOrThrow } from "@/lib/server/answers/queries";
import { createComment } from "@/lib/server/comments/mutations";
import { presentComment } from "@/lib/server/comments/presenters";
import { listAnswerComments } from "@/lib/server/comments/queries";
import { commentSchema } from "@/lib/validation/comments";
import { chargeNewPost } from "@/lib/server/spam/limits";
import { screenNewPost } from "@/lib/server/spam/check";
import { kickSpamChecks } from "@/lib/server/spam/worker";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";
import { assertQuestionUnlocked } from "@/lib/server/question-states/guards";

// GET /api/answers/:id/comments?cursor=&limit= - an answer's comments, flat and oldest first (replies name their parent), X-Next-Cursor
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const answer = await getAnswerOrThrow(idParam((await ctx.params).id, ANSWER_NOT_FOUND), viewer); // 404, also when hidden
  const page = await listAnswerComments(answer.id, query, viewer);
  return pageResponse(page.rows.map((row) => presentComment(row, viewer)), { nextCursor: page.nextCursor });
});

// POST /api/answers/:id/comments - comment on an answer
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = commentSchema.parse(await readJson(req));
  const answer = await getAnswerOrThrow(idParam((await ctx.params).id, ANSWER_NOT_FOUND), viewer);
  await assertQuestionUnlocked(answer.questionId); // 403 "This question is locked"
  authorize(viewer, "comment.create");
  // New members: at most 2 links (400); below trust level 2: the spam check; then the daily limits (429).
  const { level, screening } = await screenNewPost(viewer, { type: "comment", text: input.content });
  await chargeNewPost(viewer.id, "comment", level);
  const comment = await createComment({ answer, author: viewer, content: input.content, screening });
  if (screening?.model) kickSpamChecks();
  return Response.json(presentComment(comment, viewer), { status: 201 });
});
