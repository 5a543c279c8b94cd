/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as feedRoute } from "@/app/api/feed/route";
import { createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";
import { SUMMARY_KEYS, keys } from "@/tests/integration/shapes";

type Item = { id: number };

async function feed(user: { id: string } | null, query = "") {
  const url = `/api/feed${query}`;
  const res = await feedRoute(user ? await signedInRequest(user, url) : visitorRequest(url), routeContext());
  return { res, body: await res.json() };
}

let reader: { id: string };
let followedTagQuestions: { id: number }[];
let followedAuthorQuestion: { id: number };
let bothQuestion: { id: number };
let unrelated: { id: number };
let hiddenFromReader: { id: number };
let insideReadersGroup: { id: number };

beforeAll(async () => {
  reader = await createUser({ tag: "reader" });
  const writer = await createUser({ tag: "writer" });
  const followed = await createUser({ tag: "followed" });
  const [followedTag, otherTag] = [await createTag(), await createTag()];
  const secret = await createGroup({ creator: writer, isPrivate: true });
  const readersGroup = await createGroup({ creator: writer, members: [reader], isPrivate: true });

  await db.tagFollow.create({ data: { userId: reader.id, tagId: followedTag.id } });
  await db.userFollow.create({ data: { followerId: reader.id, followingId: followed.id } });

  const base = Date.now() - 3_600_000;
  const at = async (q: { id: number }, minutes: number) => {
    await db.question.update({ where: { id: q.id }, data: { createdAt: new Date(base + minutes * 60_000) } });
    return q;
  };
  followedTagQuestions = [];
  for (let i = 0; i < 4; i += 1) followedTagQuestions.push(await at(await createQuestion({ author: writer, tags: [followedTag] }), i));
  followedAuthorQuestion = await at(await createQuestion({ author: followed, tags: [otherTag] }), 10);
  bothQuestion = await at(await createQuestion({ author: followed, tags: [followedTag, otherTag] }), 11);
  unrelated = await at(await createQuestion({ author: writer, tags: [otherTag] }), 12);
  hiddenFromReader = await at(await createQuestion({ author: followed, tags: [followedTag], group: secret }), 13);
  insideReadersGroup = await at(await createQuestion({ author: writer, tags: [followedTag], group: readersGroup }), 14);
});

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/feed", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const { res, body } = await feed(null);
    expect(res.status).toBe(401);
    expect(body.message).toContain("Unauthorized");
  });

  it("lists questions from followed tags and followed members once each, newest first, as QuestionSummary items", async () => {
    const { res, body } = await feed(reader);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("7");
    expect(body.map((q: Item) => q.id)).toEqual(
      [insideReadersGroup, bothQuestion, followedAuthorQuestion, ...[...followedTagQuestions].reverse()].map((q) => q.id),
    );
    for (const item of body) expect(keys(item)).toEqual(SUMMARY_KEYS);
    expect(body.map((q: Item) => q.id)).not.toContain(unrelated.id);
    expect(body.map((q: Item) => q.id)).not.toContain(hiddenFromReader.id);
  });

  it("is empty for a member who follows nothing", async () => {
    const loner = await createUser({ tag: "loner" });
    const { res, body } = await feed(loner);
    expect(body).toEqual([]);
    expect(res.headers.get("X-Total-Count")).toBe("0");
    expect(res.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("walks the feed once with cursors", async () => {
    const all = (await feed(reader)).body.map((q: Item) => q.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { res, body } = await feed(reader, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(body.length).toBeLessThanOrEqual(3);
      seen.push(...body.map((q: Item) => q.id));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it("answers 400 for a bad cursor or limit", async () => {
    expect((await feed(reader, "?cursor=bm9wZQ")).body.message).toBe("Invalid cursor");
    expect((await feed(reader, "?limit=1.5")).res.status).toBe(400);
  });
});
