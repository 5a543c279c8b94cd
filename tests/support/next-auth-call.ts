// One call of next-auth's Node handler with a minimal request and response, for integration tests
// that sign in through the real providers (auth-nextauth, suspension, oauth-takeover).
import NextAuth, { type NextAuthOptions } from "next-auth";
import { authOptions } from "@/lib/server/auth/options";

export interface NextAuthCall {
  method?: string;
  providerId?: string;
  body?: Record<string, string>;
  /** Query parameters besides next-auth's own path segments (an OAuth callback's code and state). */
  query?: Record<string, string>;
  cookies?: Record<string, string>;
  forwardedFor: string;
  userAgent: string;
  /** next-auth's options: the app's own unless a test adds a provider. */
  options?: NextAuthOptions;
}

/** The handler's answer: status, body, the Location header and every Set-Cookie line. */
export async function callNextAuth(action: string, { method = "GET", providerId, body, query = {}, cookies = {}, forwardedFor, userAgent, options = authOptions }: NextAuthCall) {
  const headers = new Map<string, string | string[]>();
  const answer: { status: number; body: unknown; location?: string; setCookies: string[] } = { status: 200, body: undefined, setCookies: [] };
  const res = {
    status(code: number) {
      answer.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    end() {},
    json(value: unknown) {
      answer.body = value;
    },
    send(value: unknown) {
      answer.body = value;
    },
  };
  const req = {
    method,
    query: { ...query, nextauth: providerId ? [action, providerId] : [action] },
    body,
    cookies,
    headers: { host: "localhost:3000", "x-forwarded-proto": "http", "x-forwarded-for": forwardedFor, "user-agent": userAgent },
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(req, res, options);
  const location = headers.get("location");
  if (typeof location === "string") answer.location = location;
  const setCookie = headers.get("set-cookie");
  answer.setCookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return answer;
}
