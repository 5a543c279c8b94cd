import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { lockQuestion, unlockQuestion } from "@/lib/server/moderation/actions";
import { presentLocked } from "@/lib/server/question-states/presenters";
import { getQuestionStateOrThrow } from "@/lib/server/question-states/queries";
import { QUESTION_NOT_FOUND, getQuestionOrThrow } from "@/lib/server/questions/queries";
import { lockQuestionSchema } from "@/lib/validation/question-states";
import { charge } from "@/lib/server/rate-limit";

const STAFF_ONLY = "Only moderators and admins can lock or unlock a question";

// POST /api/questions/:id/lock - lock a question: no answers, comments, votes or accepts (moderators and admins)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const input = lockQuestionSchema.parse(await readJson(req)); // 400
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.lock", question, STAFF_ONLY); // 403
  await charge("reviewActionHourly", viewer.id); // 429
  await lockQuestion(viewer, question.id, input.reason); // locking a locked question changes nothing
  return Response.json({ locked: presentLocked(await getQuestionStateOrThrow(id, viewer)) });
});

// DELETE /api/questions/:id/lock - unlock a question (moderators and admins)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const input = lockQuestionSchema.parse(await readJson(req)); // 400
  const question = await getQuestionOrThrow(id, viewer); // 404, also when hidden
  authorize(viewer, "question.lock", question, STAFF_ONLY); // 403
  await charge("reviewActionHourly", viewer.id); // 429
  await unlockQuestion(viewer, question.id, input.reason);
  return Response.json({ locked: presentLocked(await getQuestionStateOrThrow(id, viewer)) });
});
