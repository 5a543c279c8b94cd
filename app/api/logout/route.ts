import { handler } from "@/lib/server/http";
import { clearSessionCookies, destroySession, sessionFromRequest } from "@/lib/server/auth/session";

// GET /api/logout - sign this browser out (its session row is deleted) and go home
export const GET = handler(async (req) => {
  // Sign-out is a top-level navigation; an <img> or <script> pointing here (say, in a
  // member's post) must not sign the reader out.
  const dest = req.headers.get("sec-fetch-dest");
  if (dest && dest !== "document" && dest !== "empty") {
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
  // Nor may another website: a link or redirect from elsewhere lands on the home page, still
  // signed in. Agora's own pages (same-origin, same-site) and a typed or bookmarked address
  // (none), as well as clients that send no Sec-Fetch-Site, still sign out.
  if (req.headers.get("sec-fetch-site") === "cross-site") {
    return new Response(null, { status: 302, headers: { Location: "/", "Cache-Control": "no-store" } });
  }
  const session = await sessionFromRequest(req);
  if (session) await destroySession(session.sid);
  const headers = new Headers({ Location: "/", "Cache-Control": "no-store" });
  for (const cookie of clearSessionCookies(req)) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
});

// POST /api/logout - the same, for forms and scripts
export const POST = GET;
