import NextAuth from "next-auth";
import { authOptions, withSignInThrottleStatus } from "@/lib/server/auth/options";

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

const nextAuth: (req: Request, ctx: NextAuthContext) => Promise<Response> = NextAuth(authOptions);

// GET /api/auth/* - next-auth's own endpoints: csrf, session, providers, OAuth sign-in and callbacks
export const GET = nextAuth;

// POST /api/auth/* - next-auth's sign-in (callback/credentials), OAuth start and sign-out; a throttled sign-in is 429
export async function POST(req: Request, ctx: NextAuthContext): Promise<Response> {
  return withSignInThrottleStatus(await nextAuth(req, ctx), req);
}
