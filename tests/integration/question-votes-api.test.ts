/** @jest-environment node */
import { db } from "@/lib/server/db";
import { POST as vote, DELETE as unvote } from "@/app/api/questions/[id]/vote/route";
import { POST as answerVote } from "@/app/api/answers/[id]/vote/route";
import { GET as detailRoute } from "@/app/api/questions/[id]/route";
import { GET as listRoute } from "@/app/api/questions/route";
import { closeRateLimitStore, rateLimits, resetLimit } from "@/lib/server/rate-limit";
import { VOTE_TYPE_MESSAGE } from "@/lib/validation/votes";
import { countersOf, createAnswer, createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, visitorRequest, type TestUser } from "@/tests/factories";

let alice: TestUser; // asks
let bob: TestUser; // votes
let carol: TestUser; // votes too
let outsider: TestUser;

beforeAll(async () => {
  alice = await createUser({ tag: "alice" });
  bob = await createUser({ tag: "bob" });
  carol = await createUser({ tag: "carol" });
  outsider = await createUser({ tag: "outsider" });
});

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

const post = async (user: TestUser | null, id: string | number, json: unknown) => {
  const url = `/api/questions/${id}/vote`;
  const req = user ? await signedInRequest(user, url, { method: "POST", json }) : visitorRequest(url, { method: "POST", json });
  return vote(req, routeContext({ id: String(id) }));
};

const withdraw = async (user: TestUser | null, id: string | number) => {
  const url = `/api/questions/${id}/vote`;
  const req = user ? await signedInRequest(user, url, { method: "DELETE" }) : visitorRequest(url, { method: "DELETE" });
  return unvote(req, routeContext({ id: String(id) }));
};

const detail = async (user: TestUser | null, id: number) => {
  const url = `/api/questions/${id}`;
  return (await detailRoute(user ? await signedInRequest(user, url) : visitorRequest(url), routeContext({ id: String(id) }))).json();
};

async function expectConsistent(questionId: number) {
  const { stored, recounted } = await countersOf(questionId);
  expect(stored).toEqual(recounted);
}

