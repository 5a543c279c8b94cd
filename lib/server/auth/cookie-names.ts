/*
 * The names of next-auth's session cookie, on their own so that code running before Next sees a
 * request (the page cache, lib/server/page-cache) can recognise a member without loading the
 * session machinery. next-auth splits a large token into `<name>.0`, `<name>.1`, ... chunks.
 */

/** next-auth's session cookie on plain http, and on https (where next-auth adds the prefix and Secure). */
export const SESSION_COOKIE = "next-auth.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-next-auth.session-token";

/** Whether a cookie name is a session cookie or one chunk of one. */
export function isSessionCookieName(name: string): boolean {
  return name === SESSION_COOKIE || name === SECURE_SESSION_COOKIE || /^(__Secure-)?next-auth\.session-token\.\d+$/.test(name);
}
