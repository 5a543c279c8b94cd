/** @jest-environment node */
// Suggested edits and the edit privilege (issue 13): POST /api/suggested-edits, GET (list and
// one), approve and reject; direct edits and rollbacks at 1,000 reputation; the revisions credit.
import { db } from "@/lib/server/db";
import { PUT as putAnswerRoute } from "@/app/api/answers/[id]/route";
import { GET as answerRevisionsRoute } from "@/app/api/answers/[id]/revisions/route";
import { POST as answerRollbackRoute } from "@/app/api/answers/[id]/revisions/[n]/rollback/route";
import { PUT as putQuestionRoute } from "@/app/api/questions/[id]/route";
import { GET as questionRoute } from "@/app/api/questions/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/suggested-edits/route";
import { GET as showRoute } from "@/app/api/suggested-edits/[id]/route";
import { POST as approveRoute } from "@/app/api/suggested-edits/[id]/approve/route";
import { POST as rejectRoute } from "@/app/api/suggested-edits/[id]/reject/route";
import { resetLimit } from "@/lib/server/rate-limit";
import { ALREADY_PENDING_MESSAGE, ALREADY_REVIEWED_MESSAGE, EDIT_DIRECTLY_MESSAGE, NO_CHANGE_MESSAGE } from "@/lib/server/suggested-edits/mutations";
import { ANSWER_REQUIRED_MESSAGE } from "@/lib/validation/answers";
import { TITLE_TOO_SHORT_MESSAGE } from "@/lib/validation/questions";
import {
  CONTENT_ON_QUESTION_MESSAGE,
  NOTHING_PROPOSED_MESSAGE,
  SUGGESTION_SUMMARY_REQUIRED_MESSAGE,
  SUGGESTION_SUMMARY_TOO_LONG_MESSAGE,
} from "@/lib/validation/suggested-edits";
import { createAnswer, createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, visitorRequest, type TestUser } from "@/tests/factories";

let alice: TestUser; // asks
let bob: TestUser; // answers
let carol: TestUser; // a new member: suggests
let erin: TestUser; // 500 reputation: reviews
let frank: TestUser; // 1,000 reputation: edits directly
let mod: TestUser; // a moderator
let assistant: TestUser;
let tagA: { id: number; name: string };
let tagB: { id: number; name: string };

const setReputation = (user: { id: string }, reputation: number) => db.user.update({ where: { id: user.id }, data: { reputation } });

beforeAll(async () => {
  alice = await createUser({ tag: "alice", firstName: "Alice", lastName: "Asker" });
  bob = await createUser({ tag: "bob", firstName: "Bob", lastName: "Builder" });
  carol = await createUser({ tag: "carol", firstName: "Carol", lastName: "Corrector" });
  erin = await setReputation(await createUser({ tag: "erin" }), 500);
  frank = await setReputation(await createUser({ tag: "frank" }), 1000);
  mod = await db.user.update({ where: { id: (await createUser({ tag: "mod" })).id }, data: { role: "moderator" } });
  assistant = await createUser({ tag: "agora-ai", firstName: "Agora", lastName: "AI", isAssistant: true });
  tagA = await createTag();
  tagB = await createTag();
});

beforeEach(async () => {
  for (const user of [alice, bob, carol, erin, frank, mod]) {
    await resetLimit("suggestedEditDaily", user.id);
    await resetLimit("suggestedEditNewMemberDaily", user.id);
  }
});

afterAll(async () => {
  await db.$disconnect();
});

type Who = TestUser | null;
type Route = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
const call = async (route: Route, who: Who, url: string, params: Record<string, string>, init: { method: string; json?: unknown }) => {
  const req = who ? await signedInRequest(who, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext(params));
  return { res, body: await res.json() };
};
const suggest = (who: Who, json: unknown) => call(createRoute, who, "/api/suggested-edits", {}, { method: "POST", json });
const list = (who: Who, query = "") => call(listRoute, who, `/api/suggested-edits${query}`, {}, { method: "GET" });
const show = (who: Who, id: number | string) => call(showRoute, who, `/api/suggested-edits/${id}`, { id: String(id) }, { method: "GET" });
const approve = (who: Who, id: number | string) => call(approveRoute, who, `/api/suggested-edits/${id}/approve`, { id: String(id) }, { method: "POST" });
const reject = (who: Who, id: number | string, json: unknown = {}) => call(rejectRoute, who, `/api/suggested-edits/${id}/reject`, { id: String(id) }, { method: "POST", json });