describe("POST /api/questions/:id/vote", () => {
  it("answers 401 to visitors", async () => {
    const q = await createQuestion({ author: alice });
    expect((await post(null, q.id, { voteType: "up" })).status).toBe(401);
  });

  it("answers 403 to the question's author", async () => {
    const q = await createQuestion({ author: alice });
    const res = await post(alice, q.id, { voteType: "up" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("You can't vote on your own question");
    expect((await withdraw(alice, q.id)).status).toBe(403);
    expect(await db.questionVote.count({ where: { questionId: q.id } })).toBe(0);
  });

  it("answers 404 for missing ids and private-group questions the voter cannot see", async () => {
    const secret = await createGroup({ creator: alice, members: [carol], isPrivate: true });
    const hidden = await createQuestion({ author: alice, group: secret });
    expect((await post(bob, 2_000_000_000, { voteType: "up" })).status).toBe(404);
    expect((await post(bob, "abc", { voteType: "up" })).status).toBe(404);
    const res = await post(outsider, hidden.id, { voteType: "up" });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Question not found");
    expect((await post(carol, hidden.id, { voteType: "up" })).status).toBe(200);
  });

  it.each([[{}], [{ voteType: "sideways" }], [{ voteType: 1 }]])("answers 400 for %j", async (json) => {
    const q = await createQuestion({ author: alice });
    const res = await post(bob, q.id, json);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(VOTE_TYPE_MESSAGE);
  });

  it("votes, repeats idempotently, switches, and shows the viewer's vote and score on the question", async () => {
    const q = await createQuestion({ author: alice });
    let res = await post(bob, q.id, { voteType: "up" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["questionId", "viewerVote", "voteScore"]);
    expect(body).toEqual({ questionId: q.id, voteScore: 1, viewerVote: "up" });
    res = await post(bob, q.id, { voteType: "up" });
    expect(await res.json()).toEqual({ questionId: q.id, voteScore: 1, viewerVote: "up" });
    res = await post(carol, q.id, { voteType: "down" });
    expect(await res.json()).toEqual({ questionId: q.id, voteScore: 0, viewerVote: "down" });
    res = await post(bob, q.id, { voteType: "down" });
    expect(await res.json()).toEqual({ questionId: q.id, voteScore: -2, viewerVote: "down" });
    await expectConsistent(q.id);

    const seen = await detail(bob, q.id);
    expect(seen).toMatchObject({ voteScore: -2, viewerVote: "down" });
    expect(seen.viewerCan.vote).toBe(true);
    expect(await detail(null, q.id)).toMatchObject({ voteScore: -2, viewerVote: null });
    expect((await detail(alice, q.id)).viewerCan.vote).toBe(false);
  });

  it("counts 50 identical votes at once as one vote", async () => {
    const q = await createQuestion({ author: alice });
    const results = await Promise.all(Array.from({ length: 50 }, () => post(bob, q.id, { voteType: "up" })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await db.questionVote.count({ where: { questionId: q.id } })).toBe(1);
    expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).voteScore).toBe(1);
    await expectConsistent(q.id);
  });

  it("keeps the question's score its own: votes on its answers leave it alone", async () => {
    const q = await createQuestion({ author: alice });
    const a = await createAnswer({ question: q, author: carol });
    const req = await signedInRequest(bob, `/api/answers/${a.id}/vote`, { method: "POST", json: { voteType: "up" } });
    expect((await answerVote(req, routeContext({ id: String(a.id) }))).status).toBe(200);
    expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).voteScore).toBe(0);
  });

  it("orders Highest score by the question's own score", async () => {
    // A tag of their own: other questions of this database (other test files) may outscore both.
    const tag = await createTag();
    const [low, high] = [await createQuestion({ author: alice, tags: [tag] }), await createQuestion({ author: alice, tags: [tag] })];
    await db.question.updateMany({ where: { id: { in: [low.id, high.id] } }, data: { voteScore: 0 } });
    await post(bob, high.id, { voteType: "up" });
    await post(carol, high.id, { voteType: "up" });
    await post(bob, low.id, { voteType: "down" });
    const list = await (await listRoute(visitorRequest(`/api/questions?sort=votes&limit=100&tag=${tag.name}`), routeContext())).json();
    const ids = list.map((item: { id: number }) => item.id);
    expect(ids).toEqual([high.id, low.id]);
    expect(list.find((item: { id: number }) => item.id === high.id).voteScore).toBe(2);
  });

  it("spends the daily vote allowance shared with answer votes (429 past it)", async () => {
    const member = await createUser({ tag: "busy" });
    const { points } = rateLimits.voteDaily;
    const questions = await Promise.all(Array.from({ length: points + 1 }, () => createQuestion({ author: alice })));
    try {
      for (let i = 0; i < 3; i++) expect((await post(member, questions[0]!.id, { voteType: "up" })).status).toBe(200);
      for (let i = 1; i < points; i++) expect((await post(member, questions[i]!.id, { voteType: "up" })).status).toBe(200);
      const refused = await post(member, questions[points]!.id, { voteType: "up" });
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toBe(rateLimits.voteDaily.message);
      expect(await db.questionVote.count({ where: { questionId: questions[points]!.id } })).toBe(0);
      expect((await withdraw(member, questions[0]!.id)).status).toBe(200);
    } finally {
      await resetLimit("voteDaily", member.id);
    }
  });
});

describe("DELETE /api/questions/:id/vote", () => {
  it("answers 401 to visitors", async () => {
    const q = await createQuestion({ author: alice });
    expect((await withdraw(null, q.id)).status).toBe(401);
  });

  it("withdraws the vote once, however often it is called", async () => {
    const q = await createQuestion({ author: alice });
    await post(bob, q.id, { voteType: "up" });
    await post(carol, q.id, { voteType: "up" });
    const all = await Promise.all(Array.from({ length: 20 }, () => withdraw(bob, q.id)));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await all[0]!.json()).toEqual({ questionId: q.id, voteScore: 1, viewerVote: null });
    expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).voteScore).toBe(1);
    await expectConsistent(q.id);
  });
});
