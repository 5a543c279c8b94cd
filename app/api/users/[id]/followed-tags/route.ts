import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentTag } from "@/lib/server/tags/presenters";
import { getProfileTargetOrThrow, listFollowedTags } from "@/lib/server/users/queries";

// GET /api/users/:id/followed-tags - the tags the member follows ("Followed Tags"), with question counts
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  return Response.json((await listFollowedTags(target.id, viewer)).map(presentTag));
});
