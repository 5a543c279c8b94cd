/** @jest-environment node */
// The OAuth join rule (docs/SECURITY.md, "E-mail you can trust"): an OAuth sign-in joins an
// existing account only when that account verified its address. The pre-registration takeover
// (register with the victim's address, wait for the victim's OAuth sign-in, then use the
// password on the account the victim uses) is tried here, step by step, and fails.
import crypto from "node:crypto";
import { type Account, type NextAuthOptions, type Profile, type User } from "next-auth";
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { authOptions } from "@/lib/server/auth/options";
import { authorizeCredentials } from "@/lib/server/auth/accounts";
import { getViewer } from "@/lib/server/auth/session";
import { settleScheduledAccountWork } from "@/lib/server/auth/email-tokens";
import { signInErrorMessage } from "@/components/auth/sign-in-errors";
import { OAUTH_ACCOUNT_EXISTS_MESSAGE } from "@/lib/validation/auth";
import { POST as register } from "@/app/api/register/route";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { createUser, routeContext, unique, visitorRequest } from "@/tests/factories";
import { callNextAuth } from "@/tests/support/next-auth-call";
import { startFakeOidc, type FakeIdentity, type FakeOidc } from "@/tests/support/fake-oidc";

const ctx = routeContext();
const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

/**
 * What next-auth does with an OAuth provider's answer: it calls the signIn callback with the
 * user, account and profile it built (true to go on, a URL to refuse); the user's id is then
 * the one the jwt callback opens a session for.
 */
async function oauthSignIn(email: string, { verified = true, provider = "google", providerAccountId = `g-${unique()}` } = {}) {
  const user: User = { id: providerAccountId, email, name: "Victoria Victim", image: null };
  const account: Account = { provider, providerAccountId, type: "oauth" };
  const profile = { email, email_verified: verified, name: "Victoria Victim" } as Profile;
  const outcome = await authOptions.callbacks!.signIn!({ user, account, profile });
  return { outcome, userId: outcome === true ? user.id : null, providerAccountId };
}

async function signUpWithPassword(email: string, password: string) {
  const res = await register(visitorRequest("/api/register", { method: "POST", json: { email, password }, headers: { "X-Forwarded-For": ip() } }), ctx);
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, cookie: res.headers.get("set-cookie")!.split(";")[0]! };
}

const signsIn = async (email: string, password: string) => (await authorizeCredentials({ email, password }, ip())) !== null;
const sessionAlive = async (cookie: string) => (await getViewer(new Request("http://localhost/", { headers: { Cookie: cookie } }))) !== null;

describe("the pre-registration takeover", () => {
  it("fails: the victim's OAuth sign-in never joins the attacker's account, and the victim recovers the address by resetting", async () => {
    const victim = `victim-${unique()}@example.com`;

    // 1. The attacker registers with the victim's address and keeps a session.
    const attacker = await signUpWithPassword(victim, "attacker's password");
    expect(await signsIn(victim, "attacker's password")).toBe(true);

    // 2. The victim signs in with Google, which vouches for the address: refused, with the message /login shows.
    const first = await oauthSignIn(victim);
    expect(first.outcome).toBe("/login?error=OAuthAccountNotVerified");
    expect(signInErrorMessage("OAuthAccountNotVerified")).toBe(OAUTH_ACCOUNT_EXISTS_MESSAGE);
    expect(await db.account.count({ where: { providerAccountId: first.providerAccountId } })).toBe(0);
    expect(await db.account.count({ where: { userId: attacker.id } })).toBe(0);
    expect(await db.user.count({ where: { email: victim } })).toBe(1);

    // 3. The victim follows the advice: "Forgot password?" with their address, and the link from their inbox.
    const forgot = await forgotPassword(visitorRequest("/api/auth/forgot-password", { method: "POST", json: { email: victim }, headers: { "X-Forwarded-For": ip() } }), ctx);
    expect(forgot.status).toBe(202);
    await settleScheduledAccountWork();
    const mail = await db.emailOutbox.findFirstOrThrow({ where: { to: victim, subject: "Reset your Agora password" } });
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await resetPassword(visitorRequest("/api/auth/reset-password", { method: "POST", json: { token, newPassword: "the victim's own password" }, headers: { "X-Forwarded-For": ip() } }), ctx);
    expect(reset.status).toBe(200);

    // The attacker is out: their session ended and their password is gone; the address is verified.
    expect(await sessionAlive(attacker.cookie)).toBe(false);
    expect(await signsIn(victim, "attacker's password")).toBe(false);
    expect((await db.user.findUniqueOrThrow({ where: { id: attacker.id } })).emailVerifiedAt).not.toBeNull();

    // 4. Now the victim's Google sign-in joins the account, which only the victim can open.
    const second = await oauthSignIn(victim, { providerAccountId: first.providerAccountId });
    expect(second.outcome).toBe(true);
    expect(second.userId).toBe(attacker.id);
    expect(await signsIn(victim, "attacker's password")).toBe(false);
    expect(await signsIn(victim, "the victim's own password")).toBe(true);
  });

  it("fails however often the OAuth sign-in is tried while the account is unverified", async () => {
    const victim = `victim-${unique()}@example.com`;
    await signUpWithPassword(victim, "attacker's password");
    const providerAccountId = `gh-${unique()}`;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => oauthSignIn(victim, { provider: "github", providerAccountId })));
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(5).fill("/login?error=OAuthAccountNotVerified"));
    expect(await db.account.count({ where: { providerAccountId } })).toBe(0);
  });
});

