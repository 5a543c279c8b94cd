import "server-only";
import { parseCookieHeader } from "@/lib/server/auth/session";
import { AppError, badRequest } from "@/lib/server/errors";
import { errorResponse } from "@/lib/server/http";
import { assertSameOrigin } from "@/lib/server/origin";

/*
 * next-auth's own routes (/api/auth/*) are not wrapped by handler(); this refuses, with the
 * API's error JSON, the requests next-auth would otherwise answer with a 500: a JSON body that
 * does not parse, and a callbackUrl (query or cookie) that is neither an http(s) URL nor a path.
 */

/** next-auth's client posts small forms (csrfToken, email, password, callbackUrl). */
const MAX_AUTH_FORM_BYTES = 16 * 1024;

export const AUTH_FORM_MESSAGE = "Sign-in requests must be sent as a form (application/x-www-form-urlencoded).";
export const CALLBACK_URL_MESSAGE = "callbackUrl must be a link to a page of this site.";

const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** next-auth's own test of a callback URL: an absolute http(s) URL, or a path. */
function isUsableCallbackUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? "http://localhost" : undefined).protocol);
  } catch {
    return false;
  }
}

function callbackCookie(req: Request): { name: string; value: string } | null {
  return parseCookieHeader(req.headers.get("cookie")).find((cookie) => CALLBACK_COOKIES.includes(cookie.name)) ?? null;
}

/** The error answer for a request to /api/auth/* that next-auth must not see, or null to let it through. */
export function refuseMalformedAuthRequest(req: Request): Response | null {
  try {
    if (req.method === "POST") {
      assertSameOrigin(req); // 403
      if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get("content-type") ?? "")) {
        throw new AppError("unsupported_media_type", AUTH_FORM_MESSAGE);
      }
      if (Number(req.headers.get("content-length") ?? "0") > MAX_AUTH_FORM_BYTES) {
        throw new AppError("payload_too_large", "Request body is too large");
      }
    }
    const callbackUrl = new URL(req.url).searchParams.get("callbackUrl");
    if (callbackUrl !== null && callbackUrl !== "" && !isUsableCallbackUrl(callbackUrl)) throw badRequest(CALLBACK_URL_MESSAGE);
  } catch (error) {
    return errorResponse(error);
  }
  const cookie = callbackCookie(req);
  if (cookie && cookie.value !== "" && !isUsableCallbackUrl(cookie.value)) {
    // A forged cookie would fail every later request too: forget it.
    const res = errorResponse(badRequest(CALLBACK_URL_MESSAGE));
    const secure = cookie.name.startsWith("__Secure-") ? "; Secure" : "";
    res.headers.append("Set-Cookie", `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    return res;
  }
  return null;
}
