/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as authUserRoute } from "@/app/api/auth/user/route";
import { PATCH as notificationsRoute } from "@/app/api/users/settings/notifications/route";
import { PATCH as privacyRoute } from "@/app/api/users/settings/privacy/route";
import { GET as preferencesGetRoute, PATCH as preferencesRoute } from "@/app/api/users/settings/preferences/route";
import { PATCH as changePasswordRoute } from "@/app/api/users/change-password/route";
import { DELETE as deleteMeRoute } from "@/app/api/users/me/route";
import { GET as profileRoute } from "@/app/api/users/[id]/profile/route";
import { GET as questionRoute } from "@/app/api/questions/[id]/route";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { createSession } from "@/lib/server/auth/session";
import { closeRateLimitStore, resetLimit } from "@/lib/server/rate-limit";
import { deletedEmailFor } from "@/lib/server/accounts/mutations";
import {
  createAnswer,
  createGroup,
  createQuestion,
  createTag,
  createUser,
  routeContext,
  signedInRequest,
  visitorRequest,
} from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
type User = { id: string };

async function call(route: Handler, url: string, user: User | null, init: { method?: string; json?: unknown } = {}, params: Record<string, string> = {}) {
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext(params));
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

/** A request carrying exactly this Cookie header. */
async function withCookie(route: Handler, url: string, cookie: string, init: { method?: string; json?: unknown } = {}) {
  const headers = new Headers({ Cookie: cookie });
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const res = await route(
    new Request(`http://localhost${url}`, { method: init.method ?? "GET", headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined }),
    routeContext(),
  );
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

async function newCookie(user: User) {
  return (await createSession(user.id, new Request("http://localhost/"))).cookie.split(";")[0]!;
}

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

describe("PATCH /api/users/settings/notifications", () => {
  const url = "/api/users/settings/notifications";

  it("answers 401 to visitors", async () => {
    const { res, body } = await call(notificationsRoute, url, null, { method: "PATCH", json: { weeklyDigest: true } });
    expect([res.status, body.message]).toEqual([401, "Unauthorized"]);
  });

  it("saves switches over the defaults and answers all of them; /api/auth/user shows them", async () => {
    const member = await createUser();
    const { res, body } = await call(notificationsRoute, url, member, { method: "PATCH", json: { weeklyDigest: true, upvotes: false } });
    expect(res.status).toBe(200);
    expect(body).toEqual({ emailNotifications: true, pushNotifications: true, weeklyDigest: true, newAnswers: true, newFollowers: true, upvotes: false });
    const again = await call(notificationsRoute, url, member, { method: "PATCH", json: { newFollowers: false } });
    expect(again.body).toMatchObject({ weeklyDigest: true, upvotes: false, newFollowers: false });
    const me = await call(authUserRoute, "/api/auth/user", member);
    expect(me.body.notificationSettings).toEqual(again.body);
  });

  it("keeps both of two simultaneous saves", async () => {
    const member = await createUser();
    await Promise.all([
      call(notificationsRoute, url, member, { method: "PATCH", json: { weeklyDigest: true } }),
      call(notificationsRoute, url, member, { method: "PATCH", json: { upvotes: false } }),
    ]);
    const me = await call(authUserRoute, "/api/auth/user", member);
    expect(me.body.notificationSettings).toMatchObject({ weeklyDigest: true, upvotes: false });
  });

  it("answers 400 for a value that is not a boolean", async () => {
    const member = await createUser();
    const { res, body } = await call(notificationsRoute, url, member, { method: "PATCH", json: { weeklyDigest: "yes" } });
    expect([res.status, body.message]).toEqual([400, "weeklyDigest must be true or false"]);
  });
});

describe("PATCH /api/users/settings/privacy", () => {
  const url = "/api/users/settings/privacy";

  it("answers 401 to visitors and 400 for an unknown visibility", async () => {
    expect((await call(privacyRoute, url, null, { method: "PATCH", json: { profileVisibility: "private" } })).res.status).toBe(401);
    const member = await createUser();
    const { res, body } = await call(privacyRoute, url, member, { method: "PATCH", json: { profileVisibility: "friends" } });
    expect([res.status, body.message]).toEqual([400, "Profile visibility must be public, registered or private"]);
  });

  it("saves and applies profile visibility at once", async () => {
    const member = await createUser();
    const other = await createUser();
    const { res, body } = await call(privacyRoute, url, member, { method: "PATCH", json: { profileVisibility: "private", showActivity: false } });
    expect(res.status).toBe(200);
    expect(body).toEqual({ profileVisibility: "private", showActivity: false, allowMessages: true });
    const profileUrl = `/api/users/${member.id}/profile`;
    const blocked = await call(profileRoute, profileUrl, other, {}, { id: member.id });
    expect([blocked.res.status, blocked.body.message]).toEqual([403, "This profile is private"]);
    expect((await call(profileRoute, profileUrl, member, {}, { id: member.id })).res.status).toBe(200);

    await call(privacyRoute, url, member, { method: "PATCH", json: { profileVisibility: "registered" } });
    expect((await call(profileRoute, profileUrl, null, {}, { id: member.id })).res.status).toBe(401);
    expect((await call(profileRoute, profileUrl, other, {}, { id: member.id })).res.status).toBe(200);
  });
});

describe("GET / PATCH /api/users/settings/preferences", () => {
  const url = "/api/users/settings/preferences";

  it("answers 401 to visitors", async () => {
    expect((await call(preferencesGetRoute, url, null)).res.status).toBe(401);
    expect((await call(preferencesRoute, url, null, { method: "PATCH", json: { theme: "dark" } })).res.status).toBe(401);
  });

  it("starts from the defaults, saves and answers all preferences", async () => {
    const member = await createUser();
    expect((await call(preferencesGetRoute, url, member)).body).toEqual({ theme: "auto", language: null, questionsPerPage: 10 });
    const { res, body } = await call(preferencesRoute, url, member, { method: "PATCH", json: { theme: "dark", questionsPerPage: 25 } });
    expect(res.status).toBe(200);
    expect(body).toEqual({ theme: "dark", language: null, questionsPerPage: 25 });
    await call(preferencesRoute, url, member, { method: "PATCH", json: { language: "fr" } });
    expect((await call(preferencesGetRoute, url, member)).body).toEqual({ theme: "dark", language: "fr", questionsPerPage: 25 });
  });

  it("answers 400 for values outside the choices", async () => {
    const member = await createUser();
    const cases: [unknown, string][] = [
      [{ theme: "blue" }, "Theme must be light, dark or auto"],
      [{ language: "it" }, "Language must be en, es, fr or de"],
      [{ questionsPerPage: 30 }, "Questions per page must be 10, 25 or 50"],
      [{ questionsPerPage: "25" }, "Questions per page must be 10, 25 or 50"],
    ];
    for (const [json, message] of cases) {
      const { res, body } = await call(preferencesRoute, url, member, { method: "PATCH", json });
      expect([res.status, body.message]).toEqual([400, message]);
    }
  });
});

describe("PATCH /api/users/change-password", () => {
  const url = "/api/users/change-password";
  const OLD = "old-password-1";
  const NEW = "new-password-2";

  async function memberWithPassword() {
    const user = await createUser({ tag: "pw" });
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(OLD) } });
    await resetLimit("passwordChange", user.id);
    return user;
  }

  it("answers 401 to visitors", async () => {
    const { res } = await call(changePasswordRoute, url, null, { method: "PATCH", json: { currentPassword: OLD, newPassword: NEW } });
    expect(res.status).toBe(401);
  });

  it("answers 400 with the spec's messages", async () => {
    const member = await memberWithPassword();
    const cases: [unknown, string][] = [
      [{ currentPassword: OLD, newPassword: "short" }, "Password must be at least 8 characters long."],
      [{ currentPassword: OLD, newPassword: NEW, confirmPassword: "different-1" }, "New password and confirmation do not match."],
      [{ currentPassword: "", newPassword: NEW }, "Please enter your current password"],
      [{ currentPassword: "wrong-password", newPassword: NEW }, "Current password is incorrect"],
    ];
    for (const [json, message] of cases) {
      const { res, body } = await call(changePasswordRoute, url, member, { method: "PATCH", json });
      expect([res.status, body.message]).toEqual([400, message]);
    }
    const row = await db.user.findUniqueOrThrow({ where: { id: member.id }, select: { passwordHash: true } });
    expect(await verifyPassword(OLD, row.passwordHash)).toBe(true);
  });

  it("changes the password, ends every other session and signs this browser in again", async () => {
    const member = await memberWithPassword();
    const here = await newCookie(member);
    const elsewhere = await newCookie(member);
    expect((await withCookie(authUserRoute, "/api/auth/user", elsewhere)).res.status).toBe(200);

    const { res, body } = await withCookie(changePasswordRoute, url, here, { method: "PATCH", json: { currentPassword: OLD, newPassword: NEW, confirmPassword: NEW } });
    expect(res.status).toBe(200);
    expect(body).toEqual({ passwordChanged: true });
    const fresh = res.headers.get("Set-Cookie")?.split(";")[0];
    expect(fresh).toMatch(/^next-auth\.session-token=/);

    expect((await withCookie(authUserRoute, "/api/auth/user", elsewhere)).res.status).toBe(401);
    expect((await withCookie(authUserRoute, "/api/auth/user", here)).res.status).toBe(401);
    expect((await withCookie(authUserRoute, "/api/auth/user", fresh!)).res.status).toBe(200);

    const row = await db.user.findUniqueOrThrow({ where: { id: member.id }, select: { passwordHash: true } });
    expect(await verifyPassword(NEW, row.passwordHash)).toBe(true);
  });

  it("limits attempts (429 with Retry-After)", async () => {
    const member = await memberWithPassword();
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) last = (await call(changePasswordRoute, url, member, { method: "PATCH", json: { currentPassword: "wrong-password", newPassword: NEW } })).res;
    expect(last!.status).toBe(429);
    expect(last!.headers.get("Retry-After")).toBeTruthy();
    await resetLimit("passwordChange", member.id);
  });
});

