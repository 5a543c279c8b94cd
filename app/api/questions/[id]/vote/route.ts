import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { presentQuestionVoteResult } from "@/lib/server/questions/presenters";
import { QUESTION_NOT_FOUND, getQuestionOrThrow } from "@/lib/server/questions/queries";
import { setQuestionVote, withdrawQuestionVote } from "@/lib/server/votes/mutations";
import { voteSchema } from "@/lib/validation/votes";
import { assertUnlocked } from "@/lib/server/question-states/guards";

const OWN_QUESTION = "You can't vote on your own question";

// POST /api/questions/:id/vote - vote a question up or down (repeating changes nothing; the other type switches)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const input = voteSchema.parse(await readJson(req)); // 400
  const question = await getQuestionOrThrow(idParam((await ctx.params).id, QUESTION_NOT_FOUND), viewer); // 404, also when hidden
  assertUnlocked(question); // 403 "This question is locked"
  authorize(viewer, "question.vote", question, OWN_QUESTION); // 403
  const vote = await setQuestionVote({ question, voter: viewer, voteType: input.voteType }); // 429 past the daily allowance
  return Response.json(presentQuestionVoteResult(vote));
});

// DELETE /api/questions/:id/vote - withdraw your vote on a question
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const question = await getQuestionOrThrow(idParam((await ctx.params).id, QUESTION_NOT_FOUND), viewer); // 404, also when hidden
  assertUnlocked(question); // 403 "This question is locked"
  authorize(viewer, "question.vote", question, OWN_QUESTION); // 403
  const vote = await withdrawQuestionVote({ question, voter: viewer });
  return Response.json(presentQuestionVoteResult(vote));
});
