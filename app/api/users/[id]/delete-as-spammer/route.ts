import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { deleteMemberAsSpammer } from "@/lib/server/moderation/mutations";
import { getModeratedMemberOrThrow } from "@/lib/server/moderation/queries";
import { authorize, authorizeMemberModeration, SITE } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { deleteSpammerSchema } from "@/lib/validation/moderation";

// POST /api/users/:id/delete-as-spammer - remove a member's account and every post they wrote, in one step (moderators and admins)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "user.moderate", SITE, "Only moderators and admins can delete spammers."); // 403
  const input = deleteSpammerSchema.parse(await readJson(req)); // 400
  await charge("memberActionHourly", viewer.id); // 429
  const member = await getModeratedMemberOrThrow((await ctx.params).id); // 404
  authorizeMemberModeration(viewer, "user.deleteAsSpammer", member); // 403: staff accounts
  return Response.json(await deleteMemberAsSpammer(viewer, member.id, input.reason));
});
