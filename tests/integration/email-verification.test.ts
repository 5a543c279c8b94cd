/** @jest-environment node */
// E-mail verification (docs/SECURITY.md, "E-mail you can trust"): sign-up e-mails a single-use
// link valid 24 hours, stored only as a hash; the link verifies the address once; a member can
// ask for a new one; and until verified, a member gets no e-mail but the verification.
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { enqueueEmail } from "@/lib/server/mail/outbox";
import { renderNotificationEmail } from "@/lib/server/mail/templates";
import { ALREADY_VERIFIED_MESSAGE, EMAIL_TOKEN_TTL_MS, hashEmailToken } from "@/lib/server/auth/email-tokens";
import { VERIFY_LINK_INVALID_MESSAGE } from "@/lib/validation/auth";
import { POST as register } from "@/app/api/register/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as resend } from "@/app/api/auth/resend-verification/route";
import { POST as postAnswer } from "@/app/api/questions/[id]/answers/route";
import { createQuestion, createUser, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";

const ctx = routeContext();
const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

/** Signs up through POST /api/register; the member's id, e-mail and session cookie. */
async function signUp() {
  const email = `verify-${unique()}@example.com`;
  const res = await register(
    visitorRequest("/api/register", { method: "POST", json: { email, password: "correct horse", firstName: "Vera" }, headers: { "X-Forwarded-For": ip() } }),
    ctx,
  );
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: string; emailVerified: boolean };
  return { id: body.id, email, emailVerified: body.emailVerified, cookie: res.headers.get("set-cookie")!.split(";")[0]! };
}

