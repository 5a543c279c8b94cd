import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { changeMemberRole } from "@/lib/server/moderation/mutations";
import { presentRoleChange } from "@/lib/server/moderation/presenters";
import { getModeratedMemberOrThrow } from "@/lib/server/moderation/queries";
import { authorize, authorizeMemberModeration, SITE } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { roleChangeSchema } from "@/lib/validation/moderation";

// PUT /api/admin/users/:id/role - make a member a moderator, or a moderator a member again (admins)
export const PUT = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "admin.changeRoles", SITE, "Only admins can change a member's role."); // 403
  const input = roleChangeSchema.parse(await readJson(req)); // 400
  await charge("memberActionHourly", viewer.id); // 429
  const member = await getModeratedMemberOrThrow((await ctx.params).id); // 404
  authorizeMemberModeration(viewer, "user.changeRole", member); // 403: oneself, an admin
  return Response.json(presentRoleChange(await changeMemberRole(viewer, member.id, input.role)));
});
