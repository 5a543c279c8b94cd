/** @jest-environment node */
// The OAuth join rule (docs/SECURITY.md, "E-mail you can trust"): an OAuth sign-in joins an
// existing account only when that account verified its address. The pre-registration takeover
// (register with the victim's address, wait for the victim's OAuth sign-in, then use the
// password on the account the victim uses) is tried here, step by step, and fails.
import crypto from "node:crypto";
import type { Account, Profile, User } from "next-auth";
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
