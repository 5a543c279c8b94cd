import { handler } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge } from "@/lib/server/rate-limit";
import { requireViewer } from "@/lib/server/auth/session";
import { resendVerificationEmail } from "@/lib/server/auth/email-tokens";

// POST /api/auth/resend-verification - e-mail the signed-in member a new verification link (409 once verified)
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "user.resendVerification"); // 403
  await charge("verificationResend", viewer.id); // 429
  await resendVerificationEmail(viewer.id); // 409 already verified
  return new Response(null, { status: 202, headers: { "Cache-Control": "no-store" } });
});
