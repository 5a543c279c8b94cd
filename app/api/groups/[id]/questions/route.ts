import { getViewer } from "@/lib/server/auth/session";
import { GROUP_MESSAGES, GROUP_NOT_FOUND, getGroupOrThrow, withGroupMembership } from "@/lib/server/groups/queries";
import { handler, idParam } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, listQuestions } from "@/lib/server/questions/queries";
import { groupQuestionsQuerySchema } from "@/lib/validation/groups";
import { searchParamsOf } from "@/lib/validation/questions";

// GET /api/groups/:id/questions - the group's posts, newest first, optionally matching ?search= in title or description (members only when private)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, GROUP_NOT_FOUND); // 404
  const query = groupQuestionsQuerySchema.parse(searchParamsOf(req.url)); // 400
  const group = await getGroupOrThrow(id); // 404
  authorize(await withGroupMembership(viewer, group.id), "group.viewContent", group, GROUP_MESSAGES.privateContent); // 403
  const filters = { groupId: group.id, text: query.search };
  const [page, total] = await Promise.all([
    listQuestions(viewer, { ...filters, limit: query.limit, cursor: query.cursor }),
    countQuestions(viewer, filters),
  ]);
  return pageResponse(page.rows.map((row) => presentQuestionSummary(row, viewer)), { nextCursor: page.nextCursor, total });
});
