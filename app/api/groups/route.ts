import { getViewer, requireViewer } from "@/lib/server/auth/session";
import { createGroup } from "@/lib/server/groups/mutations";
import { presentGroup } from "@/lib/server/groups/presenters";
import { countGroups, getGroupDetailOrThrow, listGroups } from "@/lib/server/groups/queries";
import { handler, readJson } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { groupCreateSchema, groupListQuerySchema } from "@/lib/validation/groups";
import { searchParamsOf } from "@/lib/validation/questions";

// GET /api/groups - groups by name or description search, the viewer's own or the others (keyset pages)
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const query = groupListQuerySchema.parse(searchParamsOf(req.url)); // 400
  authorize(viewer, "group.viewDirectory");
  const [page, total] = await Promise.all([listGroups(viewer, query), countGroups(viewer, query)]);
  return pageResponse(page.rows.map((row) => presentGroup(row, viewer)), { nextCursor: page.nextCursor, total });
});

// POST /api/groups - create a group; its creator is its first member
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = groupCreateSchema.parse(await readJson(req)); // 400 with SPEC.md's messages
  authorize(viewer, "group.create");
  await charge("groupCreateDaily", viewer.id); // 429
  const { id } = await createGroup(viewer, input);
  const group = await getGroupDetailOrThrow(id, viewer);
  return Response.json(presentGroup(group, viewer), { status: 201 });
});
