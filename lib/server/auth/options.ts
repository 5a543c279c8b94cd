import "server-only";
import { headers } from "next/headers";
import type { NextAuthOptions, Profile } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import type { OAuthConfig, Provider } from "next-auth/providers/index";
import { AppError } from "@/lib/server/errors";
import { clientIp, rateLimits, retryAfterSeconds } from "@/lib/server/rate-limit";
import { authorizeCredentials, resolveOAuthUser } from "@/lib/server/auth/accounts";
import { authSecret, openSession, SESSION_MAX_AGE_SECONDS, destroySession, viewerForSession } from "@/lib/server/auth/session";
import { log } from "@/lib/server/log";

export { authorizeCredentials } from "@/lib/server/auth/accounts";

// The app answers on whatever host and port it is served from (DECISIONS.md section 1):
// next-auth then takes its origin from the request instead of requiring NEXTAUTH_URL. Blank
// counts as unset, as for every variable of .env.example.
if (!process.env.AUTH_TRUST_HOST?.trim()) process.env.AUTH_TRUST_HOST = "true";

/** Thrown by the jwt callback for a token whose session was revoked; next-auth then clears the cookie. */
class SessionEndedError extends Error {
  constructor() {
    super("The session has ended");
    this.name = "SessionEndedError";
  }
}

/** A sign-in option shown on the login page. */
export interface OAuthProviderInfo {
  id: "github" | "google" | "oidc";
  name: string;
}

const env = (name: string) => process.env[name]?.trim() || undefined;

/** The OAuth providers whose variables are set, in the order the login page shows them. */
export function configuredOAuthProviders(): OAuthProviderInfo[] {
  const list: OAuthProviderInfo[] = [];
  if (env("GITHUB_ID") && env("GITHUB_SECRET")) list.push({ id: "github", name: "GitHub" });
  if (env("GOOGLE_ID") && env("GOOGLE_SECRET")) list.push({ id: "google", name: "Google" });
  if (env("OIDC_ISSUER") && env("OIDC_CLIENT_ID") && env("OIDC_CLIENT_SECRET")) {
    list.push({ id: "oidc", name: env("OIDC_NAME") ?? "Single sign-on" });
  }
  return list;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub, reading the member's primary verified e-mail (next-auth's default may take an unverified one). */
function gitHub(): OAuthConfig<Record<string, unknown>> {
  return GitHubProvider({
    clientId: env("GITHUB_ID")!,
    clientSecret: env("GITHUB_SECRET")!,
    userinfo: {
      url: "https://api.github.com/user",
      async request({ client, tokens }) {
        const profile = await client.userinfo(tokens.access_token!);
        const res = await fetch("https://api.github.com/user/emails", {
          headers: { Authorization: `token ${tokens.access_token}`, Accept: "application/vnd.github+json", "User-Agent": "Agora" },
        });
        const emails = res.ok ? ((await res.json()) as GitHubEmail[]) : [];
        const verified = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
        return { ...profile, email: verified?.email, email_verified: Boolean(verified) };
      },
    },
  }) as OAuthConfig<Record<string, unknown>>;
}

/** Any OpenID Connect provider, from its issuer's discovery document. */
function openIdConnect(name: string): OAuthConfig<Record<string, unknown>> {
  const issuer = env("OIDC_ISSUER")!.replace(/\/+$/, "");
  return {
    id: "oidc",
    name,
    type: "oauth",
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state"],
    clientId: env("OIDC_CLIENT_ID"),
    clientSecret: env("OIDC_CLIENT_SECRET"),
    profile(profile) {
      const p = profile as Record<string, string | undefined>;
      return { id: String(p.sub), name: p.name ?? p.preferred_username ?? null, email: p.email ?? null, image: p.picture ?? null };
    },
  };
}

