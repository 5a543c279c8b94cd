import { requireViewer } from "@/lib/server/auth/session";
import { handler, idParam } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { deleteAnswer } from "@/lib/server/answers/mutations";
import { ANSWER_NOT_FOUND, getAnswerOrThrow } from "@/lib/server/answers/queries";

// DELETE /api/answers/:id - delete your own answer (never the automatic one), its votes and comments
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req);
  const answer = await getAnswerOrThrow(idParam((await ctx.params).id, ANSWER_NOT_FOUND), viewer);
  authorize(viewer, "answer.delete", answer);
  await deleteAnswer(answer);
  return new Response(null, { status: 204 });
});
