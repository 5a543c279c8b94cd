import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentFollowPerson } from "@/lib/server/users/presenters";
import { getProfileTargetOrThrow, listFollowPeople } from "@/lib/server/users/queries";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/users/:id/followers - the members who follow the member, most recent follow first (keyset pages)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  const page = await listFollowPeople(target.id, "followers", query);
  return pageResponse(page.rows.map((row) => presentFollowPerson(row, viewer)), { nextCursor: page.nextCursor });
});
