/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as followersRoute } from "@/app/api/users/[id]/followers/route";
import { GET as followingRoute } from "@/app/api/users/[id]/following/route";
import { createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
type User = { id: string };

async function call(route: Handler, path: string, id: string, user?: User | null) {
  const req = user ? await signedInRequest(user, path) : visitorRequest(path);
  const res = await route(req, routeContext({ id }));
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

const followers = (id: string, user?: User | null, query = "") => call(followersRoute, `/api/users/${id}/followers${query}`, id, user);
const following = (id: string, user?: User | null, query = "") => call(followingRoute, `/api/users/${id}/following${query}`, id, user);

const setVisibility = (user: User, profileVisibility: string) => db.user.update({ where: { id: user.id }, data: { privacySettings: { profileVisibility } } });

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/users/:id/followers and /following", () => {
  let star: User;
  let fans: User[];
  beforeAll(async () => {
    star = await createUser({ tag: "star", firstName: "Maya", lastName: "Chen" });
    fans = [];
    for (let i = 0; i < 5; i++) fans.push(await createUser({ tag: `fan${i}`, firstName: `Fan${i}`, lastName: "Person" }));
    // Follows a second apart, so "most recent first" is well defined: fan4 followed last.
    const t0 = Date.now() - 60_000;
    await db.userFollow.createMany({ data: fans.map((f, i) => ({ followerId: f.id, followingId: star.id, createdAt: new Date(t0 + i * 1000) })) });
    await db.userFollow.create({ data: { followerId: star.id, followingId: fans[0]!.id } });
  });

  it("lists followers, most recent first, in the author shape with followedAt, without anyone's e-mail", async () => {
    const { res, body } = await followers(star.id, null);
    expect(res.status).toBe(200);
    expect(body.map((u: { firstName: string }) => u.firstName)).toEqual(["Fan4", "Fan3", "Fan2", "Fan1", "Fan0"]);
    expect(Object.keys(body[0]).sort()).toEqual(["firstName", "followedAt", "handle", "id", "lastActiveAt", "lastName", "profileImageUrl", "reputation"]);
    expect(JSON.stringify(body)).not.toContain("@");
    expect(res.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("lists the members one follows", async () => {
    const { res, body } = await following(star.id, fans[1]);
    expect(res.status).toBe(200);
    expect(body.map((u: { id: string }) => u.id)).toEqual([fans[0]!.id]);
    expect((await following(fans[2]!.id, null)).body.map((u: { id: string }) => u.id)).toEqual([star.id]);
  });

  it("pages with limit and X-Next-Cursor, visiting every follower once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const { res, body }: { res: Response; body: { id: string }[] } = await followers(star.id, fans[0], `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(body.length).toBeLessThanOrEqual(2);
      seen.push(...body.map((u) => u.id));
      cursor = res.headers.get("X-Next-Cursor");
      if (!cursor) break;
    }
    expect(seen).toEqual([...fans].reverse().map((f) => f.id));
  });

  it("leaves out deleted accounts", async () => {
    const target = await createUser({ tag: "target" });
    const gone = await createUser({ tag: "gone" });
    await db.userFollow.create({ data: { followerId: gone.id, followingId: target.id } });
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await followers(target.id, null)).body).toEqual([]);
  });

  it("applies the profile's privacy: 401 to visitors for registered, 403 to others for private, the owner still sees it", async () => {
    const shy = await createUser({ tag: "shy" });
    await db.userFollow.create({ data: { followerId: fans[3]!.id, followingId: shy.id } });
    await setVisibility(shy, "registered");
    for (const list of [followers, following]) {
      const visitor = await list(shy.id, null);
      expect(visitor.res.status).toBe(401);
      expect(visitor.body.message).toContain("Unauthorized");
      expect((await list(shy.id, fans[1])).res.status).toBe(200);
    }
    await setVisibility(shy, "private");
    for (const list of [followers, following]) {
      const other = await list(shy.id, fans[1]);
      expect([other.res.status, other.body.message]).toEqual([403, "This profile is private"]);
      expect((await list(shy.id, shy)).res.status).toBe(200);
    }
  });

  it("answers 404 for an unknown member and 400 for a bad cursor or limit", async () => {
    expect((await followers("no-such-member", null)).res.status).toBe(404);
    expect((await following("no-such-member", null)).res.status).toBe(404);
    const bad = await followers(star.id, null, "?cursor=not-a-cursor");
    expect([bad.res.status, bad.body.message]).toEqual([400, "Invalid cursor"]);
    expect((await following(star.id, null, "?limit=0")).res.status).toBe(400);
  });
});
