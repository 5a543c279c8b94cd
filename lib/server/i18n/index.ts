import "server-only";
import { isSecureRequest } from "@/lib/server/auth/session";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type Locale } from "@/lib/i18n/locales";

/** The Set-Cookie header that remembers the interface's language for a year (readable by the page: it is no secret). */
export function localeCookieHeader(locale: Locale, req: Request): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${isSecureRequest(req) ? "; Secure" : ""}`;
}
