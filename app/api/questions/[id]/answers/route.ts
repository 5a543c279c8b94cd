import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { createAnswer } from "@/lib/server/answers/mutations";
import { presentAnswer } from "@/lib/server/answers/presenters";
import { getQuestionToAnswerOrThrow, QUESTION_NOT_FOUND } from "@/lib/server/answers/queries";
import { recordAiProvenance, verifyProvenance } from "@/lib/server/ai/provenance";
import { answerCreateSchema } from "@/lib/validation/answers";
import { chargeNewPost } from "@/lib/server/spam/limits";
import { screenNewPost } from "@/lib/server/spam/check";
import { kickSpamChecks } from "@/lib/server/spam/worker";
import { assertAcceptsAnswers } from "@/lib/server/question-states/guards";

// POST /api/questions/:id/answers - post an answer
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const input = answerCreateSchema.parse(await readJson(req));
  const question = await getQuestionToAnswerOrThrow(idParam((await ctx.params).id, QUESTION_NOT_FOUND), viewer);
  assertAcceptsAnswers(question); // 403 "This question is locked" / "This question is closed"
  authorize(viewer, "answer.create");
  // A previewed AI answer brings its signed provenance; it counts only for this member, question, prompt and text.
  const ai = verifyProvenance(input.aiProvenance, { questionId: question.id, userId: viewer.id, customPrompt: input.customPrompt, content: input.content });
  // New members: at most 2 links (400); below trust level 2: the spam check; then the daily limits (429).
  const { level, screening } = await screenNewPost(viewer, { type: "answer", text: input.content });
  await chargeNewPost(viewer.id, "answer", level);
  const posted = await createAnswer({ question, author: viewer, input, screening });
  if (screening?.model) kickSpamChecks(); // the model classifies it after the response; nobody hears of it before
  const answer = ai ? await recordAiProvenance(posted, ai) : posted;
  return Response.json(presentAnswer(answer, { viewer }), { status: 201 });
});
