import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { presentVoteResult } from "@/lib/server/answers/presenters";
import { ANSWER_NOT_FOUND, getAnswerOrThrow } from "@/lib/server/answers/queries";
import { setVote, withdrawVote } from "@/lib/server/votes/mutations";
import { voteSchema } from "@/lib/validation/votes";
import { assertQuestionUnlocked } from "@/lib/server/question-states/guards";

// POST /api/answers/:id/vote - vote up or down (repeating changes nothing; the other type switches)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = voteSchema.parse(await readJson(req));
  const answer = await getAnswerOrThrow(idParam((await ctx.params).id, ANSWER_NOT_FOUND), viewer);
  await assertQuestionUnlocked(answer.questionId); // 403 "This question is locked"
  authorize(viewer, "answer.vote", answer);
  const vote = await setVote({ answer, voter: viewer, voteType: input.voteType }); // 429 past the daily allowance
  return Response.json(presentVoteResult(vote));
});

// DELETE /api/answers/:id/vote - withdraw your vote
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const answer = await getAnswerOrThrow(idParam((await ctx.params).id, ANSWER_NOT_FOUND), viewer);
  await assertQuestionUnlocked(answer.questionId); // 403 "This question is locked"
  authorize(viewer, "answer.vote", answer);
  const vote = await withdrawVote({ answer, voter: viewer });
  return Response.json(presentVoteResult(vote));
});
