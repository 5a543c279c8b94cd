// Next.js 16 Proxy (formerly middleware): runs before every page request (not build assets, not the JSON API).
// It gives each request a fresh CSP nonce: the policy goes on the request (Next reads the nonce
// from it and puts it on its own scripts) and on the response (the browser enforces it), and the
// nonce itself goes to server components in the x-nonce request header (app/layout.tsx).
// Access control does not live here: every member-only page and API route checks the session
// itself, so a request that skips the proxy gains nothing.
import { NextResponse, type NextRequest } from "next/server";

import { signInHref } from "@/lib/auth-links";
import { isSessionCookieName } from "@/lib/server/auth/cookie-names";
import { createNonce, NONCE_HEADER, pageCsp, UPLOAD_CSP } from "@/lib/security/csp";

export function proxy(request: NextRequest) {
  // An optimistic redirect, not a check: a visitor (no session cookie at all) at /admin or /admin/audit goes to
  // sign in rather than to the members' 404; the page itself decides who may see it.
  const { pathname } = request.nextUrl;
  if ((pathname === "/admin" || pathname === "/admin/audit") && !request.cookies.getAll().some((c) => isSessionCookieName(c.name))) {
    return NextResponse.redirect(new URL(signInHref(pathname), request.url));
  }
  const nonce = createNonce();
  const csp = request.nextUrl.pathname.startsWith("/uploads/") ? UPLOAD_CSP : pageCsp(nonce, process.env.NODE_ENV === "development");

  const requestHeaders = new Headers(request.headers);
  // A client cannot choose the nonce: whatever came in under this name is replaced.
  requestHeaders.set(NONCE_HEADER, nonce);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  // Everything but Next's fingerprinted build assets and the JSON API (their headers, the API's
  // static policy included, come from next.config.mjs); next-auth's /api/auth/... stays here.
  matcher: ["/((?!_next/static|_next/image|api/(?!auth/)).*)"],
};
