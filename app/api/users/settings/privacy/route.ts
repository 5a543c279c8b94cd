import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { updatePrivacySettings } from "@/lib/server/settings/mutations";
import { privacySettingsSchema } from "@/lib/validation/users";

// PATCH /api/users/settings/privacy - change profile visibility, activity status or messages; answers all privacy settings
export const PATCH = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = privacySettingsSchema.parse(await readJson(req)); // 400
  authorize(viewer, "user.changeSettings"); // 403
  return Response.json(await updatePrivacySettings(viewer, input));
});