describe("the OAuth join rule", () => {
  it("joins an existing account whose address was verified", async () => {
    const member = await createUser(); // verified
    const { outcome, userId, providerAccountId } = await oauthSignIn(member.email);
    expect(outcome).toBe(true);
    expect(userId).toBe(member.id);
    expect(await db.account.findFirstOrThrow({ where: { providerAccountId } })).toMatchObject({ userId: member.id, provider: "google" });
    // Linked once, the provider account signs in directly from then on.
    expect((await oauthSignIn(member.email, { providerAccountId })).userId).toBe(member.id);
  });

  it("creates a new member with a verified address when the provider vouches for it", async () => {
    const email = `newcomer-${unique()}@example.com`;
    const { outcome, userId } = await oauthSignIn(email);
    expect(outcome).toBe(true);
    const user = await db.user.findUniqueOrThrow({ where: { id: userId! } });
    expect(user.email).toBe(email);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.passwordHash).toBeNull();
  });

  it("refuses an address the provider does not vouch for, whether or not an account has it", async () => {
    const member = await createUser();
    expect((await oauthSignIn(member.email, { verified: false })).outcome).toBe("/login?error=EmailNotVerified");
    const email = `unvouched-${unique()}@example.com`;
    expect((await oauthSignIn(email, { verified: false })).outcome).toBe("/login?error=EmailNotVerified");
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});

/*
 * The same, through next-auth's real OAuth flow: a loopback OpenID Connect provider (discovery,
 * keys, a token endpoint issuing signed id_tokens), next-auth's Node handler for the sign-in
 * start and the callback, PKCE and state cookies included. authOptions is loaded afresh with the
 * provider's variables set, since its provider list is built when the module loads.
 */
describe("through next-auth's OAuth flow with an OpenID Connect provider", () => {
  let fake: FakeOidc;
  let options: NextAuthOptions;
  let closeIsolated: () => Promise<void>;
  const saved = { OIDC_ISSUER: process.env.OIDC_ISSUER, OIDC_CLIENT_ID: process.env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: process.env.OIDC_CLIENT_SECRET };

  beforeAll(async () => {
    fake = await startFakeOidc();
    process.env.OIDC_ISSUER = fake.issuer;
    process.env.OIDC_CLIENT_ID = fake.clientId;
    process.env.OIDC_CLIENT_SECRET = fake.clientSecret;
    await jest.isolateModulesAsync(async () => {
      options = (await import("@/lib/server/auth/options")).authOptions;
      const isolatedDb = (await import("@/lib/server/db")).db;
      const isolatedLimits = await import("@/lib/server/rate-limit");
      closeIsolated = async () => {
        await isolatedLimits.closeRateLimitStore();
        await isolatedDb.$disconnect();
      };
    });
  });

  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await closeIsolated();
    await fake.close();
  });

  type Cookies = Record<string, string>;
  interface Answer {
    status: number;
    redirect?: string;
    cookies: Cookies;
  }

  /** One call of next-auth's Node handler (tests/support/next-auth-call.ts) with this suite's options; the redirect and the cookies it set. */
  async function call(action: string, { method = "GET", providerId, body, query = {}, cookies = {} }: { method?: string; providerId?: string; body?: Record<string, string>; query?: Record<string, string>; cookies?: Cookies }): Promise<Answer> {
    const raw = await callNextAuth(action, { method, providerId, body, query, cookies, forwardedFor: ip(), userAgent: "jest-oauth", options });
    const answer: Answer & { body?: unknown } = { status: raw.status, body: raw.body, cookies: {} };
    answer.redirect = raw.location ?? (raw.body as { url?: string } | undefined)?.url;
    for (const line of raw.setCookies) {
      const pair = line.split(";")[0]!;
      const index = pair.indexOf("=");
      answer.cookies[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
    }
    return answer;
  }

  /** "Continue with Single sign-on", the provider's consent, and next-auth's callback; what the browser ends with. */
  async function signInWithProvider(identity: FakeIdentity) {
    const csrf = await call("csrf", {});
    const csrfToken = (csrf as Answer & { body?: { csrfToken: string } }).body!.csrfToken;
    const start = await call("signin", { method: "POST", providerId: "oidc", body: { csrfToken, callbackUrl: "http://localhost:3000/", json: "true" }, cookies: csrf.cookies });
    const authorize = new URL(start.redirect!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.issuer}/authorize`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const back = await call("callback", {
      providerId: "oidc",
      query: { code: fake.codeFor(identity), state: authorize.searchParams.get("state")! },
      cookies: { ...csrf.cookies, ...start.cookies },
    });
    const token = back.cookies["next-auth.session-token"];
    const viewer = token ? await getViewer(new Request("http://localhost/", { headers: { Cookie: `next-auth.session-token=${token}` } })) : null;
    return { redirect: back.redirect ?? "", viewerId: viewer?.id ?? null };
  }

  it("refuses the victim's sign-in to the attacker's unverified account, and signs the victim in once they reset the password", async () => {
    const victim = `victim-${unique()}@example.com`;
    const identity = { sub: `oidc-${unique()}`, email: victim, emailVerified: true };
    const attacker = await signUpWithPassword(victim, "attacker's password");

    const refused = await signInWithProvider(identity);
    expect(refused.redirect).toContain("/login?error=OAuthAccountNotVerified");
    expect(refused.viewerId).toBeNull();
    expect(await db.account.count({ where: { providerAccountId: identity.sub } })).toBe(0);
    expect(await sessionAlive(attacker.cookie)).toBe(true); // nothing changed for the account

    // The victim resets the password from their inbox: the attacker is out.
    await forgotPassword(visitorRequest("/api/auth/forgot-password", { method: "POST", json: { email: victim }, headers: { "X-Forwarded-For": ip() } }), ctx);
    await settleScheduledAccountWork();
    const mail = await db.emailOutbox.findFirstOrThrow({ where: { to: victim, subject: "Reset your Agora password" } });
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await resetPassword(visitorRequest("/api/auth/reset-password", { method: "POST", json: { token, newPassword: "the victim's own password" }, headers: { "X-Forwarded-For": ip() } }), ctx);
    expect(reset.status).toBe(200);
    expect(await sessionAlive(attacker.cookie)).toBe(false);

    const joined = await signInWithProvider(identity);
    expect(joined.redirect).toBe("http://localhost:3000/");
    expect(joined.viewerId).toBe(attacker.id);
    expect(await signsIn(victim, "attacker's password")).toBe(false);
  });

  it("joins a verified account, creates a verified one for a new address, and refuses an address the provider does not vouch for", async () => {
    const member = await createUser();
    const joined = await signInWithProvider({ sub: `oidc-${unique()}`, email: member.email, emailVerified: true });
    expect(joined.viewerId).toBe(member.id);

    const email = `oidc-new-${unique()}@example.com`;
    const created = await signInWithProvider({ sub: `oidc-${unique()}`, email, emailVerified: true });
    expect(created.viewerId).not.toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).not.toBeNull();

    const unvouched = await signInWithProvider({ sub: `oidc-${unique()}`, email: `oidc-unvouched-${unique()}@example.com`, emailVerified: false });
    expect(unvouched.redirect).toContain("/login?error=EmailNotVerified");
    expect(unvouched.viewerId).toBeNull();
  });
});
