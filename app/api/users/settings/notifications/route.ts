import { requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { updateNotificationSettings } from "@/lib/server/settings/mutations";
import { notificationSettingsSchema } from "@/lib/validation/users";

// PATCH /api/users/settings/notifications - change some notification switches; answers all of them
export const PATCH = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = notificationSettingsSchema.parse(await readJson(req)); // 400
  authorize(viewer, "user.changeSettings"); // 403
  return Response.json(await updateNotificationSettings(viewer, input));
});
