import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { presentMember } from "@/lib/server/members/presenters";
import { listMembers } from "@/lib/server/members/queries";
import { searchParamsOf } from "@/lib/validation/questions";
import { userListQuerySchema } from "@/lib/validation/users";

// GET /api/users?tab=new|asker|answerer|voters&search= - the members directory (rankings over the last 30 days, computed in the database)
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const query = userListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const page = await listMembers(viewer, query);
  return pageResponse(page.rows.map((row) => presentMember(row, viewer)), { nextCursor: page.nextCursor });
});