function providers(): Provider[] {
  const list: Provider[] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        try {
          return await authorizeCredentials(credentials, clientIp(req.headers ?? {}));
        } catch (error) {
          // next-auth puts this message in the error URL the sign-in form reads: only safe ones.
          if (error instanceof AppError) throw new Error(error.message);
          log.error({ error: error instanceof Error ? error.message : String(error) }, "sign-in failed");
          throw new Error("Something went wrong. Please try again.");
        }
      },
    }),
  ];
  for (const { id, name } of configuredOAuthProviders()) {
    if (id === "github") list.push(gitHub());
    if (id === "google") list.push(GoogleProvider({ clientId: env("GOOGLE_ID")!, clientSecret: env("GOOGLE_SECRET")! }));
    if (id === "oidc") list.push(openIdConnect(name));
  }
  return list;
}

/** Whether the provider vouches for the e-mail it sent (GitHub's is checked in its userinfo request above). */
function emailVerified(profile: Profile | undefined): boolean {
  const verified = (profile as { email_verified?: unknown } | undefined)?.email_verified;
  return verified === true || verified === "true";
}

/** The browser's User-Agent inside a Next request; null elsewhere (tests, scripts). */
async function requestUserAgent(): Promise<string | null> {
  try {
    return (await headers()).get("user-agent");
  } catch {
    return null;
  }
}

/** next-auth's configuration: JWT cookies naming server-side sessions (see session.ts). */
export const authOptions: NextAuthOptions = {
  providers: providers(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  // Read on each request, so a missing secret fails with one clear line rather than at import.
  get secret() {
    return authSecret();
  },
  callbacks: {
    async signIn({ user, account, profile }) {
      if (!account || account.type === "credentials") return true;
      if (account.type !== "oauth") return false;
      const resolved = await resolveOAuthUser({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        email: user.email ?? profile?.email,
        emailVerified: emailVerified(profile),
        name: user.name,
        image: user.image,
      });
      if ("refused" in resolved) return `/login?error=${resolved.refused}`;
      // next-auth hands this same object to the jwt callback: make it our member's id.
      user.id = resolved.id;
      return true;
    },
    async jwt({ token, user, trigger }) {
      if (trigger === "signIn" || trigger === "signUp") {
        return { ...(await openSession(user.id, await requestUserAgent())) };
      }
      // Reading the session: a revoked one is no session (next-auth then clears the cookie).
      const claims = typeof token.sub === "string" && typeof token.sid === "string" ? { sub: token.sub, sid: token.sid } : null;
      if (!claims || !(await viewerForSession(claims))) throw new SessionEndedError();
      return token;
    },
    async session({ session, token }) {
      return { ...session, user: { ...session.user, id: token.sub } };
    },
  },
  events: {
    async signOut({ token }) {
      if (typeof token?.sid === "string") await destroySession(token.sid);
    },
  },
  logger: {
    error(code, metadata) {
      if (metadata instanceof SessionEndedError) return;
      const detail = metadata instanceof Error ? `${metadata.name}: ${metadata.message}` : metadata;
      log.error({ code, detail: typeof detail === "string" ? detail : undefined }, "next-auth error");
    },
    warn(code) {
      // NEXTAUTH_URL is deliberately optional (AUTH_TRUST_HOST).
      if (code !== "NEXTAUTH_URL") log.warn({ code }, "next-auth warning");
    },
    debug() {},
  },
};

/**
 * next-auth answers a sign-in refused by the rate limit like a wrong password (401 with an
 * error URL); this turns that answer into DECISIONS.md's 429 with Retry-After, keeping the
 * body next-auth's client reads.
 */
export async function withSignInThrottleStatus(res: Response, req: Request): Promise<Response> {
  if (res.status !== 401 || !res.headers.get("content-type")?.includes("application/json")) return res;
  const text = await res.text();
  const rebuilt = (status: number) => new Response(text, { status, statusText: "", headers: res.headers });
  let error: string | null = null;
  try {
    error = new URL((JSON.parse(text) as { url?: string }).url ?? "").searchParams.get("error");
  } catch {
    return rebuilt(res.status);
  }
  if (error !== rateLimits.signIn.message) return rebuilt(res.status);
  const throttled = rebuilt(429);
  const seconds = await retryAfterSeconds("signIn", clientIp(req)).catch(() => null);
  throttled.headers.set("Retry-After", String(seconds ?? rateLimits.signIn.duration));
  return throttled;
}
