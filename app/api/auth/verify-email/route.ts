import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { charge, clientIp } from "@/lib/server/rate-limit";
import { getViewer } from "@/lib/server/auth/session";
import { verifyEmail } from "@/lib/server/auth/email-tokens";
import { verifyEmailSchema } from "@/lib/validation/auth";

/** A token body is tiny. */
const MAX_BYTES = 2 * 1024;

// POST /api/auth/verify-email - spend a verification link's token: the address it was sent to is verified (400 when used or expired)
export const POST = handler(async (req) => {
  const viewer = await getViewer(req); // anyone holding the link: signed in or not
  const input = verifyEmailSchema.parse(await readJson(req, MAX_BYTES)); // 400, 413
  authorize(viewer, "user.resetPassword");
  await charge("emailLinkRedeem", clientIp(req)); // 429
  await verifyEmail(input.token); // 400 used, expired or unknown
  return Response.json({ emailVerified: true }, { headers: { "Cache-Control": "no-store" } });
});