async function post() {
  const question = await createQuestion({ author: alice, tags: [tagA], title: "How do I parse JSON in Rust?", description: "I tried serde." });
  const answer = await createAnswer({ question, author: bob, content: "Use serde_json::from_str with a struct that derives Deserialize." });
  return { question, answer };
}
const answerSuggestion = (answerId: number, content = "Use serde_json::from_str with a struct that derives Deserialize (see the serde docs).") => ({
  targetType: "answer",
  targetId: answerId,
  content,
  summary: "Linked the docs",
});

describe("POST /api/suggested-edits", () => {
  it("records a pending suggestion on someone else's answer: 201 with both sides of the diff", async () => {
    const { question, answer } = await post();
    const { res, body } = await suggest(carol, answerSuggestion(answer.id));
    expect(res.status).toBe(201);
    expect(body).toMatchObject({
      status: "pending",
      targetType: "answer",
      targetId: answer.id,
      questionId: question.id,
      answerId: answer.id,
      summary: "Linked the docs",
      current: { content: "Use serde_json::from_str with a struct that derives Deserialize." },
      proposed: { content: "Use serde_json::from_str with a struct that derives Deserialize (see the serde docs)." },
      reviewer: null,
      revisionNumber: null,
      viewerCan: { review: false },
    });
    expect(body.suggester.id).toBe(carol.id);
    expect(body.suggester.email).toBe(carol.email); // the suggester's own address, to themself only
    // The answer is unchanged until someone approves.
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).content).toBe("Use serde_json::from_str with a struct that derives Deserialize.");
  });

  it("takes a partial proposal for a question, keeping the fields not given", async () => {
    const { question } = await post();
    const { res, body } = await suggest(carol, { targetType: "question", targetId: question.id, tagIds: [tagA.id, tagB.id], summary: "Added a tag" });
    expect(res.status).toBe(201);
    expect(body.current).toEqual({ title: "How do I parse JSON in Rust?", description: "I tried serde.", tags: [tagA.name] });
    expect(body.proposed).toEqual({ title: "How do I parse JSON in Rust?", description: "I tried serde.", tags: [tagA.name, tagB.name] });
  });

  it("answers 401 to visitors and 404 for missing posts and posts the member may not see", async () => {
    const { answer } = await post();
    expect((await suggest(null, answerSuggestion(answer.id))).res.status).toBe(401);
    expect((await suggest(carol, answerSuggestion(2_000_000_000))).res.status).toBe(404);
    const group = await createGroup({ creator: alice, isPrivate: true });
    const secret = await createQuestion({ author: alice, group, tags: [tagA] });
    const secretAnswer = await createAnswer({ question: secret, author: alice });
    expect((await suggest(carol, { targetType: "question", targetId: secret.id, title: "A better title for this", summary: "x" })).res.status).toBe(404);
    expect((await suggest(carol, answerSuggestion(secretAnswer.id))).res.status).toBe(404);
    const hidden = await createAnswer({ question: (await post()).question, author: bob });
    await db.answer.update({ where: { id: hidden.id }, data: { hiddenAt: new Date() } });
    expect((await suggest(carol, answerSuggestion(hidden.id))).res.status).toBe(404);
  });

  it("sends the author, members with the edit privilege and moderators to the direct edit (400), and refuses the automatic AI answer (403)", async () => {
    const { question, answer } = await post();
    for (const who of [bob, frank, mod]) {
      const { res, body } = await suggest(who, answerSuggestion(answer.id));
      expect(res.status).toBe(400);
      expect(body.message).toBe(EDIT_DIRECTLY_MESSAGE);
    }
    expect((await suggest(alice, { targetType: "question", targetId: question.id, title: "A new title for this one", summary: "x" })).body.message).toBe(EDIT_DIRECTLY_MESSAGE);
    const auto = await createAnswer({ question, author: assistant, isAutoGenerated: true });
    expect((await suggest(carol, answerSuggestion(auto.id))).res.status).toBe(403);
  });

  it.each([
    ["no summary", { summary: undefined }, SUGGESTION_SUMMARY_REQUIRED_MESSAGE],
    ["a blank summary", { summary: "   " }, SUGGESTION_SUMMARY_REQUIRED_MESSAGE],
    ["a summary over 300 characters", { summary: "x".repeat(301) }, SUGGESTION_SUMMARY_TOO_LONG_MESSAGE],
    ["empty content", { content: "" }, ANSWER_REQUIRED_MESSAGE],
    ["content on a question", { targetType: "question", content: "Some content that is long enough" }, CONTENT_ON_QUESTION_MESSAGE],
    ["a question proposal with nothing in it", { targetType: "question", content: undefined }, NOTHING_PROPOSED_MESSAGE],
    ["a title too short", { targetType: "question", content: undefined, title: "Short" }, TITLE_TOO_SHORT_MESSAGE],
  ])("answers 400 for %s", async (_name, change, message) => {
    const { question, answer } = await post();
    const body: Record<string, unknown> = { ...answerSuggestion(answer.id), ...change };
    if (body.targetType === "question") body.targetId = question.id;
    const result = await suggest(carol, body);
    expect(result.res.status).toBe(400);
    expect(result.body.message).toBe(message);
  });

  it("answers 400 when the proposal changes nothing", async () => {
    const { question, answer } = await post();
    expect((await suggest(carol, answerSuggestion(answer.id, answer.content))).body).toMatchObject({ message: NO_CHANGE_MESSAGE });
    const same = await suggest(carol, { targetType: "question", targetId: question.id, title: "How do I parse JSON in Rust?", tagIds: [tagA.id], summary: "x" });
    expect(same.res.status).toBe(400);
    expect(same.body.message).toBe(NO_CHANGE_MESSAGE);
  });

  it("keeps one pending suggestion per post, also when two arrive at once (409)", async () => {
    const { answer } = await post();
    const results = await Promise.all([suggest(carol, answerSuggestion(answer.id)), suggest(erin, answerSuggestion(answer.id, "Another proposal for the answer with enough words."))]);
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.res.status === 409)!.body.message).toBe(ALREADY_PENDING_MESSAGE);
    expect(await db.suggestedEdit.count({ where: { answerId: answer.id, status: "pending" } })).toBe(1);
    // Once reviewed, the post takes a new suggestion.
    const pending = results.find((r) => r.res.status === 201)!.body;
    await reject(alice.id === pending.suggester.id ? erin : bob, pending.id);
    expect((await suggest(carol, answerSuggestion(answer.id, "A third proposal for the answer with enough words."))).res.status).toBe(201);
  });
});

