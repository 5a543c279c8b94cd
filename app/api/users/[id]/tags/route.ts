import { getViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorizeProfileView } from "@/lib/server/policy";
import { presentUsedTag } from "@/lib/server/users/presenters";
import { getProfileTargetOrThrow, listUsedTags } from "@/lib/server/users/queries";

// GET /api/users/:id/tags - the tags on the member's questions ("Most Used Tags"), most used first
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeProfileView(viewer, target); // 401, 403
  return Response.json((await listUsedTags(target.id, viewer)).map(presentUsedTag));
});
