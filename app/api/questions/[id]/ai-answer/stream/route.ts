import { getViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { QUESTION_NOT_FOUND } from "@/lib/server/answers/queries";
import { followAiAnswerStream } from "@/lib/server/ai/follow";
import { acquireStreamSlot } from "@/lib/server/ai/progress-hub";
import { getAiQuestionOrThrow } from "@/lib/server/ai/queries";
import { SSE_HEADERS } from "@/lib/server/ai/sse";
import { clientIp } from "@/lib/server/rate-limit";

// GET /api/questions/:id/ai-answer/stream - follow the automatic answer as it is written (Server-Sent Events)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const question = await getAiQuestionOrThrow(idParam((await ctx.params).id, QUESTION_NOT_FOUND), viewer); // 404, also when hidden
  const release = acquireStreamSlot(viewer ? `member:${viewer.id}` : `ip:${clientIp(req)}`); // 429 per client, 503 per instance
  return new Response(followAiAnswerStream({ questionId: question.id, viewer, signal: req.signal, onClose: release }), { headers: SSE_HEADERS });
});

export const maxDuration = 150;
