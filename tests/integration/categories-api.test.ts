/** @jest-environment node */
import { db } from "@/lib/server/db";
import { rateLimits } from "@/lib/server/rate-limit";
import { GET as listRoute } from "@/app/api/categories/route";
import { GET as detailRoute } from "@/app/api/categories/[id]/route";
import { GET as questionsRoute } from "@/app/api/categories/[id]/questions/route";
import { DELETE as unfollowRoute, POST as followRoute } from "@/app/api/categories/[id]/follow/route";
import { GET as feedRoute } from "@/app/api/feed/route";
import { createCategory, createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";
import { SUMMARY_KEYS, TAG_KEYS, keys } from "@/tests/integration/shapes";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
type CategoryJson = { id: number; name: string; _count: { tags: number; followers: number }; isFollowing: boolean };
type Item = { id: number };

const CATEGORY_KEYS = ["_count", "color", "createdAt", "description", "id", "isFollowing", "name"].sort();
const bad = ["abc", "-1", "0", "01", "1.5", "99999999999", "2000000000"];

async function call(route: Handler, url: string, params: Record<string, string>, user?: { id: string } | null, init: { method?: string; json?: unknown } = {}) {
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext(params));
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

const list = (user?: { id: string } | null) => call(listRoute, "/api/categories", {}, user);
const detail = (id: number | string, user?: { id: string } | null) => call(detailRoute, `/api/categories/${id}`, { id: String(id) }, user);
const questions = (id: number | string, query = "", user?: { id: string } | null) =>
  call(questionsRoute, `/api/categories/${id}/questions${query}`, { id: String(id) }, user);
const follow = (id: number | string, user: { id: string } | null, method: "POST" | "DELETE" = "POST") =>
  call(method === "POST" ? followRoute : unfollowRoute, `/api/categories/${id}/follow`, { id: String(id) }, user, { method });
const feed = (user: { id: string }, query = "") => call(feedRoute, `/api/feed${query}`, {}, user);
const followers = (categoryId: number) => db.categoryFollow.count({ where: { categoryId } });

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/categories", () => {
  it("lists every category by name with tag and follower counts, in the Category shape", async () => {
    const prefix = `Cat ${unique()}`;
    const [t1, t2, t3] = [await createTag(), await createTag(), await createTag()];
    const b = await createCategory({ name: `${prefix} B`, tags: [t1, t2] });
    const a = await createCategory({ name: `${prefix} A`, tags: [t3] });
    const fan = await createUser({ tag: "fan" });
    await follow(b.id, fan);

    const { res, body } = await list();
    expect(res.status).toBe(200);
    const mine = body.filter((c: CategoryJson) => c.name.startsWith(prefix));
    expect(mine.map((c: CategoryJson) => c.id)).toEqual([a.id, b.id]);
    for (const category of body) expect(keys(category)).toEqual(CATEGORY_KEYS);
    expect(mine[1]).toEqual({
      id: b.id,
      name: `${prefix} B`,
      color: "#2563eb",
      description: "Things that belong together.",
      createdAt: expect.any(String),
      _count: { tags: 2, followers: 1 },
      isFollowing: false,
    });
    const names = body.map((c: CategoryJson) => c.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it("tells a member which categories they follow (visitors: none)", async () => {
    const [followed, other] = [await createCategory(), await createCategory()];
    const fan = await createUser({ tag: "fan" });
    await follow(followed.id, fan);
    const asFan = (await list(fan)).body as CategoryJson[];
    expect(asFan.find((c) => c.id === followed.id)?.isFollowing).toBe(true);
    expect(asFan.find((c) => c.id === other.id)?.isFollowing).toBe(false);
    const asVisitor = (await list()).body as CategoryJson[];
    expect(asVisitor.every((c) => c.isFollowing === false)).toBe(true);
  });
});

describe("GET /api/categories/:id", () => {
  it("answers the category with its tags, most questions first, counting only questions the viewer may see", async () => {
    const author = await createUser({ tag: "author" });
    const insider = await createUser({ tag: "insider" });
    const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
    const [busy, quiet, outside] = [await createTag(), await createTag(), await createTag()];
    const category = await createCategory({ tags: [quiet, busy] });
    await createQuestion({ author, tags: [busy] });
    await createQuestion({ author, tags: [busy] });
    await createQuestion({ author, tags: [busy], group: secret });
    await createQuestion({ author, tags: [outside] });

    const visitor = await detail(category.id);
    expect(visitor.res.status).toBe(200);
    expect(keys(visitor.body)).toEqual([...CATEGORY_KEYS, "tags"].sort());
    expect(visitor.body._count).toEqual({ tags: 2, followers: 0 });
    expect(visitor.body.tags.map((t: Item) => t.id)).toEqual([busy.id, quiet.id]);
    for (const tag of visitor.body.tags) expect(keys(tag)).toEqual(TAG_KEYS);
    expect(visitor.body.tags[0]._count.questions).toBe(2);
    expect(visitor.body.tags[0].categoryId).toBe(category.id);
    expect((await detail(category.id, insider)).body.tags[0]._count.questions).toBe(3);
  });

  it("answers 404 'Category not found' for unknown or malformed ids", async () => {
    for (const id of bad) {
      const { res, body } = await detail(id);
      expect(res.status).toBe(404);
      expect(body.message).toBe("Category not found");
    }
  });
});

describe("GET /api/categories/:id/questions", () => {
  let category: { id: number };
  let author: { id: string };
  let insider: { id: string };
  let visible: Item[];
  let privateQuestion: Item;
  let hiddenQuestion: Item;
  let outsideQuestion: Item;

  beforeAll(async () => {
    author = await createUser({ tag: "author" });
    insider = await createUser({ tag: "insider" });
    const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
    const publicGroup = await createGroup({ creator: author });
    const [t1, t2, other] = [await createTag(), await createTag(), await createTag()];
    category = await createCategory({ tags: [t1, t2] });
    const base = Date.now() - 3_600_000;
    const at = async (q: Item, minutes: number) => {
      await db.question.update({ where: { id: q.id }, data: { createdAt: new Date(base + minutes * 60_000) } });
      return q;
    };
    visible = [
      await at(await createQuestion({ author, tags: [t1] }), 1),
      await at(await createQuestion({ author, tags: [t2, other] }), 2),
      await at(await createQuestion({ author, tags: [t1, t2] }), 3), // both tags: listed once
      await at(await createQuestion({ author, tags: [t2], group: publicGroup }), 4),
    ];
    privateQuestion = await at(await createQuestion({ author, tags: [t1], group: secret }), 5);
    hiddenQuestion = await at(await createQuestion({ author, tags: [t2] }), 6);
    await db.question.update({ where: { id: hiddenQuestion.id }, data: { hiddenAt: new Date() } });
    outsideQuestion = await at(await createQuestion({ author, tags: [other] }), 7);
  });

  const ids = (body: Item[]) => body.map((q) => q.id);

  it("lists the newest visible questions with any tag of the category, once each, as QuestionSummary items", async () => {
    const { res, body } = await questions(category.id);
    expect(res.status).toBe(200);
    expect(ids(body)).toEqual([...visible].reverse().map((q) => q.id));
    expect(res.headers.get("X-Total-Count")).toBe(String(visible.length));
    for (const item of body) expect(keys(item)).toEqual(SUMMARY_KEYS);
  });

  it("never shows a private group's questions to visitors or other members, only to its members", async () => {
    const stranger = await createUser({ tag: "stranger" });
    expect(ids((await questions(category.id)).body)).not.toContain(privateQuestion.id);
    expect(ids((await questions(category.id, "", stranger)).body)).not.toContain(privateQuestion.id);
    const inside = await questions(category.id, "", insider);
    expect(ids(inside.body)).toContain(privateQuestion.id);
    expect(inside.res.headers.get("X-Total-Count")).toBe(String(visible.length + 1));
  });

  it("leaves out questions hidden pending review (except to their author) and questions outside the category", async () => {
    const stranger = await createUser({ tag: "stranger" });
    for (const viewer of [null, stranger]) {
      const listed = ids((await questions(category.id, "", viewer)).body);
      expect(listed).not.toContain(hiddenQuestion.id);
      expect(listed).not.toContain(outsideQuestion.id);
    }
    expect(ids((await questions(category.id, "", author)).body)).toContain(hiddenQuestion.id);
  });

  it("pages with cursors", async () => {
    const first = await questions(category.id, "?limit=3");
    expect(first.body).toHaveLength(3);
    const cursor = first.res.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const second = await questions(category.id, `?limit=3&cursor=${cursor}`);
    expect(ids(second.body)).toEqual([visible[0]!.id]);
    expect(second.res.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("answers 400 for a bad cursor or limit and 404 for unknown categories", async () => {
    expect((await questions(category.id, "?cursor=%%%")).res.status).toBe(400);
    const limit = await questions(category.id, "?limit=-3");
    expect(limit.res.status).toBe(400);
    expect(limit.body.message).toBe("limit must be a whole number of at least 1");
    for (const id of bad) {
      const { res, body } = await questions(id);
      expect(res.status).toBe(404);
      expect(body.message).toBe("Category not found");
    }
  });

  it("answers an empty list for a category without tags", async () => {
    const empty = await createCategory();
    const { res, body } = await questions(empty.id);
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
    expect(res.headers.get("X-Total-Count")).toBe("0");
  });
});

describe("POST and DELETE /api/categories/:id/follow", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const category = await createCategory();
    for (const method of ["POST", "DELETE"] as const) {
      const { res, body } = await follow(category.id, null, method);
      expect(res.status).toBe(401);
      expect(body.message).toContain("Unauthorized");
    }
    expect(await followers(category.id)).toBe(0);
  });

  it("answers 404 'Category not found' for unknown categories", async () => {
    const user = await createUser({ tag: "follower" });
    for (const id of bad) {
      for (const method of ["POST", "DELETE"] as const) {
        const { res, body } = await follow(id, user, method);
        expect(res.status).toBe(404);
        expect(body.message).toBe("Category not found");
      }
    }
  });

  it("refuses a suspended member with 403", async () => {
    const category = await createCategory();
    const user = await createUser({ tag: "suspended" });
    await db.user.update({ where: { id: user.id }, data: { suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: "Spam" } });
    const { res, body } = await follow(category.id, user);
    expect(res.status).toBe(403);
    expect(body.code).toBe("suspended");
    expect(await followers(category.id)).toBe(0);
  });

  it("follows and unfollows idempotently, with the follower count after each", async () => {
    const category = await createCategory();
    const [ann, ben] = [await createUser({ tag: "ann" }), await createUser({ tag: "ben" })];
    expect((await follow(category.id, ann)).body).toEqual({ isFollowing: true, followerCount: 1 });
    expect((await follow(category.id, ann)).body).toEqual({ isFollowing: true, followerCount: 1 });
    expect((await follow(category.id, ben)).body).toEqual({ isFollowing: true, followerCount: 2 });
    expect((await detail(category.id, ann)).body).toMatchObject({ isFollowing: true, _count: { followers: 2 } });
    expect((await follow(category.id, ann, "DELETE")).body).toEqual({ isFollowing: false, followerCount: 1 });
    expect((await follow(category.id, ann, "DELETE")).body).toEqual({ isFollowing: false, followerCount: 1 });
    expect((await detail(category.id, ann)).body).toMatchObject({ isFollowing: false, _count: { followers: 1 } });
  });

  it("has one effect for 50 identical follows at once, and charges the daily allowance once", async () => {
    const category = await createCategory();
    const user = await createUser({ tag: "eager" });
    const results = await Promise.all(Array.from({ length: 50 }, () => follow(category.id, user)));
    for (const { res, body } of results) {
      expect(res.status).toBe(200);
      expect(body.isFollowing).toBe(true);
    }
    expect(await followers(category.id)).toBe(1);
    const unfollows = await Promise.all(Array.from({ length: 50 }, () => follow(category.id, user, "DELETE")));
    for (const { body } of unfollows) expect(body).toEqual({ isFollowing: false, followerCount: 0 });
    expect(await followers(category.id)).toBe(0);
  });

  it("answers 429 with Retry-After past the daily allowance of new follows; repeats cost nothing", async () => {
    const { points, message } = rateLimits.categoryFollowDaily;
    const user = await createUser({ tag: "collector" });
    const categories = [];
    for (let i = 0; i <= points; i += 1) categories.push(await createCategory());
    for (let i = 0; i < points; i += 1) {
      expect((await follow(categories[i]!.id, user)).res.status).toBe(200);
      expect((await follow(categories[i]!.id, user)).res.status).toBe(200); // a repeat is free
    }
    const over = await follow(categories[points]!.id, user);
    expect(over.res.status).toBe(429);
    expect(over.body).toMatchObject({ message, code: "rate_limited" });
    expect(Number(over.res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await db.categoryFollow.count({ where: { userId: user.id } })).toBe(points);
    expect((await follow(categories[0]!.id, user, "DELETE")).res.status).toBe(200); // unfollowing is never limited
  });
});

describe("the following feed", () => {
  it("includes visible questions with any tag of a followed category, and drops them after unfollowing", async () => {
    const reader = await createUser({ tag: "reader" });
    const writer = await createUser({ tag: "writer" });
    const secret = await createGroup({ creator: writer, isPrivate: true });
    const [inside1, inside2, outside] = [await createTag(), await createTag(), await createTag()];
    const category = await createCategory({ tags: [inside1, inside2] });
    const q1 = await createQuestion({ author: writer, tags: [inside1] });
    const q2 = await createQuestion({ author: writer, tags: [inside2, outside] });
    const qOut = await createQuestion({ author: writer, tags: [outside] });
    const qPrivate = await createQuestion({ author: writer, tags: [inside1], group: secret });
    const qHidden = await createQuestion({ author: writer, tags: [inside2] });
    await db.question.update({ where: { id: qHidden.id }, data: { hiddenAt: new Date() } });

    expect((await feed(reader)).body).toEqual([]);
    await follow(category.id, reader);
    const { res, body } = await feed(reader);
    expect(res.status).toBe(200);
    expect(body.map((q: Item) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    expect(res.headers.get("X-Total-Count")).toBe("2");
    for (const id of [qOut.id, qPrivate.id, qHidden.id]) expect(body.map((q: Item) => q.id)).not.toContain(id);

    // A question found through both a followed tag and the followed category is listed once.
    await db.tagFollow.create({ data: { userId: reader.id, tagId: inside1.id } });
    expect((await feed(reader)).body.map((q: Item) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    await db.tagFollow.deleteMany({ where: { userId: reader.id } });

    // A tag that joins the category later brings its questions along.
    await db.tag.update({ where: { id: outside.id }, data: { categoryId: category.id } });
    expect((await feed(reader)).body.map((q: Item) => q.id).sort()).toEqual([q1.id, q2.id, qOut.id].sort());

    await follow(category.id, reader, "DELETE");
    expect((await feed(reader)).body).toEqual([]);
  });
});
