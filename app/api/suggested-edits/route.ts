import { getAnswerOrThrow } from "@/lib/server/answers/queries";
import { requireViewer } from "@/lib/server/auth/session";
import { badRequest } from "@/lib/server/errors";
import { handler, readJson } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize, can } from "@/lib/server/policy";
import { listChosenTagsOrThrow } from "@/lib/server/questions/queries";
import { createSuggestedEdit, EDIT_DIRECTLY_MESSAGE, type SuggestionTarget } from "@/lib/server/suggested-edits/mutations";
import { presentSuggestedEdit } from "@/lib/server/suggested-edits/presenters";
import { getQuestionTextOrThrow, listSuggestedEdits } from "@/lib/server/suggested-edits/queries";
import { trustLevelOf } from "@/lib/server/trust";
import { searchParamsOf } from "@/lib/validation/questions";
import { suggestedEditCreateSchema, suggestedEditListQuerySchema } from "@/lib/validation/suggested-edits";

/** A question's proposal is at most 20,000 characters of description, up to 4 bytes each, plus a little. */
const MAX_SUGGESTION_BYTES = 96 * 1024;
/** The 403 of a review queue asked for below the review privilege. */
const REVIEW_PRIVILEGE_MESSAGE = "Reviewing suggested edits takes 500 reputation";

// POST /api/suggested-edits - suggest an edit of someone else's question or answer (below the edit privilege); 201 pending
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = suggestedEditCreateSchema.parse(await readJson(req, MAX_SUGGESTION_BYTES)); // 400
  let target: SuggestionTarget;
  if (input.targetType === "question") {
    const question = await getQuestionTextOrThrow(input.targetId, viewer); // 404, also when hidden from the viewer
    if (can(viewer, "question.edit", question)) throw badRequest(EDIT_DIRECTLY_MESSAGE); // 400: the author, 1,000 reputation, staff
    authorize(viewer, "question.suggestEdit", question); // 403
    const tags = input.tagIds ? (await listChosenTagsOrThrow(input.tagIds)).map((t) => t.name) : question.tags; // 400 when none exists
    const proposal = { title: input.title ?? question.title, description: input.description ?? question.description, tags };
    target = { type: "question", question, proposal };
  } else {
    const answer = await getAnswerOrThrow(input.targetId, viewer); // 404, also when hidden
    if (can(viewer, "answer.edit", answer)) throw badRequest(EDIT_DIRECTLY_MESSAGE); // 400
    authorize(viewer, "answer.suggestEdit", answer, "The automatic AI answer cannot be edited"); // 403
    target = { type: "answer", answer, content: input.content! };
  }
  const edit = await createSuggestedEdit({ target, suggester: viewer, summary: input.summary, level: await trustLevelOf(viewer) }); // 400 unchanged, 409 one pending, 429
  return Response.json(presentSuggestedEdit(edit, viewer), { status: 201 });
});

// GET /api/suggested-edits?status=pending - the review queue (members with the review privilege, and staff), newest first, paged
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const query = suggestedEditListQuerySchema.parse(searchParamsOf(req.url)); // 400
  authorize(viewer, "suggestedEdit.list", undefined, REVIEW_PRIVILEGE_MESSAGE); // 403
  const page = await listSuggestedEdits(viewer, query);
  return pageResponse(page.rows.map((row) => presentSuggestedEdit(row, viewer)), page);
});
