/** @jest-environment node */
// A suspended member (issue 14): signs in again with their password and reads everything they
// could read, but every write answers 403 `Your account is suspended until {date}.` with code
// "suspended"; sign-out still works; when the suspension ends, writes work again with the
// same session and nothing to undo. The access matrix (tests/security) runs the rule on every route.
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/password";
import { suspendMember } from "@/lib/server/moderation/actions";
import { resetLimit } from "@/lib/server/rate-limit";
import { suspensionMessage } from "@/lib/suspension";
import { GET as userRoute } from "@/app/api/auth/user/route";
import { GET as questionRoute } from "@/app/api/questions/[id]/route";
import { POST as answerRoute } from "@/app/api/questions/[id]/answers/route";
import { POST as voteRoute } from "@/app/api/questions/[id]/vote/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { POST as markAllReadRoute } from "@/app/api/notifications/mark-all-read/route";
import { POST as logoutRoute } from "@/app/api/logout/route";
import { createQuestion, createTag, createUser } from "@/tests/factories";
import { callRoute, isolateTestFile } from "@/tests/security/support";
import { callNextAuth, type NextAuthCall } from "@/tests/support/next-auth-call";

isolateTestFile("suspension", { ai: "none" });

const PASSWORD = "suspended but reading";
const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** One call of next-auth's Node handler; its Set-Cookie pairs as a map. */
async function nextAuth(action: string, options: Omit<NextAuthCall, "forwardedFor" | "userAgent"> = {}) {
  const { status, body, setCookies } = await callNextAuth(action, { ...options, forwardedFor: ip(), userAgent: "jest-suspension" });
  const cookies: Record<string, string> = {};
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    const index = pair.indexOf("=");
    cookies[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
  }
  return { status, body, cookies };
}

/** Signs in with e-mail and password through next-auth's credentials provider; the Cookie header of the new session. */
async function signIn(email: string): Promise<string> {
  const csrf = await nextAuth("csrf");
  const token = (csrf.body as { csrfToken: string }).csrfToken;
  const res = await nextAuth("callback", { method: "POST", providerId: "credentials", body: { csrfToken: token, email, password: PASSWORD, json: "true" }, cookies: csrf.cookies });
  const value = res.cookies["next-auth.session-token"];
  expect(value).toBeTruthy();
  return `next-auth.session-token=${value}`;
}

/** Calls a route handler in Next's request scope (tests/security/support.ts callRoute). */
const call = (path: string, method: string, handler: unknown, options: Parameters<typeof callRoute>[1]) =>
  callRoute({ path, method: method as never, handler: handler as Parameters<typeof callRoute>[0]["handler"] }, options);

let member: { id: string; email: string };
let question: { id: number };
let until: Date;

beforeAll(async () => {
  const author = await createUser({ tag: "author" });
  const moderator = await createUser({ tag: "moderator" });
  await db.user.update({ where: { id: moderator.id }, data: { role: "moderator" } });
  const user = await createUser({ tag: "suspended" });
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
  member = user;
  question = await createQuestion({ author, tags: [await createTag()] });
  until = await suspendMember({ id: moderator.id, role: "moderator" }, member.id, { days: 3, reason: "Posting the same link everywhere" });
});

it("ends the member's sessions, yet lets them sign in again with their password, and read", async () => {
  expect(await db.session.count({ where: { userId: member.id } })).toBe(0);
  const cookie = await signIn(member.email);

  const me = await call("/api/auth/user", "GET", userRoute, { cookie });
  expect(me.status).toBe(200);
  expect(JSON.parse(me.text)).toMatchObject({ id: member.id, suspendedUntil: until.toISOString() });
  const read = await call("/api/questions/[id]", "GET", questionRoute, { cookie, params: { id: String(question.id) } });
  expect(read.status).toBe(200);
});

it("refuses every write with 403, the end of the suspension in UTC, and code suspended", async () => {
  const cookie = await signIn(member.email);
  const expected = { message: suspensionMessage(until), code: "suspended", key: "suspended", params: { until: expect.stringMatching(/ UTC$/) } };
  expect(expected.message).toMatch(/^Your account is suspended until [A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC\.$/);

  const writes = [
    await call("/api/questions/[id]/answers", "POST", answerRoute, { cookie, params: { id: String(question.id) }, json: { content: "An answer I may not post" } }),
    await call("/api/questions/[id]/vote", "POST", voteRoute, { cookie, params: { id: String(question.id) }, json: { voteType: "up" } }),
    await call("/api/users/profile", "PUT", profileRoute, { cookie, json: { firstName: "Changed" } }),
  ];
  for (const res of writes) {
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toEqual(expected);
  }
  expect(await db.answer.count({ where: { authorId: member.id } })).toBe(0);
  expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).firstName).not.toBe("Changed");

  // Reading one's notifications is reading: marking them read still works.
  expect((await call("/api/notifications/mark-all-read", "POST", markAllReadRoute, { cookie })).status).toBe(200);
});

it("lets the suspended member sign out", async () => {
  const cookie = await signIn(member.email);
  const out = await call("/api/logout", "POST", logoutRoute, { cookie });
  expect(out.status).toBe(302);
  expect((await call("/api/auth/user", "GET", userRoute, { cookie })).status).toBe(401);
});

it("lets writes through again once the suspension ends, with the same session and nothing to undo", async () => {
  const cookie = await signIn(member.email);
  // Time passes: the suspension's end is now in the past (the column is left as it is).
  await db.user.update({ where: { id: member.id }, data: { suspendedUntil: new Date(Date.now() - 1000) } });
  await resetLimit("questionInterval", member.id);
  const res = await call("/api/questions/[id]/answers", "POST", answerRoute, { cookie, params: { id: String(question.id) }, json: { content: "Back, with a useful answer" } });
  expect(res.status).toBe(201);
  const me = JSON.parse((await call("/api/auth/user", "GET", userRoute, { cookie })).text) as { suspendedUntil: string | null };
  expect(me.suspendedUntil).toBeNull();
});
