/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as listRoute, POST as createRoute } from "@/app/api/tags/route";
import { GET as byNameRoute } from "@/app/api/tags/by-name/[name]/route";
import { GET as questionsRoute } from "@/app/api/tags/[id]/questions/route";
import { GET as statsRoute } from "@/app/api/tags/[id]/stats/route";
import { GET as isFollowingRoute } from "@/app/api/tags/[id]/is-following/route";
import { DELETE as unfollowRoute, POST as followRoute } from "@/app/api/tags/[id]/follow/route";
import { createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";
import { SUMMARY_KEYS, TAG_KEYS, keys } from "@/tests/integration/shapes";

type TagJson = { id: number; name: string; followCount: number; _count: { questions: number; followers: number } };
type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;

async function call(route: Handler, url: string, params: Record<string, string>, user?: { id: string } | null, init: { method?: string; json?: unknown } = {}) {
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext(params));
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

const bad = ["abc", "-1", "0", "99999999999", "2000000000"];

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/tags", () => {
  const prefix = `ls${unique()}`;
  let tags: { id: number; name: string }[];
  let author: { id: string };
  let insider: { id: string };

  beforeAll(async () => {
    author = await createUser({ tag: "tagger" });
    insider = await createUser({ tag: "insider" });
    const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
    tags = [];
    for (let i = 0; i < 5; i += 1) tags.push(await createTag(`${prefix}-${i}`));
    // tag 2 has three questions, tag 0 two (one of them private), tag 4 one; the rest none.
    await createQuestion({ author, tags: [tags[2]!] });
    await createQuestion({ author, tags: [tags[2]!, tags[0]!] });
    await createQuestion({ author, tags: [tags[2]!, tags[4]!] });
    await createQuestion({ author, tags: [tags[0]!], group: secret });
  });

  const list = async (query: string, user?: { id: string }) => call(listRoute, `/api/tags${query}`, {}, user);

  it("lists tags matching a search, most questions first, in the Tag shape", async () => {
    const { res, body } = await list(`?search=${prefix.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("5");
    expect(body.map((t: TagJson) => t.id)).toEqual([2, 0, 4, 1, 3].map((i) => tags[i]!.id));
    for (const tag of body) expect(keys(tag)).toEqual(TAG_KEYS);
    const top = body[0];
    expect(top).toEqual({
      id: tags[2]!.id,
      name: `${prefix}-2`,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      categoryId: null,
      followCount: 0,
      createdAt: expect.any(String),
      _count: { questions: 3, followers: 0 },
    });
  });

  it("counts private-group questions only for the group's members", async () => {
    const visitorView = (await list(`?search=${prefix}-0`)).body;
    expect(visitorView[0]._count.questions).toBe(1);
    const memberView = (await list(`?search=${prefix}-0`, insider)).body;
    expect(memberView[0]._count.questions).toBe(2);
  });

  it("walks every tag once with cursors", async () => {
    const all = (await list(`?search=${prefix}`)).body.map((t: TagJson) => t.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { res, body } = await list(`?search=${prefix}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(body.length).toBeLessThanOrEqual(2);
      seen.push(...body.map((t: TagJson) => t.id));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it("answers 400 for a bad cursor or limit", async () => {
    expect((await list("?cursor=%%%")).res.status).toBe(400);
    expect((await list("?limit=-3")).body.message).toBe("limit must be a whole number of at least 1");
  });

  it("finds nothing for LIKE wildcards", async () => {
    expect((await list(`?search=${prefix}%25`)).body.map((t: TagJson) => t.name)).toEqual(
      (await list(`?search=${prefix}`)).body.map((t: TagJson) => t.name),
    );
  });
});

describe("POST /api/tags", () => {
  const post = async (user: { id: string } | null, json: unknown) => call(createRoute, "/api/tags", {}, user, { method: "POST", json });

  it("answers 401 Unauthorized to visitors", async () => {
    const { res, body } = await post(null, { name: `v${unique()}` });
    expect(res.status).toBe(401);
    expect(body.message).toContain("Unauthorized");
  });

  it.each([
    ["an empty name", { name: "   " }, "Please enter a tag name"],
    ["a missing name", {}, "Please enter a tag name"],
    ["a numeric name", { name: 42 }, "Please enter a tag name"],
    ["a long name", { name: "a".repeat(51) }, "Tag name must be at most 50 characters"],
    ["spaces inside", { name: "two words" }, "Tag names may contain only letters, digits and + # . - and must start with a letter or digit"],
    ["a leading dash", { name: "-dash" }, "Tag names may contain only letters, digits and + # . - and must start with a letter or digit"],
  ])("answers 400 for %s", async (_label, json, message) => {
    const user = await createUser({ tag: "tagmaker" });
    const { res, body } = await post(user, json);
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("creates a trimmed, lower-cased tag with 201, and answers 200 with it when the name is taken in any case", async () => {
    const user = await createUser({ tag: "tagmaker" });
    const name = `C++${unique()}`;
    const created = await post(user, { name: `  ${name} `, color: "#000000" });
    expect(created.res.status).toBe(201);
    expect(keys(created.body)).toEqual(TAG_KEYS);
    expect(created.body.name).toBe(name.toLowerCase());
    expect(created.body._count).toEqual({ questions: 0, followers: 0 });
    const again = await post(user, { name: name.toUpperCase() });
    expect(again.res.status).toBe(200);
    expect(again.body).toEqual(created.body);
  });

  it("creates one row for 50 identical creates at once", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser({ tag: "racer" })));
    const name = `race-${unique()}`;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => post(users[i % 5]!, { name })));
    const statuses = results.map((r) => r.res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await db.tag.count({ where: { name } })).toBe(1);
  });
});

