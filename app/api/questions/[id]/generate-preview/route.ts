import { requireViewer } from "@/lib/server/auth/session";
import { badGateway, serviceUnavailable } from "@/lib/server/errors";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge, refund } from "@/lib/server/rate-limit";
import { QUESTION_NOT_FOUND } from "@/lib/server/answers/queries";
import { describeAiError } from "@/lib/server/ai/generate";
import { generatePreview, previewEventStream } from "@/lib/server/ai/preview";
import { isAiConfigured } from "@/lib/server/ai/provider";
import { getAiQuestionOrThrow } from "@/lib/server/ai/queries";
import { SSE_HEADERS, wantsEventStream } from "@/lib/server/ai/sse";
import { AI_NOT_CONFIGURED_MESSAGE, GENERATE_FAILED_MESSAGE, previewRequestSchema } from "@/lib/validation/ai";
import { log } from "@/lib/server/log";
import { assertAcceptsAnswers } from "@/lib/server/question-states/guards";

// POST /api/questions/:id/generate-preview - an AI answer from the member's own prompt, not posted (streamed with Accept: text/event-stream)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const input = previewRequestSchema.parse(await readJson(req)); // 400 "Please enter a custom prompt..."
  const question = await getAiQuestionOrThrow(idParam((await ctx.params).id, QUESTION_NOT_FOUND), viewer); // 404
  assertAcceptsAnswers(question); // 403 "This question is locked" / "This question is closed"
  authorize(viewer, "answer.generate"); // 403
  if (!isAiConfigured()) throw serviceUnavailable(AI_NOT_CONFIGURED_MESSAGE); // 503
  await charge("aiHourly", viewer.id); // 429 with Retry-After
  const giveBack = () => refund("aiHourly", viewer.id).catch(() => {});
  const options = { question, viewerId: viewer.id, customPrompt: input.customPrompt, signal: req.signal, onUnproductive: giveBack };

  if (wantsEventStream(req)) return new Response(previewEventStream(options), { headers: SSE_HEADERS });
  try {
    const result = await generatePreview(options);
    if (!result.content) await giveBack();
    return Response.json(result);
  } catch (error) {
    await giveBack();
    log.warn({ questionId: question.id, error: describeAiError(error).message }, "AI preview failed");
    throw badGateway(GENERATE_FAILED_MESSAGE); // 502
  }
});

export const maxDuration = 120;
