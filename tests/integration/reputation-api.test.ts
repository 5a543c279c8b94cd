/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as reputationRoute } from "@/app/api/users/[id]/reputation/route";
import { GET as membersRoute } from "@/app/api/users/route";
import { GET as detailRoute } from "@/app/api/questions/[id]/route";
import { POST as answerVoteRoute } from "@/app/api/answers/[id]/vote/route";
import { POST as questionVoteRoute } from "@/app/api/questions/[id]/vote/route";
import { POST as acceptRoute } from "@/app/api/questions/[id]/accept/route";
import { recordReputation } from "@/lib/server/reputation/ledger";
import { createAnswer, createComment, createGroup, createQuestion, createUser, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;

async function get(route: Handler, url: string, params: Record<string, string>, user: { id: string } | null) {
  const res = await route(user ? await signedInRequest(user, url) : visitorRequest(url), routeContext(params));
  return { res, body: await res.json() };
}

async function post(route: Handler, url: string, id: number, user: { id: string }, json: unknown) {
  const res = await route(await signedInRequest(user, url, { method: "POST", json }), routeContext({ id: String(id) }));
  expect(res.status).toBeLessThan(300);
}

const reputationOf = (userId: string, viewer: { id: string } | null, query = "") =>
  get(reputationRoute, `/api/users/${userId}/reputation${query}`, { id: userId }, viewer);

const EVENT_KEYS = ["answerId", "createdAt", "id", "points", "question", "reason"];

let asker: { id: string };
let author: { id: string };
let voter: { id: string };
let outsider: { id: string };
let question: { id: number; title: string };
let answer: { id: number };
let secretQuestion: { id: number; title: string };

beforeAll(async () => {
  asker = await createUser({ tag: "rep-asker" });
  author = await createUser({ tag: "rep-author" });
  voter = await createUser({ tag: "rep-voter" });
  outsider = await createUser({ tag: "rep-outsider" });
  question = await createQuestion({ author: asker, title: `How do ledgers work ${unique()}?` });
  answer = await createAnswer({ question, author });
  const secret = await createGroup({ creator: asker, members: [author], isPrivate: true });
  secretQuestion = await createQuestion({ author: asker, group: secret, title: `A secret question ${unique()}` });
  const secretAnswer = await createAnswer({ question: secretQuestion, author });

  await post(answerVoteRoute, `/api/answers/${answer.id}/vote`, answer.id, voter, { voteType: "up" });
  await post(questionVoteRoute, `/api/questions/${question.id}/vote`, question.id, voter, { voteType: "down" });
  await post(acceptRoute, `/api/questions/${question.id}/accept`, question.id, asker, { answerId: answer.id });
  await post(answerVoteRoute, `/api/answers/${secretAnswer.id}/vote`, secretAnswer.id, asker, { voteType: "up" });
});

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/users/:id/reputation", () => {
  it("lists the member's events newest first with points, reason, the post and the time", async () => {
    const { res, body } = await reputationOf(author.id, author);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(body.map((e: { reason: string; points: number }) => [e.reason, e.points])).toEqual([
      ["answer_upvoted", 10],
      ["answer_accepted", 15],
      ["answer_upvoted", 10],
    ]);
    expect(Object.keys(body[0]).sort()).toEqual(EVENT_KEYS);
    expect(body[1]).toMatchObject({ question: { id: question.id, title: question.title }, answerId: answer.id });
    expect(body[2]).toMatchObject({ question: { id: question.id, title: question.title }, answerId: answer.id });
    expect(new Date(body[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(body[2].createdAt).getTime());
    // The answer of the private group's question: shown to a group member.
    expect(body[0]).toMatchObject({ question: { id: secretQuestion.id }, answerId: expect.any(Number) });
  });

  it("counts an event on a question the viewer may not see without naming the question", async () => {
    const { body } = await reputationOf(author.id, outsider);
    expect(body).toHaveLength(3);
    expect(body[0]).toMatchObject({ reason: "answer_upvoted", points: 10, question: null, answerId: null });
    expect((await reputationOf(author.id, null)).body[0]).toMatchObject({ question: null });
  });

  it("shows the asker's side: the question's down-vote and the accept's +2", async () => {
    const { body } = await reputationOf(asker.id, null);
    expect(body.map((e: { reason: string; points: number }) => [e.reason, e.points])).toEqual([
      ["accepted_answer", 2],
      ["question_downvoted", -2],
    ]);
    expect(body[1]).toMatchObject({ question: { id: question.id, title: question.title }, answerId: null });
  });

  it("pages with limit and the X-Next-Cursor header, visiting every event once", async () => {
    const member = await createUser({ tag: "rep-pages" });
    for (let i = 0; i < 5; i += 1) {
      await recordReputation(db, { userId: member.id, points: 2, reason: "suggested_edit_approved", sourceKey: `test-page:${member.id}:${i}` });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { res, body } = await reputationOf(member.id, null, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(body.length).toBeLessThanOrEqual(2);
      seen.push(...body.map((e: { id: number }) => e.id));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it("answers 400 for a bad cursor or limit, 404 for an unknown member", async () => {
    expect((await reputationOf(author.id, null, "?cursor=nonsense")).res.status).toBe(400);
    expect((await reputationOf(author.id, null, "?limit=0")).res.status).toBe(400);
    expect((await reputationOf("nobody-here", null)).res.status).toBe(404);
  });

  it("keeps the profile's privacy: 401 to visitors for a members-only profile, 403 to others for a private one", async () => {
    const shy = await createUser({ tag: "rep-shy" });
    await db.user.update({ where: { id: shy.id }, data: { privacySettings: { profileVisibility: "registered" } } });
    expect((await reputationOf(shy.id, null)).res.status).toBe(401);
    expect((await reputationOf(shy.id, outsider)).res.status).toBe(200);
    await db.user.update({ where: { id: shy.id }, data: { privacySettings: { profileVisibility: "private" } } });
    const denied = await reputationOf(shy.id, outsider);
    expect(denied.res.status).toBe(403);
    expect(denied.body.message).toBe("This profile is private");
    expect((await reputationOf(shy.id, shy)).res.status).toBe(200);
  });
});

describe("reputation in the read models", () => {
  it("comes with every author on the question page (question, answers, comments) from the same read", async () => {
    const commenter = await createUser({ tag: "rep-commenter" });
    await createComment({ answer: { ...answer, questionId: question.id }, author: commenter });
    const { body } = await get(detailRoute, `/api/questions/${question.id}`, { id: String(question.id) }, null);
    expect(body.author).toMatchObject({ id: asker.id, reputation: 1 + 2 - 2 });
    const shown = body.answers.find((a: { id: number }) => a.id === answer.id);
    expect(shown.author).toMatchObject({ id: author.id, reputation: 1 + 10 + 15 + 10 });
    expect(shown.comments[0].author).toMatchObject({ id: commenter.id, reputation: 1 });
  });
});

describe("GET /api/users?tab=reputation and tab=reputation-month", () => {
  const clan = `Rr${unique()}`;
  let veteran: { id: string };
  let riser: { id: string };
  let newcomer: { id: string };

  beforeAll(async () => {
    veteran = await createUser({ tag: "veteran", firstName: "Vera", lastName: clan });
    riser = await createUser({ tag: "riser", firstName: "Rio", lastName: clan });
    newcomer = await createUser({ tag: "newcomer", firstName: "Nell", lastName: clan });
    // The veteran earned 100 two months ago and 5 this month; the riser 30 this month.
    await recordReputation(db, { userId: veteran.id, points: 100, reason: "answer_accepted", sourceKey: `test-old:${veteran.id}` });
    await db.reputationEvent.updateMany({ where: { userId: veteran.id }, data: { createdAt: new Date(Date.now() - 60 * 86_400_000) } });
    await recordReputation(db, { userId: veteran.id, points: 5, reason: "answer_accepted", sourceKey: `test-new:${veteran.id}` });
    await recordReputation(db, { userId: riser.id, points: 30, reason: "answer_accepted", sourceKey: `test-new:${riser.id}` });
  });

  const directory = async (tab: string) => {
    const { res, body } = await get(membersRoute, `/api/users?tab=${tab}&search=${clan}`, {}, null);
    expect(res.status).toBe(200);
    return body as { id: string; reputation: number; reputationMonth: number }[];
  };

  it("ranks everyone by reputation over all time, the newest first among equals", async () => {
    const body = await directory("reputation");
    expect(body.map((m) => m.id)).toEqual([veteran.id, riser.id, newcomer.id]);
    expect(body.map((m) => m.reputation)).toEqual([106, 31, 1]);
  });

  it("ranks by the reputation gained in the last 30 days, leaving out members who gained none", async () => {
    const body = await directory("reputation-month");
    expect(body.map((m) => m.id)).toEqual([riser.id, veteran.id]);
    expect(body.map((m) => m.reputationMonth)).toEqual([30, 5]);
  });

  it("refuses an unknown tab with the list of tabs", async () => {
    const { res, body } = await get(membersRoute, `/api/users?tab=karma`, {}, null);
    expect(res.status).toBe(400);
    expect(body.message).toBe("tab must be new, asker, answerer, voters, reputation or reputation-month");
  });
});
