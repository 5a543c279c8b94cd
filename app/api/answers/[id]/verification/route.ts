import { requireViewer } from "@/lib/server/auth/session";
import { badRequest } from "@/lib/server/errors";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { ANSWER_NOT_FOUND, getAnswerOrThrow, getPresentedAnswerOrThrow } from "@/lib/server/answers/queries";
import { assertQuestionUnlocked } from "@/lib/server/question-states/guards";
import { setVerdict, withdrawVerdict } from "@/lib/server/verification/mutations";
import { isAiAnswer } from "@/lib/server/verification/presenters";
import { HUMAN_ANSWER_VERDICT_MESSAGE, OWN_PROMPT_VERDICT_MESSAGE, verdictSchema } from "@/lib/validation/verification";
import type { Viewer } from "@/lib/server/policy";

// The answer as the viewer may see it (404 when hidden from them, private groups included), an AI
// answer (400 otherwise), on an unlocked question (403), and not the viewer's own prompt (403).
async function verifiableAnswer(viewer: Viewer, rawId: string) {
  const answer = await getAnswerOrThrow(idParam(rawId, ANSWER_NOT_FOUND), viewer);
  if (!isAiAnswer(answer)) throw badRequest(HUMAN_ANSWER_VERDICT_MESSAGE);
  await assertQuestionUnlocked(answer.questionId); // 403 "This question is locked"
  authorize(viewer, "answer.verify", answer, OWN_PROMPT_VERDICT_MESSAGE);
  return answer;
}

// POST /api/answers/:id/verification - say an AI answer is correct, or incorrect with a reason (changeable)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = verdictSchema.parse(await readJson(req));
  const answer = await verifiableAnswer(viewer, (await ctx.params).id);
  await setVerdict({ answerId: answer.id, memberId: viewer.id, input }); // 429 past the daily allowance
  const presented = await getPresentedAnswerOrThrow(answer.id, viewer);
  return Response.json({ answerId: answer.id, verification: presented.verification, aiRevision: presented.aiRevision });
});

// DELETE /api/answers/:id/verification - withdraw your verdict (repeating it changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const answer = await verifiableAnswer(viewer, (await ctx.params).id);
  await withdrawVerdict({ answerId: answer.id, memberId: viewer.id });
  const presented = await getPresentedAnswerOrThrow(answer.id, viewer);
  return Response.json({ answerId: answer.id, verification: presented.verification, aiRevision: presented.aiRevision });
});
