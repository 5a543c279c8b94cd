import { requireViewer } from "@/lib/server/auth/session";
import { badRequest } from "@/lib/server/errors";
import { createFlag } from "@/lib/server/flags/mutations";
import { presentFlag } from "@/lib/server/flags/presenters";
import { getFlaggablePostOrThrow } from "@/lib/server/flags/queries";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { getQuestion } from "@/lib/server/questions/queries";
import { flagCreateSchema } from "@/lib/validation/flags";

/** The 403 of a member flagging their own post. */
const OWN_POST_MESSAGE = "You cannot flag your own post. Edit or delete it instead.";
const NOT_AI_MESSAGE = "Only an AI answer can be flagged as a wrong AI answer";
const DUPLICATE_NOT_FOUND_MESSAGE = "The original question was not found";
const DUPLICATE_OF_ITSELF_MESSAGE = "A question cannot be a duplicate of itself";

// POST /api/flags - flag a question, answer or comment (201; flagging it again answers 200 with the same flag)
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = flagCreateSchema.parse(await readJson(req)); // 400
  const post = await getFlaggablePostOrThrow(input.targetType, input.targetId, viewer); // 404, also when hidden from the viewer
  authorize(viewer, "flag.create", post, OWN_POST_MESSAGE); // 403
  if (input.reason === "ai_incorrect" && !post.isAi) throw badRequest(NOT_AI_MESSAGE, [{ path: "reason", message: NOT_AI_MESSAGE }]);
  if (input.reason === "duplicate") {
    if (input.duplicateOfId === post.id) throw badRequest(DUPLICATE_OF_ITSELF_MESSAGE, [{ path: "duplicateOfId", message: DUPLICATE_OF_ITSELF_MESSAGE }]);
    const original = await getQuestion(input.duplicateOfId!, viewer);
    if (!original) throw badRequest(DUPLICATE_NOT_FOUND_MESSAGE, [{ path: "duplicateOfId", message: DUPLICATE_NOT_FOUND_MESSAGE }]);
  }
  const outcome = await createFlag(viewer, post, input); // 429 past the daily allowance
  return Response.json(presentFlag(outcome.flag, outcome.postHidden), { status: outcome.created ? 201 : 200 });
});
