/** @jest-environment node */
import { db } from "@/lib/server/db";
import { DELETE as unfollowRoute, POST as followRoute } from "@/app/api/users/[id]/follow/route";
import { GET as isFollowingRoute } from "@/app/api/users/[id]/is-following/route";
import { GET as feedRoute } from "@/app/api/feed/route";
import { GET as profileRoute } from "@/app/api/users/[id]/profile/route";
import { createQuestion, createTag, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
type User = { id: string };

async function call(route: Handler, url: string, params: Record<string, string>, user?: User | null, method = "GET") {
  const req = user ? await signedInRequest(user, url, { method }) : visitorRequest(url, { method });
  const res = await route(req, routeContext(params));
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

const follow = (user: User | null, target: string, method: "POST" | "DELETE" = "POST") =>
  call(method === "POST" ? followRoute : unfollowRoute, `/api/users/${target}/follow`, { id: target }, user, method);

afterAll(async () => {
  await db.$disconnect();
});

describe("POST / DELETE /api/users/:id/follow", () => {
  let fan: User;
  let star: User;
  beforeAll(async () => {
    fan = await createUser({ tag: "fan" });
    star = await createUser({ tag: "star" });
  });

  it("answers 401 Unauthorized to visitors", async () => {
    for (const method of ["POST", "DELETE"] as const) {
      const { res, body } = await follow(null, star.id, method);
      expect(res.status).toBe(401);
      expect(body.message).toContain("Unauthorized");
    }
  });

  it("answers 404 User not found for unknown members", async () => {
    const { res, body } = await follow(fan, "no-such-member");
    expect([res.status, body.message]).toEqual([404, "User not found"]);
  });

  it("answers 403 for following yourself, the Agora AI account or a deleted account", async () => {
    const ai = await createUser({ tag: "ai", isAssistant: true });
    const gone = await createUser({ tag: "gone" });
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    for (const target of [fan.id, ai.id, gone.id]) expect((await follow(fan, target)).res.status).toBe(403);
    expect(await db.userFollow.count({ where: { followerId: fan.id } })).toBe(0);
  });

  it("follows and unfollows with { isFollowing, followerCount }, idempotently", async () => {
    const first = await follow(fan, star.id);
    expect(first.res.status).toBe(200);
    expect(first.body).toEqual({ isFollowing: true, followerCount: 1 });
    expect((await follow(fan, star.id)).body).toEqual({ isFollowing: true, followerCount: 1 });
    const status = await call(isFollowingRoute, `/api/users/${star.id}/is-following`, { id: star.id }, fan);
    expect(status.body).toEqual({ isFollowing: true });

    const profile = await call(profileRoute, `/api/users/${star.id}/profile`, { id: star.id }, fan);
    expect(profile.body.isFollowing).toBe(true);
    expect(profile.body._count.followers).toBe(1);
    const fanProfile = await call(profileRoute, `/api/users/${fan.id}/profile`, { id: fan.id }, fan);
    expect(fanProfile.body._count.following).toBe(1);

    expect((await follow(fan, star.id, "DELETE")).body).toEqual({ isFollowing: false, followerCount: 0 });
    expect((await follow(fan, star.id, "DELETE")).body).toEqual({ isFollowing: false, followerCount: 0 });
    expect((await call(isFollowingRoute, `/api/users/${star.id}/is-following`, { id: star.id }, fan)).body).toEqual({ isFollowing: false });
  });

  it("50 simultaneous follows make exactly one row", async () => {
    const crowdTarget = await createUser({ tag: "crowd" });
    const results = await Promise.all(Array.from({ length: 50 }, () => follow(fan, crowdTarget.id)));
    for (const { res, body } of results) {
      expect(res.status).toBe(200);
      expect(body).toEqual({ isFollowing: true, followerCount: 1 });
    }
    expect(await db.userFollow.count({ where: { followingId: crowdTarget.id } })).toBe(1);
    const unfollows = await Promise.all(Array.from({ length: 20 }, () => follow(fan, crowdTarget.id, "DELETE")));
    for (const { body } of unfollows) expect(body).toEqual({ isFollowing: false, followerCount: 0 });
  });
});

describe("GET /api/users/:id/is-following", () => {
  it("is false for visitors and 404 for unknown members", async () => {
    const someone = await createUser();
    expect((await call(isFollowingRoute, `/api/users/${someone.id}/is-following`, { id: someone.id })).body).toEqual({ isFollowing: false });
    expect((await call(isFollowingRoute, `/api/users/nobody/is-following`, { id: "nobody" }, someone)).res.status).toBe(404);
  });
});

describe("following a member fills the Following feed", () => {
  it("a followed member's question appears in GET /api/feed", async () => {
    const reader = await createUser({ tag: "reader" });
    const writer = await createUser({ tag: "writer" });
    const question = await createQuestion({ author: writer, tags: [await createTag()] });
    const before = await call(feedRoute, "/api/feed", {}, reader);
    expect(before.body.map((q: { id: number }) => q.id)).not.toContain(question.id);
    await follow(reader, writer.id);
    const after = await call(feedRoute, "/api/feed", {}, reader);
    expect(after.body.map((q: { id: number }) => q.id)).toContain(question.id);
  });
});
