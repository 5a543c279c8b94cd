import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { suspendMember, unsuspendMember } from "@/lib/server/moderation/actions";
import { presentSuspension } from "@/lib/server/moderation/presenters";
import { getModeratedMemberOrThrow } from "@/lib/server/moderation/queries";
import { authorize, authorizeMemberModeration, SITE } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { suspendSchema } from "@/lib/validation/moderation";

// POST /api/users/:id/suspend - suspend a member for N days with a reason; their sessions end (moderators and admins)
export const POST = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "user.moderate", SITE, "Only moderators and admins can suspend members."); // 403
  const input = suspendSchema.parse(await readJson(req)); // 400
  await charge("memberActionHourly", viewer.id); // 429
  const member = await getModeratedMemberOrThrow((await ctx.params).id); // 404
  authorizeMemberModeration(viewer, "user.suspend", member); // 403: oneself, a moderator or an admin
  const until = await suspendMember(viewer, member.id, input);
  return Response.json(presentSuspension({ until, reason: input.reason }));
});

// DELETE /api/users/:id/suspend - lift a member's suspension (moderators and admins); lifting none changes nothing
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "user.moderate", SITE, "Only moderators and admins can lift a suspension."); // 403
  await charge("memberActionHourly", viewer.id); // 429
  const member = await getModeratedMemberOrThrow((await ctx.params).id); // 404
  authorizeMemberModeration(viewer, "user.suspend", member); // 403
  await unsuspendMember(viewer, member.id);
  return Response.json(presentSuspension({ until: null, reason: null }));
});
