import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentUserAnswer } from "@/lib/server/users/presenters";
import { countUserAnswers, getProfileTargetOrThrow, listUserAnswers } from "@/lib/server/users/queries";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/users/:id/answers - the member's answers on questions the viewer may see, newest first (keyset pages)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  const [page, total] = await Promise.all([listUserAnswers(target.id, viewer, query), countUserAnswers(target.id, viewer)]);
  return pageResponse(page.rows.map((row) => presentUserAnswer(row, viewer)), { nextCursor: page.nextCursor, total });
});
