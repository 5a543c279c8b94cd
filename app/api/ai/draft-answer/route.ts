import { requireViewer } from "@/lib/server/auth/session";
import { serviceUnavailable } from "@/lib/server/errors";
import { getGroupOrThrow, withGroupIds } from "@/lib/server/groups/queries";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge, refund } from "@/lib/server/rate-limit";
import { draftAnswerEventStream, listDraftTagNames } from "@/lib/server/ai/draft-answers";
import { isAiConfigured } from "@/lib/server/ai/provider";
import { SSE_HEADERS } from "@/lib/server/ai/sse";
import { AI_NOT_CONFIGURED_MESSAGE, draftAnswerRequestSchema } from "@/lib/validation/ai";

/** A draft is at most 20,000 characters of description, up to 4 bytes each, plus a little. */
const MAX_DRAFT_BYTES = 96 * 1024;

// POST /api/ai/draft-answer - an AI answer to the Ask dialog's draft before it is posted (an event stream), counted in the AI allowance
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = draftAnswerRequestSchema.parse(await readJson(req, MAX_DRAFT_BYTES)); // 400 with the question form's messages
  const group = input.groupId === null ? null : await getGroupOrThrow(input.groupId); // 404
  authorize(viewer, "question.create"); // 403 (suspended)
  if (group) authorize(await withGroupIds(viewer), "group.post", group); // 403 outside the group: its posts are not theirs to draw on
  authorize(viewer, "answer.generate"); // 403
  if (!isAiConfigured()) throw serviceUnavailable(AI_NOT_CONFIGURED_MESSAGE); // 503
  const tags = await listDraftTagNames(input.tagIds);
  await charge("aiHourly", viewer.id); // 429 with Retry-After
  const draft = { title: input.title, description: input.description, groupId: input.groupId, tags };
  const giveBack = () => refund("aiHourly", viewer.id).catch(() => {});
  return new Response(draftAnswerEventStream({ draft, viewerId: viewer.id, signal: req.signal, onUnproductive: giveBack }), { headers: SSE_HEADERS });
});

export const maxDuration = 120;
