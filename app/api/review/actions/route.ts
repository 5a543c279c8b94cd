import { requireViewer } from "@/lib/server/auth/session";
import { applyReviewAction } from "@/lib/server/flags/mutations";
import { getReviewTargetOrThrow } from "@/lib/server/flags/queries";
import { handler, readJson } from "@/lib/server/http";
import { getModeratedMemberOrThrow } from "@/lib/server/moderation/queries";
import { authorize, authorizeMemberModeration, SITE } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { reviewActionSchema } from "@/lib/validation/flags";

// POST /api/review/actions - act on a flagged post: dismiss, hide, unhide, delete, lock its question, suspend its author (moderators and admins)
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "review.act", SITE); // 403
  const input = reviewActionSchema.parse(await readJson(req)); // 400
  await charge("reviewActionHourly", viewer.id); // 429
  const target = await getReviewTargetOrThrow(input.targetType, input.targetId); // 404
  // Suspending the author follows the same rank rule as a profile's Suspend (a moderator never suspends staff).
  if (input.action === "suspend") authorizeMemberModeration(viewer, "user.suspend", await getModeratedMemberOrThrow(target.authorId)); // 403
  const { resolved } = await applyReviewAction(viewer, target, input); // 409 when another moderator resolved its flags first
  return Response.json({ targetType: target.type, targetId: target.id, action: input.action, resolvedFlags: resolved });
});
