import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { rejectSuggestedEdit } from "@/lib/server/suggested-edits/mutations";
import { presentSuggestedEdit, suggestedEditResource } from "@/lib/server/suggested-edits/presenters";
import { getSuggestedEditOrThrow, SUGGESTED_EDIT_NOT_FOUND } from "@/lib/server/suggested-edits/queries";
import { suggestedEditRejectSchema } from "@/lib/validation/suggested-edits";

// POST /api/suggested-edits/:id/reject - reject it, with an optional reason; the post stays as it is; once
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, SUGGESTED_EDIT_NOT_FOUND); // 404
  const input = suggestedEditRejectSchema.parse(await readJson(req, 8 * 1024)); // 400
  const edit = await getSuggestedEditOrThrow(id, viewer); // 404
  authorize(viewer, "suggestedEdit.review", suggestedEditResource(edit)); // 403
  await rejectSuggestedEdit(edit, viewer, input.reason); // 409 when already reviewed
  return Response.json(presentSuggestedEdit(await getSuggestedEditOrThrow(id, viewer), viewer));
});
