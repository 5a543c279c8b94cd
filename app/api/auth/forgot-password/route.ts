import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge, clientIp } from "@/lib/server/rate-limit";
import { getViewer } from "@/lib/server/auth/session";
import { requestPasswordReset, scheduleAfterResponse } from "@/lib/server/auth/email-tokens";
import { FORGOT_PASSWORD_SENT_MESSAGE, forgotPasswordSchema } from "@/lib/validation/auth";

const MAX_BYTES = 2 * 1024;

// POST /api/auth/forgot-password - e-mail a password reset link (valid 1 h) if the address has an account; 202 either way
export const POST = handler(async (req) => {
  const viewer = await getViewer(req); // signed in or not
  const input = forgotPasswordSchema.parse(await readJson(req, MAX_BYTES)); // 400, 413
  authorize(viewer, "user.resetPassword");
  await charge("passwordResetIp", clientIp(req)); // 429
  await charge("passwordResetEmail", input.email); // 429, for every address typed, known or not
  // Whether the address has an account is looked at only after the response, which therefore
  // takes the same time and says the same thing either way (no enumeration).
  scheduleAfterResponse("password reset e-mail", () => requestPasswordReset(input.email));
  return Response.json({ message: FORGOT_PASSWORD_SENT_MESSAGE }, { status: 202, headers: { "Cache-Control": "no-store" } });
});
