/** @jest-environment node */
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { createSession } from "@/lib/server/auth/session";
import { trendingScore } from "@/lib/server/questions/queries";
import { GET as trending } from "@/app/api/questions/trending/route";

const ctx = { params: Promise.resolve({}) };
const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(6).toString("hex")}@example.com`;
const unique = () => crypto.randomBytes(4).toString("hex");

async function signedIn(userId: string) {
  const { cookie } = await createSession(userId, new Request("http://localhost/"));
  return cookie.split(";")[0]!;
}

function get(cookie?: string) {
  return new Request("http://localhost/api/questions/trending", { headers: cookie ? { Cookie: cookie } : {} });
}

type Item = { id: number; title: string };

// Counters high enough that these questions outrank anything else in the shared test database.
// The three differ by 1,000 votes, far more than the few milliseconds of age between their
// creations can weigh in the decaying score, even on a loaded machine.
const hot = { answerCount: 50_000, voteScore: 500_000, viewCount: 1_000_000 };

let author: { id: string; email: string };
let insider: { id: string };
let outsider: { id: string };
let publicQuestion: { id: number };
let privateQuestion: { id: number };
let openGroupQuestion: { id: number };

beforeAll(async () => {
  author = await db.user.create({ data: { email: uniqueEmail("author"), firstName: "Tess", lastName: "Ting" } });
  insider = await db.user.create({ data: { email: uniqueEmail("insider") } });
  outsider = await db.user.create({ data: { email: uniqueEmail("outsider") } });
  const secret = await db.group.create({ data: { name: `Secret ${unique()}`, creatorId: author.id, isPrivate: true, memberCount: 2 } });
  const open = await db.group.create({ data: { name: `Open ${unique()}`, creatorId: author.id, isPrivate: false, memberCount: 1 } });
  await db.groupMember.createMany({
    data: [
      { groupId: secret.id, userId: author.id, role: "creator" },
      { groupId: secret.id, userId: insider.id },
      { groupId: open.id, userId: author.id, role: "creator" },
    ],
  });
  const tag = await db.tag.create({ data: { name: `trend-${unique()}`, color: "#22c55e" } });
  const tag2 = await db.tag.create({ data: { name: `trend-${unique()}`, color: "#0ea5e9" } });
  publicQuestion = await db.question.create({
    data: {
      title: `Public hot question ${unique()}`,
      description: "## Heading\n\nSome **bold** text and `code`.",
      authorId: author.id,
      ...hot,
      tags: { create: [{ tagId: tag.id }, { tagId: tag2.id }] },
    },
  });
  privateQuestion = await db.question.create({
    data: { title: `Private hot question ${unique()}`, authorId: author.id, groupId: secret.id, ...hot, voteScore: hot.voteScore + 1_000 },
  });
  openGroupQuestion = await db.question.create({
    data: { title: `Open group question ${unique()}`, authorId: author.id, groupId: open.id, ...hot, voteScore: hot.voteScore - 1_000 },
  });
});

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/questions/trending", () => {
  it("answers visitors with at most 5 questions in the summary shape", async () => {
    const res = await trending(get(), ctx);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeLessThanOrEqual(5);
    const item = body.find((q: Item) => q.id === publicQuestion.id);
    expect(item).toBeDefined();
    for (const key of ["id", "title", "description", "createdAt", "viewCount", "_count", "author", "tags"]) {
      expect(item).toHaveProperty(key);
    }
    expect(item._count).toEqual({ answers: hot.answerCount });
    expect(item.viewCount).toBe(hot.viewCount);
    expect(item.description).toBe("Heading Some bold text and code.");
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    expect(item.author).toEqual({ id: author.id, firstName: "Tess", lastName: "Ting", profileImageUrl: null, handle: author.email.split("@")[0], reputation: 1 });
    expect(item.tags).toHaveLength(2);
    for (const tag of item.tags) expect(Object.keys(tag).sort()).toEqual(["color", "id", "name"]);
  });

  it("leaves private-group questions out for visitors and for members outside the group", async () => {
    const visitor: Item[] = await (await trending(get(), ctx)).json();
    expect(visitor.map((q) => q.id)).not.toContain(privateQuestion.id);
    expect(visitor.map((q) => q.id)).toContain(openGroupQuestion.id);

    const outsiderView: Item[] = await (await trending(get(await signedIn(outsider.id)), ctx)).json();
    expect(outsiderView.map((q) => q.id)).not.toContain(privateQuestion.id);
    expect(outsiderView.map((q) => q.id)).toContain(publicQuestion.id);
  });

  it("includes them for the group's members", async () => {
    const insiderView: Item[] = await (await trending(get(await signedIn(insider.id)), ctx)).json();
    expect(insiderView.map((q) => q.id)).toContain(privateQuestion.id);
    expect(insiderView.map((q) => q.id)).toContain(publicQuestion.id);
  });

  it("ranks by the trending score, best first", async () => {
    const body: Item[] = await (await trending(get(await signedIn(insider.id)), ctx)).json();
    const ids = body.map((q) => q.id);
    expect(ids.indexOf(privateQuestion.id)).toBeLessThan(ids.indexOf(publicQuestion.id));
    expect(ids.indexOf(publicQuestion.id)).toBeLessThan(ids.indexOf(openGroupQuestion.id));
  });
});

describe("trendingScore", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  it("rewards answers, votes and views", () => {
    const quiet = { answerCount: 0, voteScore: 0, viewCount: 0, lastActivityAt: daysAgo(1) };
    expect(trendingScore({ ...quiet, answerCount: 3 }, now)).toBeGreaterThan(trendingScore(quiet, now));
    expect(trendingScore({ ...quiet, voteScore: 3 }, now)).toBeGreaterThan(trendingScore(quiet, now));
    expect(trendingScore({ ...quiet, viewCount: 100 }, now)).toBeGreaterThan(trendingScore(quiet, now));
    expect(trendingScore({ ...quiet, voteScore: -5 }, now)).toBe(trendingScore(quiet, now));
  });

  it("decays with the time since the last activity", () => {
    const q = { answerCount: 4, voteScore: 6, viewCount: 300 };
    expect(trendingScore({ ...q, lastActivityAt: daysAgo(0) }, now)).toBeGreaterThan(trendingScore({ ...q, lastActivityAt: daysAgo(3) }, now));
    expect(trendingScore({ ...q, lastActivityAt: daysAgo(3) }, now)).toBeGreaterThan(trendingScore({ ...q, lastActivityAt: daysAgo(10) }, now));
  });
});