describe("approving and rejecting", () => {
  it("lets the post's author approve: a new revision crediting the suggester, +2 reputation exactly once, the approver on the revisions page, a notification", async () => {
    const { question, answer } = await post();
    const before = (await db.user.findUniqueOrThrow({ where: { id: carol.id } })).reputation;
    const created = (await suggest(carol, answerSuggestion(answer.id))).body;
    const results = await Promise.all([approve(bob, created.id), approve(erin, created.id), approve(mod, created.id)]);
    expect(results.map((r) => r.res.status).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.res.status === 409).map((r) => r.body.message)).toEqual([ALREADY_REVIEWED_MESSAGE, ALREADY_REVIEWED_MESSAGE]);
    const winner = results.find((r) => r.res.status === 200)!.body;
    expect(winner.status).toBe("approved");
    expect(winner.revisionNumber).toBe(2);
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).content).toBe(created.proposed.content);
    expect((await db.user.findUniqueOrThrow({ where: { id: carol.id } })).reputation).toBe(before + 2);
    expect(await db.reputationEvent.count({ where: { userId: carol.id, reason: "suggested_edit_approved", sourceKey: `suggested-edit:${created.id}` } })).toBe(1);
    // Approving again changes nothing.
    expect((await approve(bob, created.id)).res.status).toBe(409);
    expect((await db.user.findUniqueOrThrow({ where: { id: carol.id } })).reputation).toBe(before + 2);

    const revisions = await call(answerRevisionsRoute, null, `/api/answers/${answer.id}/revisions`, { id: String(answer.id) }, { method: "GET" });
    const [latest, original] = revisions.body.revisions;
    expect(latest).toMatchObject({ number: 2, summary: "Linked the docs", editor: { id: carol.id } });
    expect(latest.approvedBy?.id).toBe(winner.reviewer.id);
    expect(original).toMatchObject({ number: 1, editor: { id: bob.id }, approvedBy: null });

    const notification = await db.notification.findFirst({ where: { userId: carol.id, title: "Your suggested edit was approved" } });
    expect(notification?.link).toBe(`/questions/${question.id}#answer-${answer.id}`);
  });

  it("applies a question suggestion (title, description, tags) as the question's next revision", async () => {
    const { question } = await post();
    const created = (await suggest(carol, { targetType: "question", targetId: question.id, title: "How do I parse JSON into a struct in Rust?", description: "I tried serde and got lost.", tagIds: [tagB.id], summary: "Clearer title" })).body;
    expect((await approve(erin, created.id)).res.status).toBe(200);
    const stored = await db.question.findUniqueOrThrow({ where: { id: question.id }, select: { title: true, description: true, tags: { select: { tagId: true } }, revisions: { orderBy: { number: "desc" }, take: 1, select: { editorId: true, number: true } } } });
    expect(stored).toMatchObject({ title: "How do I parse JSON into a struct in Rust?", description: "I tried serde and got lost.", tags: [{ tagId: tagB.id }] });
    expect(stored.revisions[0]).toEqual({ editorId: carol.id, number: 2 });
  });

  it("refuses the suggester (even a moderator's own suggestion is theirs to wait on), members below 500, and visitors", async () => {
    const { answer } = await post();
    const created = (await suggest(carol, answerSuggestion(answer.id))).body;
    const lowly = await setReputation(await createUser({ tag: "lowly" }), 499);
    expect((await approve(carol, created.id)).res.status).toBe(403);
    expect((await reject(carol, created.id)).res.status).toBe(403);
    expect((await approve(lowly, created.id)).res.status).toBe(403);
    expect((await reject(lowly, created.id)).res.status).toBe(403);
    expect((await approve(null, created.id)).res.status).toBe(401);
    expect((await approve(bob, 2_000_000_000)).res.status).toBe(404);
    expect((await db.suggestedEdit.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("pending");
  });

  it("rejects with a reason: the post stays, no reputation, the suggester is told why", async () => {
    const { answer } = await post();
    const created = (await suggest(carol, answerSuggestion(answer.id))).body;
    const before = (await db.user.findUniqueOrThrow({ where: { id: carol.id } })).reputation;
    const { res, body } = await reject(mod, created.id, { reason: "The docs link is already in the question" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "rejected", rejectReason: "The docs link is already in the question", reviewer: { id: mod.id } });
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).content).toBe(answer.content);
    expect((await db.user.findUniqueOrThrow({ where: { id: carol.id } })).reputation).toBe(before);
    const notification = await db.notification.findFirst({ where: { userId: carol.id, title: "Your suggested edit was rejected" }, orderBy: { id: "desc" } });
    expect(notification?.message).toContain("The docs link is already in the question");
    expect((await reject(mod, created.id, { reason: "x".repeat(501) })).res.status).toBe(400);
  });
});

