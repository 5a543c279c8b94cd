/** @jest-environment node */
import crypto from "node:crypto";
import { decode } from "next-auth/jwt";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { hashPassword } from "@/lib/server/auth/password";
import { authorizeCredentials } from "@/lib/server/auth/options";
import { createSession, getViewer, revokeAllSessions } from "@/lib/server/auth/session";
import { POST as register } from "@/app/api/register/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as logout } from "@/app/api/logout/route";
import { GET as login } from "@/app/api/login/route";

const ctx = { params: Promise.resolve({}) };

/** A fresh e-mail per test: every test file shares one database. */
const uniqueEmail = (tag = "member") => `${tag}-${crypto.randomBytes(6).toString("hex")}@example.com`;
/** A fresh client IP per test, so rate limits of one test do not spill into another. */
const uniqueIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

function registerRequest(body: unknown, { ip = uniqueIp(), raw = false }: { ip?: string; raw?: boolean } = {}) {
  return new Request("http://localhost/api/register", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, "User-Agent": "jest" },
    body: raw ? (body as string) : JSON.stringify(body),
  });
}

/** The name=value part of a Set-Cookie string, to send back as a Cookie header. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

function userRequest(cookie?: string) {
  return new Request("http://localhost/api/auth/user", { headers: cookie ? { Cookie: cookie } : {} });
}

async function registerMember(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await register(registerRequest({ email, password: "correct horse", ...overrides }), ctx);
  expect(res.status).toBe(201);
  const setCookie = res.headers.get("set-cookie")!;
  return { email, res, body: await res.json(), cookie: cookiePair(setCookie), setCookie };
}

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

describe("POST /api/register", () => {
  it("creates the account, answers 201 with the current-user shape and signs it in", async () => {
    const email = uniqueEmail();
    const res = await register(registerRequest({ email: `  ${email.toUpperCase()} `, password: "correct horse", firstName: " Ada ", lastName: "", role: "admin" }), ctx);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      ["bio", "city", "country", "createdAt", "email", "emailVerified", "firstName", "id", "lastName", "notificationSettings", "privacySettings", "profileImageUrl", "reputation", "role", "socialLinks", "suspendedUntil", "updatedAt", "website"].sort(),
    );
    expect(body).toMatchObject({
      email,
      // A role in the body is ignored: everyone signs up a member, with 1 reputation.
      role: "member",
      reputation: 1,
      emailVerified: false,
      suspendedUntil: null,
      firstName: "Ada",
      lastName: null,
      socialLinks: { twitter: null, linkedin: null, github: null },
      notificationSettings: { emailNotifications: true, pushNotifications: true, weeklyDigest: false, newAnswers: true, newFollowers: true, upvotes: true },
      privacySettings: { profileVisibility: "public", showActivity: true, allowMessages: true },
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);

    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^next-auth\.session-token=[^;]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(setCookie).not.toContain("Secure");

    // The cookie is next-auth's own token: { sub, sid, email, name } plus iat/exp/jti.
    const token = await decode({ token: cookiePair(setCookie).split("=")[1], secret: process.env.NEXTAUTH_SECRET! });
    expect(token).toMatchObject({ sub: body.id, email, name: "Ada" });
    expect(typeof token?.sid).toBe("string");

    const stored = await db.user.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    const session = await db.session.findUniqueOrThrow({ where: { sid: token!.sid as string } });
    expect(session.userId).toBe(body.id);
    expect(session.sess).toEqual({ sessionVersion: 0, userAgent: "jest" });
    expect(session.expire.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("sets the __Secure- cookie with Secure behind an https proxy", async () => {
    const req = registerRequest({ email: uniqueEmail(), password: "correct horse" });
    req.headers.set("X-Forwarded-Proto", "https");
    const res = await register(req, ctx);
    expect(res.status).toBe(201);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(setCookie).toContain("Secure");
  });

  it("answers 409 for an e-mail that is taken, whatever its case", async () => {
    const { email } = await registerMember();
    const res = await register(registerRequest({ email: email.toUpperCase(), password: "another password" }), ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "An account with this email already exists" });
  });

  it("answers 400 with the exact message for a short password", async () => {
    const res = await register(registerRequest({ email: uniqueEmail(), password: "short" }), ctx);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("Password must be at least 8 characters long.");
    expect(body.issues).toEqual([{ path: "password", message: "Password must be at least 8 characters long.", key: "passwordTooShort", params: {} }]);
  });

  it("answers 400 for an invalid e-mail", async () => {
    const res = await register(registerRequest({ email: "not-an-email", password: "correct horse" }), ctx);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Please enter a valid email address");
  });

  it.each([
    ["an empty body", "", 400],
    ["malformed JSON", "{ email: ", 400],
    ["a JSON array", "[]", 400],
    ["a JSON string", '"hello"', 400],
    ["null", "null", 400],
    ["wrong types", JSON.stringify({ email: 42, password: ["x"], firstName: {} }), 400],
    ["a huge e-mail", JSON.stringify({ email: `${"a".repeat(5000)}@example.com`, password: "correct horse" }), 400],
    ["a long password", JSON.stringify({ email: "long@example.com", password: "p".repeat(201) }), 400],
    ["a long first name", JSON.stringify({ email: "name@example.com", password: "correct horse", firstName: "n".repeat(101) }), 400],
    ["a huge body", JSON.stringify({ email: "big@example.com", password: "x".repeat(200_000) }), 413],
  ])("refuses %s without a 500", async (_label, raw, status) => {
    const res = await register(registerRequest(raw, { raw: true }), ctx);
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(typeof body.message).toBe("string");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("creates exactly one account from 50 identical concurrent registrations", async () => {
    const email = uniqueEmail("race");
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => register(registerRequest({ email, password: "correct horse" }, { ip }), ctx)),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect((await res.json()).message).toBe("An account with this email already exists");
    }
    expect(await db.user.count({ where: { email } })).toBe(1);
  }, 60_000);

  it("limits accounts created from one IP to 10 an hour (429 with Retry-After)", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await register(registerRequest({ email: uniqueEmail("limit"), password: "correct horse" }, { ip }), ctx);
      expect(res.status).toBe(201);
    }
    const res = await register(registerRequest({ email: uniqueEmail("limit"), password: "correct horse" }, { ip }), ctx);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);
});

describe("GET /api/auth/user", () => {
  it("answers the signed-in member with the cookie, never cached", async () => {
    const { body, cookie, email } = await registerMember({ firstName: "Grace", lastName: "Hopper" });
    const res = await currentUser(userRequest(cookie), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const me = await res.json();
    expect(me).toEqual(body);
    expect(me).toMatchObject({ email, firstName: "Grace", lastName: "Hopper" });
  });

  it("answers 401 Unauthorized without a cookie, and with a forged one", async () => {
    for (const cookie of [undefined, "next-auth.session-token=forged.token.value", "next-auth.session-token="]) {
      const res = await currentUser(userRequest(cookie), ctx);
      expect(res.status).toBe(401);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toMatchObject({ message: "Unauthorized" });
    }
  });

  it("stops accepting a session whose row expired", async () => {
    const { cookie } = await registerMember();
    const claims = await decode({ token: cookie.split("=")[1], secret: process.env.NEXTAUTH_SECRET! });
    await db.session.update({ where: { sid: claims!.sid as string }, data: { expire: new Date(Date.now() - 1000) } });
    expect((await currentUser(userRequest(cookie), ctx)).status).toBe(401);
  });
});

describe("authorizeCredentials", () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail("signin");
    await db.user.create({ data: { email, passwordHash: await hashPassword("open sesame"), firstName: "Linus", lastName: "Torvalds" } });
  });

  it("answers the member for the right password (e-mail trimmed and case-insensitive)", async () => {
    const user = await authorizeCredentials({ email: `  ${email.toUpperCase()}`, password: "open sesame" }, uniqueIp());
    expect(user).toMatchObject({ email, name: "Linus Torvalds" });
    expect(user).not.toHaveProperty("passwordHash");
  });

  it("answers null for a wrong password, an unknown e-mail or missing fields", async () => {
    const ip = uniqueIp();
    expect(await authorizeCredentials({ email, password: "wrong password" }, ip)).toBeNull();
    expect(await authorizeCredentials({ email: uniqueEmail("nobody"), password: "open sesame" }, ip)).toBeNull();
    expect(await authorizeCredentials(undefined, ip)).toBeNull();
  });

  it("never signs in the assistant account", async () => {
    const assistant = uniqueEmail("assistant");
    await db.user.create({ data: { email: assistant, passwordHash: await hashPassword("open sesame"), isAssistant: true } });
    expect(await authorizeCredentials({ email: assistant, password: "open sesame" }, uniqueIp())).toBeNull();
  });

  it("refuses the 7th attempt in a minute from one IP with a 429", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 6; i += 1) {
      expect(await authorizeCredentials({ email, password: i === 5 ? "open sesame" : "wrong password" }, ip)).toEqual(i === 5 ? expect.objectContaining({ email }) : null);
    }
    const refused = await authorizeCredentials({ email, password: "open sesame" }, ip).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).extra.retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as AppError).extra.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another IP is not affected.
    expect(await authorizeCredentials({ email, password: "open sesame" }, uniqueIp())).toMatchObject({ email });
  });
});

describe("sign-out and revocation", () => {
  it("GET /api/logout deletes the session, clears both cookies and redirects home", async () => {
    const { cookie } = await registerMember();
    const res = await logout(new Request("http://localhost/api/logout", { headers: { Cookie: cookie } }), ctx);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^next-auth\.session-token=;/.test(c) && c.includes("Max-Age=0"))).toBe(true);
    expect(cleared.some((c) => /^__Secure-next-auth\.session-token=;/.test(c) && c.includes("Secure"))).toBe(true);
    // The old cookie no longer works, even if a browser kept it.
    expect((await currentUser(userRequest(cookie), ctx)).status).toBe(401);
  });

  it("GET /api/logout loaded as an image or script signs nobody out", async () => {
    const { cookie } = await registerMember();
    for (const dest of ["image", "script", "style"]) {
      const res = await logout(new Request("http://localhost/api/logout", { headers: { Cookie: cookie, "Sec-Fetch-Dest": dest } }), ctx);
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie()).toHaveLength(0);
    }
    expect((await currentUser(userRequest(cookie), ctx)).status).toBe(200);
  });

  it("GET /api/logout without a session still clears cookies and redirects", async () => {
    const res = await logout(new Request("http://localhost/api/logout"), ctx);
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie()).toHaveLength(2);
  });

  it("revokeAllSessions signs every browser of the member out", async () => {
    const { body, cookie } = await registerMember();
    const second = await createSession(body.id, new Request("http://localhost/"));
    expect((await getViewer(new Request("http://localhost/", { headers: { Cookie: cookiePair(second.cookie) } })))?.id).toBe(body.id);
    await revokeAllSessions(body.id);
    expect((await currentUser(userRequest(cookie), ctx)).status).toBe(401);
    expect((await currentUser(userRequest(cookiePair(second.cookie)), ctx)).status).toBe(401);
    expect(await db.session.count({ where: { userId: body.id } })).toBe(0);
    // A new sign-in works again.
    const fresh = await createSession(body.id, new Request("http://localhost/"));
    expect((await currentUser(userRequest(cookiePair(fresh.cookie)), ctx)).status).toBe(200);
  });

  it("a session row left from an older sessionVersion is refused", async () => {
    const { body, cookie } = await registerMember();
    await db.user.update({ where: { id: body.id }, data: { sessionVersion: { increment: 1 } } });
    expect((await currentUser(userRequest(cookie), ctx)).status).toBe(401);
  });
});

describe("GET /api/login", () => {
  it.each([
    ["//evil.com", "/login?callbackUrl=%2F"],
    ["https://evil.com/x", "/login?callbackUrl=%2F"],
    ["/\\evil.com", "/login?callbackUrl=%2F"],
    ["javascript:alert(1)", "/login?callbackUrl=%2F"],
    ["/questions/3", "/login?callbackUrl=%2Fquestions%2F3"],
  ])("keeps only a safe callbackUrl (%s)", async (callbackUrl, location) => {
    const res = await login(new Request(`http://localhost/api/login?callbackUrl=${encodeURIComponent(callbackUrl)}`), ctx);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
  });

  it("defaults to / and passes mode=signup on", async () => {
    expect((await login(new Request("http://localhost/api/login"), ctx)).headers.get("location")).toBe("/login?callbackUrl=%2F");
    expect((await login(new Request("http://localhost/api/login?mode=signup"), ctx)).headers.get("location")).toBe(
      "/login?callbackUrl=%2F&mode=signup",
    );
  });
});