describe("GET /api/tags/by-name/:name", () => {
  it("answers the tag in any case, or 404 'Tag not found'", async () => {
    const tag = await createTag(`byname-${unique()}`);
    const { res, body } = await call(byNameRoute, `/api/tags/by-name/x`, { name: tag.name.toUpperCase() });
    expect(res.status).toBe(200);
    expect(keys(body)).toEqual(TAG_KEYS);
    expect(body.id).toBe(tag.id);
    const sharp = await createTag(`c#${unique()}`);
    const encoded = await call(byNameRoute, `/api/tags/by-name/x`, { name: encodeURIComponent(sharp.name) });
    expect(encoded.body.id).toBe(sharp.id);
    for (const name of [`missing-${unique()}`, "", "a".repeat(300), "%E0%A4%A"]) {
      const missing = await call(byNameRoute, `/api/tags/by-name/x`, { name });
      expect(missing.res.status).toBe(404);
      expect(missing.body.message).toBe("Tag not found");
    }
  });
});

describe("GET /api/tags/:id/questions", () => {
  let tag: { id: number };
  let questions: { id: number }[];
  let hidden: { id: number };
  let insider: { id: string };

  beforeAll(async () => {
    const author = await createUser({ tag: "tagq" });
    insider = await createUser({ tag: "insider" });
    const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
    tag = await createTag();
    questions = [];
    const base = Date.now() - 86_400_000;
    const shapes = [
      { createdAt: 1, lastActivityAt: 3, voteScore: 5 },
      { createdAt: 2, lastActivityAt: 1, voteScore: 7 },
      { createdAt: 3, lastActivityAt: 2, voteScore: 1 },
    ];
    for (const shape of shapes) {
      const q = await createQuestion({ author, tags: [tag] });
      await db.question.update({
        where: { id: q.id },
        data: { createdAt: new Date(base + shape.createdAt * 60_000), lastActivityAt: new Date(base + shape.lastActivityAt * 60_000), voteScore: shape.voteScore },
      });
      questions.push(q);
    }
    hidden = await createQuestion({ author, tags: [tag], group: secret });
  });

  const get = async (query: string, user?: { id: string }, id: number | string = tag.id) =>
    call(questionsRoute, `/api/tags/${id}/questions${query}`, { id: String(id) }, user);

  it.each([
    ["", [2, 1, 0]],
    ["?sort=newest", [2, 1, 0]],
    ["?sort=active", [0, 2, 1]],
    ["?sort=votes", [1, 0, 2]],
  ])("lists the tag's visible questions (%s) as QuestionSummary items", async (query, order) => {
    const { res, body } = await get(query);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(body.map((q: { id: number }) => q.id)).toEqual(order.map((i) => questions[i]!.id));
    for (const item of body) expect(keys(item)).toEqual(SUMMARY_KEYS);
  });

  it("includes private-group questions for the group's members only", async () => {
    expect((await get("")).body.map((q: { id: number }) => q.id)).not.toContain(hidden.id);
    const { res, body } = await get("", insider);
    expect(body.map((q: { id: number }) => q.id)).toContain(hidden.id);
    expect(res.headers.get("X-Total-Count")).toBe("4");
  });

  it("pages with cursors", async () => {
    const first = await get("?sort=votes&limit=2");
    expect(first.body).toHaveLength(2);
    const cursor = first.res.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const second = await get(`?sort=votes&limit=2&cursor=${cursor}`);
    expect(second.body.map((q: { id: number }) => q.id)).toEqual([questions[2]!.id]);
    expect(second.res.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("answers 400 for an unknown sort and 404 for unknown tags", async () => {
    const sort = await get("?sort=views");
    expect(sort.res.status).toBe(400);
    expect(sort.body.message).toBe("sort must be newest, active or votes");
    for (const id of bad) {
      const { res, body } = await get("", undefined, id);
      expect(res.status).toBe(404);
      expect(body.message).toBe("Tag not found");
    }
  });
});

describe("GET /api/tags/:id/stats", () => {
  it("answers the question and follower counts the viewer may see", async () => {
    const author = await createUser({ tag: "stats" });
    const insider = await createUser({ tag: "insider" });
    const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
    const tag = await createTag();
    await createQuestion({ author, tags: [tag] });
    await createQuestion({ author, tags: [tag], group: secret });
    await call(followRoute, `/api/tags/${tag.id}/follow`, { id: String(tag.id) }, insider, { method: "POST" });

    const visitor = await call(statsRoute, `/api/tags/${tag.id}/stats`, { id: String(tag.id) });
    expect(visitor.res.status).toBe(200);
    expect(visitor.body).toEqual({ questionCount: 1, followerCount: 1 });
    const member = await call(statsRoute, `/api/tags/${tag.id}/stats`, { id: String(tag.id) }, insider);
    expect(member.body).toEqual({ questionCount: 2, followerCount: 1 });
    for (const id of bad) expect((await call(statsRoute, `/api/tags/${id}/stats`, { id })).res.status).toBe(404);
  });
});

describe("follows", () => {
  const follow = (tagId: number | string, user: { id: string } | null, method: "POST" | "DELETE" = "POST") =>
    call(method === "POST" ? followRoute : unfollowRoute, `/api/tags/${tagId}/follow`, { id: String(tagId) }, user, { method });
  const isFollowing = (tagId: number | string, user?: { id: string } | null) =>
    call(isFollowingRoute, `/api/tags/${tagId}/is-following`, { id: String(tagId) }, user);
  const followCount = async (tagId: number) => (await db.tag.findUniqueOrThrow({ where: { id: tagId } })).followCount;

  it("answers 401 to visitors following or unfollowing, and { isFollowing: false } to their reads", async () => {
    const tag = await createTag();
    for (const method of ["POST", "DELETE"] as const) {
      const { res, body } = await follow(tag.id, null, method);
      expect(res.status).toBe(401);
      expect(body.message).toContain("Unauthorized");
    }
    const { res, body } = await isFollowing(tag.id);
    expect(res.status).toBe(200);
    expect(body).toEqual({ isFollowing: false });
  });

  it("answers 404 for unknown tags", async () => {
    const user = await createUser({ tag: "follower" });
    for (const id of bad) {
      expect((await follow(id, user)).res.status).toBe(404);
      expect((await follow(id, user, "DELETE")).res.status).toBe(404);
      expect((await isFollowing(id, user)).body.message).toBe("Tag not found");
    }
  });

  it("follows and unfollows idempotently, keeping the follower count exact", async () => {
    const tag = await createTag();
    const [ann, ben] = [await createUser({ tag: "ann" }), await createUser({ tag: "ben" })];
    expect((await isFollowing(tag.id, ann)).body).toEqual({ isFollowing: false });
    expect((await follow(tag.id, ann)).body).toEqual({ isFollowing: true, followerCount: 1 });
    expect((await follow(tag.id, ann)).body).toEqual({ isFollowing: true, followerCount: 1 });
    expect((await follow(tag.id, ben)).body).toEqual({ isFollowing: true, followerCount: 2 });
    expect((await isFollowing(tag.id, ann)).body).toEqual({ isFollowing: true });
    expect((await follow(tag.id, ann, "DELETE")).body).toEqual({ isFollowing: false, followerCount: 1 });
    expect((await follow(tag.id, ann, "DELETE")).body).toEqual({ isFollowing: false, followerCount: 1 });
    expect((await isFollowing(tag.id, ann)).body).toEqual({ isFollowing: false });
    expect(await followCount(tag.id)).toBe(1);
  });

  it("counts 50 simultaneous follows by one member once, and 50 unfollows down to zero", async () => {
    const tag = await createTag();
    const user = await createUser({ tag: "eager" });
    const follows = await Promise.all(Array.from({ length: 50 }, () => follow(tag.id, user)));
    for (const { res, body } of follows) {
      expect(res.status).toBe(200);
      expect(body).toEqual({ isFollowing: true, followerCount: 1 });
    }
    expect(await followCount(tag.id)).toBe(1);
    expect(await db.tagFollow.count({ where: { tagId: tag.id } })).toBe(1);
    const unfollows = await Promise.all(Array.from({ length: 50 }, () => follow(tag.id, user, "DELETE")));
    for (const { body } of unfollows) expect(body).toEqual({ isFollowing: false, followerCount: 0 });
    expect(await followCount(tag.id)).toBe(0);
  });

  it("counts 30 members following at once exactly", async () => {
    const tag = await createTag();
    const users = await Promise.all(Array.from({ length: 30 }, () => createUser({ tag: "crowd" })));
    await Promise.all(users.map((u) => follow(tag.id, u)));
    expect(await followCount(tag.id)).toBe(30);
    expect((await call(statsRoute, `/api/tags/${tag.id}/stats`, { id: String(tag.id) })).body.followerCount).toBe(30);
  });
});
