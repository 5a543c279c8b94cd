import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { presentSuggestedEdit, suggestedEditResource } from "@/lib/server/suggested-edits/presenters";
import { getSuggestedEditOrThrow, SUGGESTED_EDIT_NOT_FOUND } from "@/lib/server/suggested-edits/queries";

// GET /api/suggested-edits/:id - one suggestion with the current and proposed text (the suggester, the post's author, reviewers)
export const GET = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, SUGGESTED_EDIT_NOT_FOUND); // 404
  const edit = await getSuggestedEditOrThrow(id, viewer); // 404, also when its post is hidden from the viewer
  authorize(viewer, "suggestedEdit.view", suggestedEditResource(edit)); // 403
  return Response.json(presentSuggestedEdit(edit, viewer));
});