/** The tokens of the verification links e-mailed to an address, oldest first. */
async function linksSentTo(email: string): Promise<string[]> {
  const rows = await db.emailOutbox.findMany({ where: { to: email }, orderBy: { id: "asc" } });
  return rows.flatMap((row) => [...row.text.matchAll(/\/verify-email\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!));
}

const verify = (token: unknown) => verifyEmail(visitorRequest("/api/auth/verify-email", { method: "POST", json: { token }, headers: { "X-Forwarded-For": ip() } }), ctx);

async function emailVerifiedOf(cookie: string): Promise<boolean> {
  const res = await currentUser(new Request("http://localhost/api/auth/user", { headers: { Cookie: cookie } }), ctx);
  return ((await res.json()) as { emailVerified: boolean }).emailVerified;
}

describe("sign-up", () => {
  it("leaves the address unverified and e-mails one verification link, stored only as its hash, valid 24 hours", async () => {
    const before = Date.now();
    const member = await signUp();
    expect(member.emailVerified).toBe(false);
    expect(await emailVerifiedOf(member.cookie)).toBe(false);

    const mails = await db.emailOutbox.findMany({ where: { to: member.email } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Verify your e-mail address for Agora");
    expect(mails[0]!.text).toContain("Hi Vera,");
    expect(mails[0]!.html).toContain("Verify my e-mail address");
    const [token] = await linksSentTo(member.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await db.emailToken.findMany({ where: { userId: member.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "verify_email", email: member.email, usedAt: null, tokenHash: hashEmailToken(token!) });
    expect(rows[0]!.tokenHash).not.toContain(token!);
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(EMAIL_TOKEN_TTL_MS.verify_email - 1000);
    expect(ttl).toBeLessThanOrEqual(EMAIL_TOKEN_TTL_MS.verify_email + 60_000);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("verifies the address once: GET /api/auth/user says emailVerified, a second use is refused", async () => {
    const member = await signUp();
    const [token] = await linksSentTo(member.email);
    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ emailVerified: true });
    expect(await emailVerifiedOf(member.cookie)).toBe(true);
    expect((await db.emailToken.findFirstOrThrow({ where: { userId: member.id } })).usedAt).not.toBeNull();

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: VERIFY_LINK_INVALID_MESSAGE });
  });

  it("spends a link once when it is opened twice at the same moment", async () => {
    const member = await signUp();
    const [token] = await linksSentTo(member.email);
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => verify(token)))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
  });

  it("refuses an expired link and leaves the address unverified", async () => {
    const member = await signUp();
    const [token] = await linksSentTo(member.email);
    await db.emailToken.updateMany({ where: { userId: member.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await verify(token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: VERIFY_LINK_INVALID_MESSAGE });
    expect(await emailVerifiedOf(member.cookie)).toBe(false);
  });

  it("refuses an unknown token, a missing one, and a password reset token", async () => {
    expect((await verify(crypto.randomBytes(32).toString("base64url"))).status).toBe(400);
    const missing = await verify(undefined);
    expect(missing.status).toBe(400);
    const member = await signUp();
    const token = crypto.randomBytes(32).toString("base64url");
    await db.emailToken.create({
      data: { userId: member.id, purpose: "reset_password", tokenHash: hashEmailToken(token), email: member.email, expiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await verify(token)).status).toBe(400);
    expect(await emailVerifiedOf(member.cookie)).toBe(false);
  });

  it("does not verify an address the account no longer has", async () => {
    const member = await signUp();
    const [token] = await linksSentTo(member.email);
    await db.user.update({ where: { id: member.id }, data: { email: `changed-${unique()}@example.com` } });
    expect((await verify(token)).status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).emailVerifiedAt).toBeNull();
  });
});

describe("POST /api/auth/resend-verification", () => {
  const resendAs = async (cookie?: string) =>
    resend(new Request("http://localhost/api/auth/resend-verification", { method: "POST", headers: cookie ? { Cookie: cookie } : {} }), ctx);

  it("answers 401 to visitors", async () => {
    expect((await resendAs()).status).toBe(401);
  });

  it("e-mails an unverified member a new link (202); both links work until one is used", async () => {
    const member = await signUp();
    const res = await resendAs(member.cookie);
    expect(res.status).toBe(202);
    const tokens = await linksSentTo(member.email);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);
    expect((await verify(tokens[1])).status).toBe(200);
    expect(await emailVerifiedOf(member.cookie)).toBe(true);
  });

  it("answers 409 once the address is verified", async () => {
    const member = await createUser();
    const res = await resend(await signedInRequest(member, "/api/auth/resend-verification", { method: "POST" }), ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: ALREADY_VERIFIED_MESSAGE });
    expect(await db.emailOutbox.count({ where: { to: member.email } })).toBe(0);
  });
});

describe("unverified members get no e-mail but the verification", () => {
  it("writes the notification of a new answer, but no e-mail, until the asker verified the address", async () => {
    const asker = await signUp();
    const answerer = await createUser();
    const question = await createQuestion({ author: { id: asker.id } });
    const answer = async (content: string) => {
      const res = await postAnswer(
        await signedInRequest(answerer, `/api/questions/${question.id}/answers`, { method: "POST", json: { content } }),
        routeContext({ id: String(question.id) }),
      );
      expect(res.status).toBe(201);
    };

    await answer("An answer while the asker is unverified");
    expect(await db.notification.count({ where: { userId: asker.id, type: "answer" } })).toBe(1);
    const mails = await db.emailOutbox.findMany({ where: { to: asker.email } });
    expect(mails.map((m) => m.subject)).toEqual(["Verify your e-mail address for Agora"]);

    const [token] = await linksSentTo(asker.email);
    expect((await verify(token)).status).toBe(200);
    await answer("An answer once the asker is verified");
    expect(await db.notification.count({ where: { userId: asker.id, type: "answer" } })).toBe(2);
    expect(await db.emailOutbox.count({ where: { to: asker.email } })).toBe(2);
  });

  it("enqueueEmail, the one gate of member mail (notifications and digests), writes nothing for an unverified or unknown address", async () => {
    const unverified = await createUser({ emailVerifiedAt: null });
    const verified = await createUser();
    const unknown = `nobody-${unique()}@example.com`;
    const message = (to: string) => renderNotificationEmail({ to, recipientName: "Someone", title: "Title", message: "", link: "/", baseUrl: null });
    const written = await db.$transaction(async (tx) =>
      Promise.all([enqueueEmail(tx, message(unverified.email)), enqueueEmail(tx, message(verified.email)), enqueueEmail(tx, message(unknown))]),
    );
    expect(written).toEqual([false, true, false]);
    expect(await db.emailOutbox.count({ where: { to: { in: [unverified.email, unknown] } } })).toBe(0);
    expect(await db.emailOutbox.count({ where: { to: verified.email } })).toBe(1);
  });
});
