import { handler, readJson } from "@/lib/server/http";
import { clientIp } from "@/lib/server/rate-limit";
import { registerUser } from "@/lib/server/auth/accounts";
import { createSession } from "@/lib/server/auth/session";
import { presentCurrentUser } from "@/lib/server/accounts/presenters";
import { registerSchema } from "@/lib/validation/auth";
import { statedLocale } from "@/lib/server/i18n/server-texts";

/** A registration body is a few hundred bytes; anything much larger is refused before parsing. */
const MAX_REGISTER_BYTES = 8 * 1024;

// POST /api/register - create an account with e-mail and password, and sign it in
export const POST = handler(async (req) => {
  const input = registerSchema.parse(await readJson(req, MAX_REGISTER_BYTES)); // 400, 413
  const user = await registerUser(input, clientIp(req), { locale: statedLocale(req) }); // 409, 429
  const { cookie } = await createSession(user.id, req);
  return Response.json(presentCurrentUser(user), {
    status: 201,
    headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" },
  });
});
