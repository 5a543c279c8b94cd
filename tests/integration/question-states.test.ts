/** @jest-environment node */
// Closing, reopening and locking questions, and staff deleting any post (issues 13 and 14):
// POST/DELETE /api/questions/{id}/close and /lock, and what closed and locked questions refuse.
import { db } from "@/lib/server/db";
import { DELETE as reopenRoute, POST as closeRoute } from "@/app/api/questions/[id]/close/route";
import { DELETE as unlockRoute, POST as lockRoute } from "@/app/api/questions/[id]/lock/route";
import { DELETE as deleteQuestionRoute, GET as questionRoute } from "@/app/api/questions/[id]/route";
import { GET as questionsRoute } from "@/app/api/questions/route";
import { POST as answerRoute } from "@/app/api/questions/[id]/answers/route";
import { POST as previewRoute } from "@/app/api/questions/[id]/generate-preview/route";
import { DELETE as unvoteQuestionRoute, POST as voteQuestionRoute } from "@/app/api/questions/[id]/vote/route";
import { DELETE as unacceptRoute, POST as acceptRoute } from "@/app/api/questions/[id]/accept/route";
import { DELETE as deleteAnswerRoute } from "@/app/api/answers/[id]/route";
import { DELETE as unvoteAnswerRoute, POST as voteAnswerRoute } from "@/app/api/answers/[id]/vote/route";
import { POST as commentRoute } from "@/app/api/answers/[id]/comments/route";
import { POST as replyRoute } from "@/app/api/comments/[id]/replies/route";
import { DELETE as deleteCommentRoute } from "@/app/api/comments/[id]/route";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { closureOfVotes } from "@/lib/server/question-states/mutations";
import { createAnswer, createComment, createGroup, createQuestion, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";
import { DETAIL_KEYS, keys } from "@/tests/integration/shapes";

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

type User = { id: string };
type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;

async function call(route: Handler, url: string, id: number, user: User | null, method: string, json?: unknown) {
  const init = json === undefined ? { method } : { method, json };
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext({ id: String(id) }));
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

const close = (id: number, user: User | null, json: unknown) => call(closeRoute, `/api/questions/${id}/close`, id, user, "POST", json);
const reopen = (id: number, user: User | null) => call(reopenRoute, `/api/questions/${id}/close`, id, user, "DELETE");
const lock = (id: number, user: User | null, json?: unknown) => call(lockRoute, `/api/questions/${id}/lock`, id, user, "POST", json);
const unlock = (id: number, user: User | null) => call(unlockRoute, `/api/questions/${id}/lock`, id, user, "DELETE");
const detail = (id: number, user: User | null) => call(questionRoute, `/api/questions/${id}`, id, user, "GET");
const answer = (id: number, user: User, content = "An answer long enough to be posted here.") => call(answerRoute, `/api/questions/${id}/answers`, id, user, "POST", { content });

async function member(tag: string, reputation = 1) {
  const user = await createUser({ tag });
  if (reputation !== 1) await db.user.update({ where: { id: user.id }, data: { reputation } });
  return user;
}
async function staff(role: "moderator" | "admin") {
  const user = await createUser({ tag: role });
  await db.user.update({ where: { id: user.id }, data: { role } });
  return user;
}
const auditOf = (action: string, targetId: number | string) => db.moderationAudit.findMany({ where: { action, targetId: String(targetId) } });
const stateOf = (id: number) => db.question.findUniqueOrThrow({ where: { id }, select: { closedAt: true, closeReason: true, duplicateOfId: true, closedById: true, lockedAt: true } });

let asker: User;
let moderator: User;
let admin: User;
let low: User;
let voters: User[];

beforeAll(async () => {
  asker = await member("asker");
  moderator = await staff("moderator");
  admin = await staff("admin");
  low = await member("low", 249);
  voters = [];
  for (let i = 0; i < 12; i++) voters.push(await member(`voter${i}`, 250));
});

describe("POST /api/questions/:id/close", () => {
  it("answers 401 to visitors and 403, naming the privilege, to members below 250 reputation", async () => {
    const question = await createQuestion({ author: asker });
    expect((await close(question.id, null, { reason: "off_topic" })).status).toBe(401);
    const refused = await close(question.id, low, { reason: "off_topic" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Voting to close or reopen questions needs the "Vote to close and reopen" privilege (250 reputation)');
    expect((await close(question.id, asker, { reason: "off_topic" })).status).toBe(403);
    expect((await stateOf(question.id)).closedAt).toBeNull();
  });

  it("answers 404 for a missing question or one in a private group the member is outside of", async () => {
    expect((await close(2_000_000_000, moderator, { reason: "off_topic" })).body).toMatchObject({ message: "Question not found" });
    const group = await createGroup({ creator: asker, isPrivate: true });
    const secret = await createQuestion({ author: asker, group });
    expect((await close(secret.id, voters[0]!, { reason: "off_topic" })).status).toBe(404);
  });

  it("refuses bad input with clear messages", async () => {
    const question = await createQuestion({ author: asker });
    const cases: [unknown, number, string][] = [
      [{ reason: "boring" }, 400, "Reason must be duplicate, off_topic or needs_details"],
      [{}, 400, "Reason must be duplicate, off_topic or needs_details"],
      [{ reason: "duplicate" }, 400, "Please give the id of the original question"],
      [{ reason: "duplicate", duplicateOfId: "abc" }, 400, "Please give the id of the original question"],
      [{ reason: "duplicate", duplicateOfId: question.id }, 400, "A question cannot be a duplicate of itself"],
      [{ reason: "duplicate", duplicateOfId: 2_000_000_000 }, 404, "The original question was not found"],
    ];
    for (const [body, status, message] of cases) {
      const res = await close(question.id, moderator, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    // An original in a private group the voter cannot see is "not found" too.
    const group = await createGroup({ creator: asker, isPrivate: true });
    const secret = await createQuestion({ author: asker, group });
    expect((await close(question.id, voters[0]!, { reason: "duplicate", duplicateOfId: secret.id })).body.message).toBe("The original question was not found");
    expect((await stateOf(question.id)).closedAt).toBeNull();
    expect(await db.questionCloseVote.count({ where: { questionId: question.id } })).toBe(0);
  });

  it("closes at once for a moderator, as a duplicate linking the original, with an audit entry", async () => {
    const original = await createQuestion({ author: asker, title: "How do I read a file line by line?" });
    const question = await createQuestion({ author: asker });
    const res = await close(question.id, moderator, { reason: "duplicate", duplicateOfId: original.id });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(["closeVotes", "closed", "reopenVotes", "viewerVote"]);
    expect(res.body).toMatchObject({
      closed: { reason: "duplicate", duplicateOf: { id: original.id, title: "How do I read a file line by line?" }, byCommunity: false, closedBy: { id: moderator.id } },
      closeVotes: 0,
      reopenVotes: 0,
      viewerVote: null,
    });
    expect(keys(res.body.closed)).toEqual(["byCommunity", "closedAt", "closedBy", "duplicateOf", "reason"]);
    expect(await auditOf("question.close", question.id)).toEqual([
      expect.objectContaining({ actorId: moderator.id, targetType: "question", reason: "duplicate", details: { by: "staff", duplicateOfId: original.id } }),
    ]);

    // Closing it again changes nothing.
    const again = await close(question.id, admin, { reason: "off_topic" });
    expect(again.body.closed).toMatchObject({ reason: "duplicate", closedAt: res.body.closed.closedAt, closedBy: { id: moderator.id } });
    expect(await auditOf("question.close", question.id)).toHaveLength(1);

    // The question says so, for everyone, and lists mark it.
    const page = await detail(question.id, null);
    expect(keys(page.body)).toEqual(DETAIL_KEYS);
    expect(page.body).toMatchObject({ isClosed: true, closed: { reason: "duplicate", duplicateOf: { id: original.id } }, locked: null });
    const list = await call(questionsRoute as Handler, "/api/questions?limit=50", 0, null, "GET");
    expect(list.body.find((q: { id: number }) => q.id === question.id)).toMatchObject({ isClosed: true });
    expect(list.body.find((q: { id: number }) => q.id === original.id)).toMatchObject({ isClosed: false });
  });

  it("names the original only to those who may see it (a private group's question stays unnamed to others)", async () => {
    const insider = await staff("moderator");
    const group = await createGroup({ creator: asker, members: [insider], isPrivate: true });
    const original = await createQuestion({ author: asker, group, title: "A private group's own question" });
    const question = await createQuestion({ author: asker });
    expect((await close(question.id, insider, { reason: "duplicate", duplicateOfId: original.id })).body.closed.duplicateOf).toEqual({ id: original.id, title: "A private group's own question" });
    for (const viewer of [null, voters[0]!]) {
      const page = await detail(question.id, viewer);
      expect(page.body.closed).toMatchObject({ reason: "duplicate", duplicateOf: null });
      expect(JSON.stringify(page.body)).not.toContain("A private group's own question");
    }
    expect((await detail(question.id, asker)).body.closed.duplicateOf).toEqual({ id: original.id, title: "A private group's own question" });
  });

  it("counts a 250-reputation member's vote, once per round, and closes at the third with the most voted reason and original", async () => {
    const [a, b, c] = voters as [User, User, User];
    const original = await createQuestion({ author: asker });
    const question = await createQuestion({ author: asker });

    const first = await close(question.id, a, { reason: "duplicate", duplicateOfId: original.id });
    expect(first.body).toEqual({ closed: null, closeVotes: 1, reopenVotes: 0, viewerVote: "close" });
    const repeat = await close(question.id, a, { reason: "off_topic" }); // changes nothing
    expect(repeat.body).toEqual({ closed: null, closeVotes: 1, reopenVotes: 0, viewerVote: "close" });
    expect((await detail(question.id, b)).body).toMatchObject({ closeVotes: 1, viewerCloseVote: null, viewerCan: { close: true, lock: false } });
    expect((await close(question.id, b, { reason: "off_topic" })).body).toMatchObject({ closed: null, closeVotes: 2 });
    expect((await stateOf(question.id)).closedAt).toBeNull();

    const third = await close(question.id, c, { reason: "duplicate", duplicateOfId: original.id });
    expect(third.body).toMatchObject({
      closed: { reason: "duplicate", duplicateOf: { id: original.id }, byCommunity: true, closedBy: null },
      closeVotes: 0,
      reopenVotes: 0,
      viewerVote: null,
    });
    expect(await db.questionCloseVote.count({ where: { questionId: question.id } })).toBe(0); // the round is cleared
    const [entry] = await auditOf("question.close", question.id);
    expect(entry).toMatchObject({ actorId: c.id, reason: "duplicate", details: { by: "community", duplicateOfId: original.id, voters: [a.id, b.id, c.id] } });
  });

  it("picks the reason and original most voted, ties going to the earliest vote", () => {
    expect(closureOfVotes([{ reason: "off_topic", duplicateOfId: null }, { reason: "needs_details", duplicateOfId: null }, { reason: "needs_details", duplicateOfId: null }])).toEqual({ reason: "needs_details", duplicateOfId: null });
    expect(closureOfVotes([{ reason: "needs_details", duplicateOfId: null }, { reason: "off_topic", duplicateOfId: null }, { reason: "duplicate", duplicateOfId: 5 }])).toEqual({ reason: "needs_details", duplicateOfId: null });
    expect(closureOfVotes([{ reason: "duplicate", duplicateOfId: 7 }, { reason: "duplicate", duplicateOfId: 9 }, { reason: "duplicate", duplicateOfId: 9 }])).toEqual({ reason: "duplicate", duplicateOfId: 9 });
  });

  it.each([3, 10])("closes exactly once when %i votes arrive at the same moment", async (n) => {
    const question = await createQuestion({ author: asker });
    const results = await Promise.all(voters.slice(0, n).map((v) => close(question.id, v, { reason: "off_topic" })));
    expect(results.map((r) => r.status)).toEqual(Array(n).fill(200));
    expect((await stateOf(question.id)).closeReason).toBe("off_topic");
    expect(await auditOf("question.close", question.id)).toHaveLength(1);
    expect(await db.questionCloseVote.count({ where: { questionId: question.id } })).toBe(0);
  });
});

describe("DELETE /api/questions/:id/close (reopen)", () => {
  it("reopens at once for an admin, and three members' votes reopen, each once", async () => {
    const question = await createQuestion({ author: asker });
    await close(question.id, moderator, { reason: "needs_details" });
    expect((await reopen(question.id, null)).status).toBe(401);
    expect((await reopen(question.id, low)).status).toBe(403);

    const [a, b, c] = voters as [User, User, User];
    expect((await reopen(question.id, a)).body).toMatchObject({ closed: { reason: "needs_details" }, reopenVotes: 1, viewerVote: "reopen" });
    expect((await reopen(question.id, a)).body).toMatchObject({ reopenVotes: 1 });
    expect((await reopen(question.id, b)).body).toMatchObject({ reopenVotes: 2 });
    expect((await reopen(question.id, c)).body).toEqual({ closed: null, closeVotes: 0, reopenVotes: 0, viewerVote: null });
    expect(await stateOf(question.id)).toMatchObject({ closedAt: null, closeReason: null, duplicateOfId: null, closedById: null });
    expect(await auditOf("question.reopen", question.id)).toEqual([expect.objectContaining({ actorId: c.id, details: { by: "community", voters: [a.id, b.id, c.id] } })]);

    // An open question stays open; an admin's call reopens at once.
    expect((await reopen(question.id, admin)).body.closed).toBeNull();
    await close(question.id, moderator, { reason: "off_topic" });
    expect((await reopen(question.id, admin)).body.closed).toBeNull();
    expect(await auditOf("question.reopen", question.id)).toHaveLength(2);
  });

  it("reopens exactly once when 10 votes arrive together", async () => {
    const question = await createQuestion({ author: asker });
    await close(question.id, moderator, { reason: "off_topic" });
    await Promise.all(voters.slice(0, 10).map((v) => reopen(question.id, v)));
    expect((await stateOf(question.id)).closedAt).toBeNull();
    expect(await auditOf("question.reopen", question.id)).toHaveLength(1);
  });
});

describe("a closed question", () => {
  it("takes no new answers, nor custom-prompt AI answers, and says so (403)", async () => {
    const question = await createQuestion({ author: asker });
    const first = await createAnswer({ question, author: voters[0]! });
    await close(question.id, moderator, { reason: "off_topic" });
    expect(await answer(question.id, voters[1]!)).toEqual({ status: 403, body: expect.objectContaining({ message: "This question is closed" }) });
    const preview = await call(previewRoute, `/api/questions/${question.id}/generate-preview`, question.id, voters[1]!, "POST", { customPrompt: "Explain it simply" });
    expect(preview).toEqual({ status: 403, body: expect.objectContaining({ message: "This question is closed" }) });
    // Votes and comments still work: closing is not locking.
    expect((await call(voteAnswerRoute, `/api/answers/${first.id}/vote`, first.id, voters[1]!, "POST", { voteType: "up" })).status).toBe(200);
    expect((await call(commentRoute, `/api/answers/${first.id}/comments`, first.id, voters[1]!, "POST", { content: "Still a fine answer" })).status).toBe(201);
    await reopen(question.id, moderator);
    expect((await answer(question.id, voters[1]!)).status).toBe(201);
  });
});

describe("POST and DELETE /api/questions/:id/lock", () => {
  it("answers 401, 403 to members (even with reputation), 404 for a missing question", async () => {
    const question = await createQuestion({ author: asker });
    expect((await lock(question.id, null)).status).toBe(401);
    expect(await lock(question.id, voters[0]!)).toEqual({ status: 403, body: expect.objectContaining({ message: "Only moderators and admins can lock or unlock a question" }) });
    expect((await unlock(question.id, asker)).status).toBe(403);
    expect((await lock(2_000_000_000, moderator)).status).toBe(404);
    expect((await lock(question.id, moderator, { reason: "x".repeat(501) })).body.message).toBe("Reason must be at most 500 characters");
  });

  it("locks: no answers, comments, replies, votes or accepts, each 403 'This question is locked'; unlocking restores them", async () => {
    const question = await createQuestion({ author: asker });
    const theirs = await createAnswer({ question, author: voters[0]! });
    const comment = await createComment({ answer: { id: theirs.id, questionId: question.id }, author: voters[0]! });
    const res = await lock(question.id, moderator, { reason: "Heated" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ locked: { lockedAt: expect.any(String) } });
    expect(await auditOf("question.lock", question.id)).toEqual([expect.objectContaining({ actorId: moderator.id, reason: "Heated" })]);

    const other = voters[1]!;
    const refusals = [
      await answer(question.id, other),
      await call(previewRoute, `/api/questions/${question.id}/generate-preview`, question.id, other, "POST", { customPrompt: "Explain it simply" }),
      await call(commentRoute, `/api/answers/${theirs.id}/comments`, theirs.id, other, "POST", { content: "A comment" }),
      await call(replyRoute, `/api/comments/${comment.id}/replies`, comment.id, other, "POST", { content: "A reply" }),
      await call(voteQuestionRoute, `/api/questions/${question.id}/vote`, question.id, other, "POST", { voteType: "up" }),
      await call(unvoteQuestionRoute, `/api/questions/${question.id}/vote`, question.id, other, "DELETE"),
      await call(voteAnswerRoute, `/api/answers/${theirs.id}/vote`, theirs.id, other, "POST", { voteType: "up" }),
      await call(unvoteAnswerRoute, `/api/answers/${theirs.id}/vote`, theirs.id, other, "DELETE"),
      await call(acceptRoute, `/api/questions/${question.id}/accept`, question.id, asker, "POST", { answerId: theirs.id }),
      await call(unacceptRoute, `/api/questions/${question.id}/accept`, question.id, asker, "DELETE"),
    ];
    for (const refusal of refusals) expect(refusal).toEqual({ status: 403, body: expect.objectContaining({ message: "This question is locked" }) });

    // The page shows the lock, and nobody's viewerCan offers what it refuses.
    const page = await detail(question.id, other);
    expect(page.body).toMatchObject({ locked: { lockedAt: expect.any(String) }, viewerCan: { vote: false } });
    expect(page.body.answers[0].viewerCan).toMatchObject({ vote: false, comment: false });
    expect(page.body.answers[0].comments[0].viewerCan).toMatchObject({ reply: false });
    expect((await detail(question.id, asker)).body.viewerCan).toMatchObject({ accept: false });

    // Locking again changes nothing; unlocking restores every write.
    expect((await lock(question.id, admin)).status).toBe(200);
    expect(await auditOf("question.lock", question.id)).toHaveLength(1);
    expect((await unlock(question.id, admin)).body).toEqual({ locked: null });
    expect(await auditOf("question.unlock", question.id)).toHaveLength(1);
    expect((await call(voteQuestionRoute, `/api/questions/${question.id}/vote`, question.id, other, "POST", { voteType: "up" })).status).toBe(200);
    expect((await call(acceptRoute, `/api/questions/${question.id}/accept`, question.id, asker, "POST", { answerId: theirs.id })).status).toBe(200);
  });
});

describe("staff delete any post (issue 14)", () => {
  it("lets a moderator delete a member's question, with an audit entry; members still may not", async () => {
    const question = await createQuestion({ author: asker });
    expect((await detail(question.id, moderator)).body.viewerCan).toMatchObject({ delete: true, close: true, lock: true });
    expect((await call(deleteQuestionRoute, `/api/questions/${question.id}`, question.id, voters[0]!, "DELETE")).status).toBe(403);
    expect((await call(deleteQuestionRoute, `/api/questions/${question.id}`, question.id, moderator, "DELETE")).status).toBe(204);
    expect(await db.question.count({ where: { id: question.id } })).toBe(0);
    expect(await auditOf("question.delete", question.id)).toEqual([expect.objectContaining({ actorId: moderator.id, details: { authorId: asker.id } })]);
  });

  it("lets an admin delete any answer, the automatic AI answer included, and a moderator any comment", async () => {
    const assistant = await createUser({ tag: "assistant", isAssistant: true });
    const question = await createQuestion({ author: asker });
    const ai = await createAnswer({ question, author: assistant, isAutoGenerated: true });
    const human = await createAnswer({ question, author: voters[0]! });
    const comment = await createComment({ answer: { id: human.id, questionId: question.id }, author: voters[1]! });
    const own = await createComment({ answer: { id: human.id, questionId: question.id }, author: moderator });

    const page = await detail(question.id, admin);
    expect(page.body.answers.every((a: { viewerCan: { delete: boolean } }) => a.viewerCan.delete)).toBe(true);
    expect(page.body.answers.find((a: { id: number }) => a.id === human.id).comments[0].viewerCan.delete).toBe(true);
    expect((await detail(question.id, voters[2]!)).body.answers.some((a: { viewerCan: { delete: boolean } }) => a.viewerCan.delete)).toBe(false);

    expect((await call(deleteAnswerRoute, `/api/answers/${ai.id}`, ai.id, admin, "DELETE")).status).toBe(204);
    expect(await auditOf("answer.delete", ai.id)).toEqual([expect.objectContaining({ actorId: admin.id, targetType: "answer", details: { authorId: assistant.id, questionId: question.id } })]);
    expect((await call(deleteCommentRoute, `/api/comments/${comment.id}`, comment.id, moderator, "DELETE")).status).toBe(204);
    expect(await auditOf("comment.delete", comment.id)).toHaveLength(1);
    // Their own posts leave no audit entry.
    expect((await call(deleteCommentRoute, `/api/comments/${own.id}`, own.id, moderator, "DELETE")).status).toBe(204);
    expect(await auditOf("comment.delete", own.id)).toHaveLength(0);
    expect((await call(deleteAnswerRoute, `/api/answers/${human.id}`, human.id, voters[1]!, "DELETE")).status).toBe(403);
  });
});