describe("DELETE /api/users/me", () => {
  const url = "/api/users/me";

  it("answers 401 to visitors and 400 without the typed confirmation", async () => {
    expect((await call(deleteMeRoute, url, null, { method: "DELETE", json: { confirmation: "DELETE" } })).res.status).toBe(401);
    const member = await createUser();
    const { res, body } = await call(deleteMeRoute, url, member, { method: "DELETE", json: { confirmation: "delete" } });
    expect([res.status, body.message]).toEqual([400, "Please type DELETE to confirm"]);
    expect((await call(deleteMeRoute, url, member, { method: "DELETE" })).res.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).deletedAt).toBeNull();
  });

  it("removes personal data, follows, saves and sessions, signs out, and leaves posts to 'Deleted user'", async () => {
    const member = await createUser({ tag: "leaver", firstName: "Lee", lastName: "Ver" });
    const friend = await createUser();
    const tag = await createTag();
    const group = await createGroup({ creator: friend, members: [member] });
    const ownGroup = await createGroup({ creator: member });
    await db.user.update({
      where: { id: member.id },
      data: { passwordHash: await hashPassword("whatever-1"), bio: "bio", website: "https://lee.example", city: "Oslo", profileImageUrl: "https://x.example/p.png", socialLinks: { github: "lee" } },
    });
    const question = await createQuestion({ author: member, tags: [tag] });
    await createAnswer({ question, author: friend });
    await db.tagFollow.create({ data: { userId: member.id, tagId: tag.id } });
    await db.tag.update({ where: { id: tag.id }, data: { followCount: 1 } });
    await db.userFollow.createMany({ data: [{ followerId: member.id, followingId: friend.id }, { followerId: friend.id, followingId: member.id }] });
    await db.savedQuestion.create({ data: { userId: member.id, questionId: question.id } });
    const other = await newCookie(member);

    const { res } = await call(deleteMeRoute, url, member, { method: "DELETE", json: { confirmation: "DELETE" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("Set-Cookie")).toContain("next-auth.session-token=;");

    const row = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(row).toMatchObject({
      email: deletedEmailFor(member.id),
      passwordHash: null,
      firstName: null,
      lastName: null,
      bio: null,
      website: null,
      city: null,
      profileImageUrl: null,
      socialLinks: null,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await db.userFollow.count({ where: { OR: [{ followerId: member.id }, { followingId: member.id }] } })).toBe(0);
    expect(await db.savedQuestion.count({ where: { userId: member.id } })).toBe(0);
    expect(await db.tagFollow.count({ where: { userId: member.id } })).toBe(0);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).followCount).toBe(0);
    expect(await db.session.count({ where: { userId: member.id } })).toBe(0);
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: member.id } })).toBe(0);
    expect((await db.group.findUniqueOrThrow({ where: { id: group.id } })).memberCount).toBe(1);
    expect(await db.group.count({ where: { id: ownGroup.id } })).toBe(1);
    expect((await withCookie(authUserRoute, "/api/auth/user", other)).res.status).toBe(401);

    // The question stays, attributed to "Deleted user".
    const page = await call(questionRoute, `/api/questions/${question.id}`, friend, {}, { id: String(question.id) });
    expect(page.res.status).toBe(200);
    expect(page.body.author).toMatchObject({ id: member.id, firstName: "Deleted", lastName: "user", handle: "deleted-user", isDeleted: true, profileImageUrl: null });
  });
});
