import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { dismissWelcome } from "@/lib/server/settings/mutations";

// DELETE /api/users/me/welcome - dismiss the home page's first-run card for good (on every device); repeating changes nothing
export const DELETE = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "user.changeSettings"); // 403
  await dismissWelcome(viewer);
  return new Response(null, { status: 204 });
});
