import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentReputationEvent } from "@/lib/server/reputation/presenters";
import { countReputationEvents, listReputationEvents } from "@/lib/server/reputation/queries";
import { getProfileTargetOrThrow } from "@/lib/server/users/queries";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/users/:id/reputation - the member's reputation events, newest first (keyset pages)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  const [page, total] = await Promise.all([listReputationEvents(target.id, viewer, query), countReputationEvents(target.id)]);
  return pageResponse(page.rows.map(presentReputationEvent), { nextCursor: page.nextCursor, total });
});