describe("reading suggested edits", () => {
  it("shows one to the suggester, the post's author and reviewers; 403 to others; 404 when the post is out of sight", async () => {
    const { answer } = await post();
    const created = (await suggest(carol, answerSuggestion(answer.id))).body;
    expect((await show(carol, created.id)).body.viewerCan).toEqual({ review: false });
    expect((await show(bob, created.id)).body.viewerCan).toEqual({ review: true });
    expect((await show(erin, created.id)).res.status).toBe(200);
    expect((await show(alice, created.id)).res.status).toBe(403); // the asker is not the answer's author
    expect((await show(null, created.id)).res.status).toBe(401);
    await db.answer.update({ where: { id: answer.id }, data: { hiddenAt: new Date() } });
    expect((await show(erin, created.id)).res.status).toBe(404);
    expect((await show(mod, created.id)).res.status).toBe(200);
  });

  it("lists pending suggestions for reviewers only, newest first, paged, leaving out posts they may not see", async () => {
    const a = await post();
    const b = await post();
    const first = (await suggest(carol, answerSuggestion(a.answer.id))).body;
    const second = (await suggest(carol, answerSuggestion(b.answer.id))).body;
    const group = await createGroup({ creator: alice, members: [carol], isPrivate: true });
    const secret = await createQuestion({ author: alice, group, tags: [tagA] });
    const secretSuggestion = (await suggest(carol, { targetType: "question", targetId: secret.id, title: "A private question, clearer", summary: "x" })).body;
    expect((await list(null)).res.status).toBe(401);
    expect((await list(carol)).res.status).toBe(403);
    const page = await list(erin, "?status=pending&limit=1");
    expect(page.res.status).toBe(200);
    expect(page.body).toHaveLength(1);
    expect(page.body[0].id).toBe(second.id); // the newest erin may see
    const all = (await list(erin, "?limit=100")).body.map((e: { id: number }) => e.id);
    expect(all).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(all).not.toContain(secretSuggestion.id);
    const insider = await setReputation(await createUser({ tag: "insider" }), 600);
    await db.groupMember.create({ data: { groupId: group.id, userId: insider.id } });
    expect((await list(insider, "?limit=100")).body.map((e: { id: number }) => e.id)).toContain(secretSuggestion.id);
    const cursor = page.res.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    expect((await list(erin, `?limit=1&cursor=${cursor}`)).body[0].id).not.toBe(page.body[0].id);
    expect((await list(erin, "?status=bogus")).res.status).toBe(400);
  });

  it("shows the pending suggestion on the question page, with Review for those who may", async () => {
    const { question, answer } = await post();
    const created = (await suggest(carol, answerSuggestion(answer.id))).body;
    const page = async (who: Who) => (await call(questionRoute, who, `/api/questions/${question.id}`, { id: String(question.id) }, { method: "GET" })).body;
    expect((await page(bob)).answers[0].pendingEdit).toEqual({ id: created.id, mine: false, viewerCan: { review: true } });
    expect((await page(carol)).answers[0].pendingEdit).toEqual({ id: created.id, mine: true, viewerCan: { review: false } });
    expect((await page(alice)).answers[0].pendingEdit).toEqual({ id: created.id, mine: false, viewerCan: { review: false } });
    expect((await page(null)).answers[0].pendingEdit).toBeNull();
    expect((await page(carol)).answers[0].viewerCan).toMatchObject({ edit: false, suggestEdit: true });
    expect((await page(frank)).answers[0].viewerCan).toMatchObject({ edit: true, suggestEdit: false });
  });
});

