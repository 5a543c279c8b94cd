// Next.js 16 Proxy (formerly middleware): runs before every request but static build assets.
// It gives each request a fresh CSP nonce: the policy goes on the request (Next reads the nonce
// from it and puts it on its own scripts) and on the response (the browser enforces it), and the
// nonce itself goes to server components in the x-nonce request header (app/layout.tsx).
// Access control does not live here: every member-only page and API route checks the session
// itself, so a request that skips the proxy gains nothing.
import { NextResponse, type NextRequest } from "next/server";
// Next's own check of the header below, so Agora accepts exactly what Next can read.
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";

import { createNonce, NONCE_HEADER, pageCsp, UPLOAD_CSP } from "@/lib/security/csp";

export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const csp = request.nextUrl.pathname.startsWith("/uploads/") ? UPLOAD_CSP : pageCsp(nonce, process.env.NODE_ENV === "development");

  const requestHeaders = new Headers(request.headers);
  // A client cannot choose the nonce: whatever came in under this name is replaced.
  requestHeaders.set(NONCE_HEADER, nonce);
  // Next answers a router-state header it cannot read with a 500 (it reads the header before
  // this proxy's request headers apply); it is the client's mistake, so it gets a 400.
  if (!isReadableRouterState(request.headers.get(ROUTER_STATE_HEADER))) {
    const refused = NextResponse.json(
      { message: "The page state sent with this request could not be read. Please reload the page.", code: "bad_request" },
      { status: 400 },
    );
    refused.headers.set("Content-Security-Policy", csp);
    return refused;
  }
  requestHeaders.set("Content-Security-Policy", csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

const ROUTER_STATE_HEADER = "next-router-state-tree";

function isReadableRouterState(value: string | null): boolean {
  if (value === null) return true;
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  // Everything but Next's fingerprinted build assets (their headers come from next.config.mjs).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
