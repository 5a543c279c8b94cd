import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { updateProfile } from "@/lib/server/users/mutations";
import { presentCurrentUser } from "@/lib/server/accounts/presenters";
import { profileUpdateSchema } from "@/lib/validation/users";

// PUT /api/users/profile - replace the signed-in member's profile (fields left out are cleared); answers their account
export const PUT = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = profileUpdateSchema.parse(await readJson(req)); // 400
  authorize(viewer, "user.editProfile", viewer); // 403
  await charge("profileEditHourly", viewer.id); // 429
  return Response.json(presentCurrentUser(await updateProfile(viewer, input)));
});
