/** @jest-environment node */
// "Forgot password?" (docs/SECURITY.md): the request answers 202 with the same body whether or
// not the address has an account (the lookup happens after the response), a link valid 1 hour
// goes to a known address only, and the reset sets the password, verifies the address, ends
// every session and refuses a used or expired link.
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { hashPassword } from "@/lib/server/auth/password";
import { authorizeCredentials } from "@/lib/server/auth/accounts";
import { getViewer } from "@/lib/server/auth/session";
import { EMAIL_TOKEN_TTL_MS, hashEmailToken, settleScheduledAccountWork } from "@/lib/server/auth/email-tokens";
import { FORGOT_PASSWORD_SENT_MESSAGE, PASSWORD_RESET_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE, RESET_LINK_INVALID_MESSAGE } from "@/lib/validation/auth";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { createUser, routeContext, sessionCookie, unique, visitorRequest } from "@/tests/factories";

const ctx = routeContext();
const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const OLD_PASSWORD = "the old password";

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

async function memberWithPassword(options: { verified?: boolean } = {}) {
  const user = await createUser({ firstName: "Rita", emailVerifiedAt: options.verified === false ? null : new Date() });
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(OLD_PASSWORD) } });
  return user;
}

const forgot = (email: string) =>
  forgotPassword(visitorRequest("/api/auth/forgot-password", { method: "POST", json: { email }, headers: { "X-Forwarded-For": ip() } }), ctx);
const reset = (token: unknown, newPassword: unknown, cookie?: string) =>
  resetPassword(
    visitorRequest("/api/auth/reset-password", { method: "POST", json: { token, newPassword }, headers: { "X-Forwarded-For": ip(), ...(cookie ? { Cookie: cookie } : {}) } }),
    ctx,
  );

/** Asks for a reset link and returns its token, read from the e-mail in the outbox. */
async function resetLinkFor(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(202);
  await settleScheduledAccountWork();
  const rows = await db.emailOutbox.findMany({ where: { to: email }, orderBy: { id: "desc" }, take: 1 });
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.text ?? "");
  expect(match).not.toBeNull();
  return match![1]!;
}

const signsIn = async (email: string, password: string) => (await authorizeCredentials({ email, password }, ip())) !== null;

describe("POST /api/auth/forgot-password", () => {
  it("answers 202 with the same body for a known and an unknown address; only the known one gets a link, valid 1 hour", async () => {
    const member = await memberWithPassword();
    const unknown = `nobody-${unique()}@example.com`;
    const before = Date.now();
    const [known, other] = await Promise.all([forgot(member.email.toUpperCase()), forgot(unknown)]);
    expect(known.status).toBe(202);
    expect(other.status).toBe(202);
    const [knownBody, otherBody] = [await known.text(), await other.text()];
    expect(knownBody).toBe(otherBody);
    expect(JSON.parse(knownBody)).toEqual({ message: FORGOT_PASSWORD_SENT_MESSAGE });
    expect([...known.headers.keys()].sort()).toEqual([...other.headers.keys()].sort());

    await settleScheduledAccountWork();
    expect(await db.emailOutbox.count({ where: { to: unknown } })).toBe(0);
    const mails = await db.emailOutbox.findMany({ where: { to: member.email } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Reset your Agora password");
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
    const row = await db.emailToken.findUniqueOrThrow({ where: { tokenHash: hashEmailToken(token) } });
    expect(row).toMatchObject({ userId: member.id, purpose: "reset_password", usedAt: null });
    const ttl = row.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(EMAIL_TOKEN_TTL_MS.reset_password - 1000);
    expect(ttl).toBeLessThanOrEqual(EMAIL_TOKEN_TTL_MS.reset_password + 60_000);
  });

  it("sends the link to an unverified member too (a reset proves the address)", async () => {
    const member = await memberWithPassword({ verified: false });
    await resetLinkFor(member.email);
  });

  it("answers 400 to an invalid address", async () => {
    const res = await forgot("not an address");
    expect(res.status).toBe(400);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the password, verifies the address, ends every session and clears this browser's cookie", async () => {
    const member = await memberWithPassword({ verified: false });
    const cookie = await sessionCookie(member);
    expect(await getViewer(new Request("http://localhost/", { headers: { Cookie: cookie } }))).not.toBeNull();
    const token = await resetLinkFor(member.email);

    const res = await reset(token, "a brand new password", cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: PASSWORD_RESET_MESSAGE });
    expect(res.headers.get("set-cookie")).toMatch(/next-auth\.session-token=;/);

    expect(await getViewer(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
    expect(await db.session.count({ where: { userId: member.id } })).toBe(0);
    const after = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(after.sessionVersion).toBe(member.sessionVersion + 1);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(await signsIn(member.email, OLD_PASSWORD)).toBe(false);
    expect(await signsIn(member.email, "a brand new password")).toBe(true);
  });

  it("refuses a used link with the clear message, and cancels the member's other reset links", async () => {
    const member = await memberWithPassword();
    const first = await resetLinkFor(member.email);
    const second = await resetLinkFor(member.email);
    expect((await reset(second, "password number two")).status).toBe(200);
    for (const token of [second, first]) {
      const res = await reset(token, "password number three");
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE });
    }
    expect(await signsIn(member.email, "password number two")).toBe(true);
  });

  it("refuses an expired link", async () => {
    const member = await memberWithPassword();
    const token = await resetLinkFor(member.email);
    await db.emailToken.update({ where: { tokenHash: hashEmailToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await reset(token, "too late a password");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE });
    expect(await signsIn(member.email, OLD_PASSWORD)).toBe(true);
  });

  it("refuses a verification link, and an unknown one", async () => {
    const member = await memberWithPassword({ verified: false });
    const token = crypto.randomBytes(32).toString("base64url");
    await db.emailToken.create({
      data: { userId: member.id, purpose: "verify_email", tokenHash: hashEmailToken(token), email: member.email, expiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await reset(token, "sneaky new password")).status).toBe(400);
    expect((await reset(crypto.randomBytes(32).toString("base64url"), "sneaky new password")).status).toBe(400);
    expect(await signsIn(member.email, OLD_PASSWORD)).toBe(true);
  });

  it("applies the registration's password rules, and a refused password leaves the link usable", async () => {
    const member = await memberWithPassword();
    const token = await resetLinkFor(member.email);
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: PASSWORD_TOO_SHORT_MESSAGE });
    expect((await reset(token, "long enough now")).status).toBe(200);
  });

  it("spends a link once when it is used twice at the same moment", async () => {
    const member = await memberWithPassword();
    const token = await resetLinkFor(member.email);
    const results = await Promise.all([reset(token, "first racer password"), reset(token, "second racer password")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? "first racer password" : "second racer password";
    expect(await signsIn(member.email, winner)).toBe(true);
  });
});
