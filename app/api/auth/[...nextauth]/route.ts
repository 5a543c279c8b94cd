import NextAuth from "next-auth";
import { authOptions, withSignInThrottleStatus } from "@/lib/server/auth/options";
import { refuseMalformedAuthRequest } from "@/lib/server/auth/next-auth-guard";

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

const nextAuth: (req: Request, ctx: NextAuthContext) => Promise<Response> = NextAuth(authOptions);

// GET /api/auth/* - next-auth's own endpoints: csrf, session, providers, OAuth sign-in and callbacks (400 for a callbackUrl it would choke on)
export async function GET(req: Request, ctx: NextAuthContext): Promise<Response> {
  return refuseMalformedAuthRequest(req) ?? nextAuth(req, ctx);
}

// POST /api/auth/* - next-auth's sign-in (callback/credentials), OAuth start and sign-out; a throttled sign-in is 429,
// one sent from another site 403 (besides next-auth's own CSRF token), anything but a small form 415 or 413
export async function POST(req: Request, ctx: NextAuthContext): Promise<Response> {
  return refuseMalformedAuthRequest(req) ?? withSignInThrottleStatus(await nextAuth(req, ctx), req);
}
