import { requireViewer } from "@/lib/server/auth/session";
import { badGateway, serviceUnavailable } from "@/lib/server/errors";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge, refund } from "@/lib/server/rate-limit";
import { coachWithModel } from "@/lib/server/ai/coach";
import { isAiConfigured } from "@/lib/server/ai/provider";
import { log } from "@/lib/server/log";
import { AI_NOT_CONFIGURED_MESSAGE, coachRequestSchema, type CoachResponse } from "@/lib/validation/ai";
import { COACH_FAILED_MESSAGE } from "@/lib/validation/messages/ai";

/** A draft is at most 20,000 characters of description, up to 4 bytes each, plus a little. */
const MAX_DRAFT_BYTES = 96 * 1024;

// POST /api/ai/coach - the model's suggestions on the Ask dialog's draft (issue 17): { suggestions: string[] }, at most 3 short plain-text lines; never edits the draft
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = coachRequestSchema.parse(await readJson(req, MAX_DRAFT_BYTES)); // 400 with the question form's messages
  authorize(viewer, "question.create"); // 403 (suspended)
  if (!isAiConfigured()) throw serviceUnavailable(AI_NOT_CONFIGURED_MESSAGE); // 503: the heuristics alone speak
  await charge("aiCoachHourly", viewer.id); // 429 with Retry-After
  try {
    const suggestions = await coachWithModel({ title: input.title, description: input.description, locale: input.locale }, { signal: req.signal });
    return Response.json({ suggestions } satisfies CoachResponse);
  } catch (error) {
    // Nothing came of it: the call does not count, and the dialog keeps its heuristic suggestions.
    await refund("aiCoachHourly", viewer.id).catch(() => {});
    log.warn({ error: error instanceof Error ? error.message : "error" }, "Draft coaching failed");
    throw badGateway(COACH_FAILED_MESSAGE); // 502
  }
});

export const maxDuration = 30;
