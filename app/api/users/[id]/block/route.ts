import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorizeBlock, blockUser, unblockUser } from "@/lib/server/direct-messages/mutations";
import { presentBlockState } from "@/lib/server/direct-messages/presenters";
import { getProfileTargetOrThrow } from "@/lib/server/users/queries";

// POST /api/users/:id/block - block a member: no more direct messages between you (repeating it changes nothing)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeBlock(viewer, target); // 403: yourself, the AI, a deleted account
  await blockUser(viewer, target); // 429
  return Response.json(presentBlockState(true));
});

// DELETE /api/users/:id/block - lift a block (repeating it changes nothing)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const target = await getProfileTargetOrThrow((await ctx.params).id); // 404
  authorizeBlock(viewer, target); // 403
  await unblockUser(viewer, target);
  return Response.json(presentBlockState(false));
});