describe("the edit privilege", () => {
  it("lets a member with 1,000 reputation and a moderator edit anyone's question and answer and roll back; revisions name them", async () => {
    const { question, answer } = await post();
    const put = await call(putAnswerRoute, frank, `/api/answers/${answer.id}`, { id: String(answer.id) }, { method: "PUT", json: { content: "Edited by a trusted member with enough words.", summary: "Tidied" } });
    expect(put.res.status).toBe(200);
    const putQ = await call(putQuestionRoute, mod, `/api/questions/${question.id}`, { id: String(question.id) }, { method: "PUT", json: { title: "How do I parse JSON in Rust (serde)?", description: "I tried serde.", tagIds: [tagA.id] } });
    expect(putQ.res.status).toBe(200);
    const rollback = await call(answerRollbackRoute, mod, `/api/answers/${answer.id}/revisions/1/rollback`, { id: String(answer.id), n: "1" }, { method: "POST" });
    expect(rollback.res.status).toBe(200);
    const revisions = (await call(answerRevisionsRoute, frank, `/api/answers/${answer.id}/revisions`, { id: String(answer.id) }, { method: "GET" })).body;
    expect(revisions.revisions.map((r: { editor: { id: string } }) => r.editor.id)).toEqual([mod.id, frank.id, bob.id]);
    expect(revisions.viewerCan).toEqual({ rollback: true });
    // 999 is not enough, and nobody edits the automatic AI answer.
    const almost = await setReputation(await createUser({ tag: "almost" }), 999);
    expect((await call(putAnswerRoute, almost, `/api/answers/${answer.id}`, { id: String(answer.id) }, { method: "PUT", json: { content: "Edited by almost trusted member here." } })).res.status).toBe(403);
    const auto = await createAnswer({ question, author: assistant, isAutoGenerated: true });
    expect((await call(putAnswerRoute, mod, `/api/answers/${auto.id}`, { id: String(auto.id) }, { method: "PUT", json: { content: "Edited by a moderator, long enough." } })).res.status).toBe(403);
  });
});
