import { requireViewer } from "@/lib/server/auth/session";
import { badRequest } from "@/lib/server/errors";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize, can, privilegeReputation } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { closeQuestion, reopenQuestion } from "@/lib/server/question-states/mutations";
import { presentClosure } from "@/lib/server/question-states/presenters";
import { getOriginalQuestionOrThrow, getQuestionStateOrThrow } from "@/lib/server/question-states/queries";
import { QUESTION_NOT_FOUND, getQuestionOrThrow } from "@/lib/server/questions/queries";
import { DUPLICATE_OF_SELF_MESSAGE, closeQuestionSchema } from "@/lib/validation/question-states";

/** Members' votes count against a daily allowance; a moderator's call against the moderators' hourly one. */
const limitFor = (viewer: Parameters<typeof can>[0]) => (can(viewer, "question.closeAtOnce") ? "reviewActionHourly" : "closeVoteDaily");

const NO_PRIVILEGE = `Voting to close or reopen questions needs the "Vote to close and reopen" privilege (${privilegeReputation("closeVote")} reputation)`;

// POST /api/questions/:id/close - close a question (moderators and admins at once; 250-reputation members vote, 3 votes close it)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const input = closeQuestionSchema.parse(await readJson(req)); // 400
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.close", question, NO_PRIVILEGE); // 403
  if (input.duplicateOfId === question.id) throw badRequest(DUPLICATE_OF_SELF_MESSAGE, [{ path: "duplicateOfId", message: DUPLICATE_OF_SELF_MESSAGE }]);
  if (input.duplicateOfId !== null) await getOriginalQuestionOrThrow(input.duplicateOfId, viewer); // 404 when the viewer cannot see it
  await charge(limitFor(viewer), viewer.id); // 429
  await closeQuestion(question, viewer, input); // a closed question stays as it is
  return Response.json(presentClosure(await getQuestionStateOrThrow(id, viewer), viewer));
});

// DELETE /api/questions/:id/close - reopen a question (moderators and admins at once; 3 votes of 250-reputation members)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.close", question, NO_PRIVILEGE); // 403
  await charge(limitFor(viewer), viewer.id); // 429
  await reopenQuestion(question, viewer); // an open question stays as it is
  return Response.json(presentClosure(await getQuestionStateOrThrow(id, viewer), viewer));
});
