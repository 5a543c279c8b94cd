import { createSession, requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { changePassword } from "@/lib/server/accounts/mutations";
import { presentPasswordChanged } from "@/lib/server/accounts/presenters";
import { passwordChangeSchema } from "@/lib/validation/users";

// PATCH /api/users/change-password - change the password (the current one is checked); every other session ends, this browser gets a new one
export const PATCH = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const input = passwordChangeSchema.parse(await readJson(req)); // 400
  authorize(viewer, "user.changeSettings"); // 403
  await charge("passwordChange", viewer.id); // 429
  await changePassword(viewer, input); // 400 wrong current password
  const session = await createSession(viewer.id, req);
  const res = Response.json(presentPasswordChanged());
  res.headers.append("Set-Cookie", session.cookie);
  res.headers.set("Cache-Control", "no-store");
  return res;
});
