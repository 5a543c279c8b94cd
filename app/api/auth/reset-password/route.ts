import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge, clientIp } from "@/lib/server/rate-limit";
import { clearSessionCookies, getViewer } from "@/lib/server/auth/session";
import { resetPassword } from "@/lib/server/auth/email-tokens";
import { PASSWORD_RESET_MESSAGE, resetPasswordSchema } from "@/lib/validation/auth";

const MAX_BYTES = 2 * 1024;

// POST /api/auth/reset-password - set a new password with a reset link's token; every session ends (400 when used or expired)
export const POST = handler(async (req) => {
  const viewer = await getViewer(req); // signed in or not
  const input = resetPasswordSchema.parse(await readJson(req, MAX_BYTES)); // 400 (same password rules as registration), 413
  authorize(viewer, "user.resetPassword");
  await charge("emailLinkRedeem", clientIp(req)); // 429
  await resetPassword(input.token, input.newPassword); // 400 used, expired or unknown
  const res = Response.json({ message: PASSWORD_RESET_MESSAGE }, { headers: { "Cache-Control": "no-store" } });
  // Every session of the member ended; this browser's cookie (whoever's it was) goes too.
  for (const cookie of clearSessionCookies(req)) res.headers.append("Set-Cookie", cookie);
  return res;
});
