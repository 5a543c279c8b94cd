import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { approveSuggestedEdit } from "@/lib/server/suggested-edits/mutations";
import { presentSuggestedEdit, suggestedEditResource } from "@/lib/server/suggested-edits/presenters";
import { getSuggestedEditOrThrow, SUGGESTED_EDIT_NOT_FOUND } from "@/lib/server/suggested-edits/queries";

// POST /api/suggested-edits/:id/approve - apply it as a new revision crediting the suggester (+2 reputation); once
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, SUGGESTED_EDIT_NOT_FOUND); // 404
  const edit = await getSuggestedEditOrThrow(id, viewer); // 404
  authorize(viewer, "suggestedEdit.review", suggestedEditResource(edit)); // 403: not the suggester; the author, 500 reputation or staff
  await approveSuggestedEdit(edit, viewer); // 409 when already reviewed
  return Response.json(presentSuggestedEdit(await getSuggestedEditOrThrow(id, viewer), viewer));
});
