/** @jest-environment node */
import { db } from "@/lib/server/db";
import { POST as postComment } from "@/app/api/answers/[id]/comments/route";
import { POST as postReply } from "@/app/api/comments/[id]/replies/route";
import { PATCH as patchComment, DELETE as deleteComment } from "@/app/api/comments/[id]/route";
import { listPresentedAnswers } from "@/lib/server/answers/queries";
import { COMMENT_REQUIRED_MESSAGE, COMMENT_TOO_LONG_MESSAGE } from "@/lib/validation/comments";
import {
  countersOf,
  createAnswer,
  createComment,
  createGroup,
  createQuestion,
  createUser,
  createVote,
  routeContext,
  signedInRequest,
  visitorRequest,
  type TestUser,
} from "@/tests/factories";

const COMMENT_KEYS = [
  "answerId", "author", "content", "contentHtml", "createdAt", "depth", "edited", "id", "parentCommentId", "replies", "updatedAt", "viewerCan",
  "hidden", "canFlag",
].sort();

let alice: TestUser; // asks
let bob: TestUser; // answers
let carol: TestUser; // comments
let erin: TestUser; // another member
let dave: TestUser; // member of alice's private group
let hiddenAnswer: { id: number; questionId: number };
let hiddenComment: { id: number; depth: number };

beforeAll(async () => {
  alice = await createUser({ tag: "alice" });
  bob = await createUser({ tag: "bob" });
  carol = await createUser({ tag: "carol", firstName: "Carol", lastName: "Commenter" });
  erin = await createUser({ tag: "erin" });
  dave = await createUser({ tag: "dave" });
  const group = await createGroup({ creator: alice, members: [dave], isPrivate: true });
  const hiddenQuestion = await createQuestion({ author: alice, group });
  hiddenAnswer = await createAnswer({ question: hiddenQuestion, author: dave });
  hiddenComment = await createComment({ answer: hiddenAnswer, author: dave });
});

afterAll(async () => {
  await db.$disconnect();
});

type Method = "POST" | "PATCH" | "DELETE";
async function call(
  route: (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>,
  method: Method,
  url: string,
  id: string | number,
  user: TestUser | null,
  json?: unknown,
) {
  const init = json === undefined ? { method } : { method, json };
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  return route(req, routeContext({ id: String(id) }));
}
const comment = (user: TestUser | null, answerId: string | number, json: unknown) => call(postComment, "POST", `/api/answers/${answerId}/comments`, answerId, user, json);
const reply = (user: TestUser | null, commentId: string | number, json: unknown) => call(postReply, "POST", `/api/comments/${commentId}/replies`, commentId, user, json);
const edit = (user: TestUser | null, commentId: string | number, json: unknown) => call(patchComment, "PATCH", `/api/comments/${commentId}`, commentId, user, json);
const remove = (user: TestUser | null, commentId: string | number) => call(deleteComment, "DELETE", `/api/comments/${commentId}`, commentId, user);

async function freshAnswer() {
  const question = await createQuestion({ author: alice });
  const answer = await createAnswer({ question, author: bob });
  return { question, answer };
}

async function expectConsistent(questionId: number) {
  const { stored, recounted } = await countersOf(questionId);
  expect(stored).toEqual(recounted);
}

const badBodies: [unknown, string][] = [
  [{ content: "" }, COMMENT_REQUIRED_MESSAGE],
  [{ content: "  \n\t " }, COMMENT_REQUIRED_MESSAGE],
  [{}, COMMENT_REQUIRED_MESSAGE],
  [{ content: ["a"] }, COMMENT_REQUIRED_MESSAGE],
  [{ content: "c".repeat(2_001) }, COMMENT_TOO_LONG_MESSAGE],
];
const badIds = ["2147483000", "abc", "-1", "99999999999"];

describe("POST /api/answers/:id/comments", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const { answer } = await freshAnswer();
    const res = await comment(null, answer.id, { content: "Hi" });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain("Unauthorized");
  });

  it.each(badIds)("answers 404 for answer id %s", async (id) => {
    const res = await comment(carol, id, { content: "Hi" });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Answer not found");
  });

  it("answers 404 under a private group's question to non-members", async () => {
    expect((await comment(carol, hiddenAnswer.id, { content: "Hi" })).status).toBe(404);
    expect((await comment(dave, hiddenAnswer.id, { content: "Member here" })).status).toBe(201);
    await expectConsistent(hiddenAnswer.questionId);
  });

  it.each(badBodies)("answers 400 for %j", async (body, message) => {
    const { answer } = await freshAnswer();
    const res = await comment(carol, answer.id, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message, code: "bad_request" });
  });

  it("answers 413 for a body over 64 KB", async () => {
    const { answer } = await freshAnswer();
    expect((await comment(carol, answer.id, { content: "c".repeat(70_000) })).status).toBe(413);
  });

  it("posts a comment: 201 with exactly the Comment keys, counters and activity updated", async () => {
    const { question, answer } = await freshAnswer();
    const before = await db.question.findUniqueOrThrow({ where: { id: question.id } });
    const res = await comment(carol, answer.id, { content: "  Nice, but see `Array.from`.  " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(COMMENT_KEYS);
    expect(body).toMatchObject({
      answerId: answer.id,
      parentCommentId: null,
      depth: 0,
      content: "Nice, but see `Array.from`.",
      contentHtml: "<p>Nice, but see <code>Array.from</code>.</p>\n",
      edited: false,
      replies: [],
      viewerCan: { edit: true, delete: true, reply: true },
    });
    expect(body.author).toMatchObject({ id: carol.id, firstName: "Carol", email: carol.email });
    expect(body.createdAt).toBe(body.updatedAt);
    const after = await db.question.findUniqueOrThrow({ where: { id: question.id } });
    expect(after.commentCount).toBe(before.commentCount + 1);
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(before.lastActivityAt.getTime());
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).commentCount).toBe(1);
    await expectConsistent(question.id);
  });

  it("renders Markdown XSS attempts inert", async () => {
    const { answer } = await freshAnswer();
    const res = await comment(carol, answer.id, { content: '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))' });
    const { contentHtml } = await res.json();
    expect(contentHtml).not.toMatch(/<script/i);
    expect(contentHtml).not.toMatch(/<(a|img)\b/i);
  });

  it("counts 30 parallel comments exactly", async () => {
    const { question, answer } = await freshAnswer();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => comment(i % 2 ? carol : erin, answer.id, { content: `Parallel ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).commentCount).toBe(30);
    await expectConsistent(question.id);
  });
});

describe("POST /api/comments/:id/replies", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const { answer } = await freshAnswer();
    const top = await createComment({ answer, author: carol });
    expect((await reply(null, top.id, { content: "Hi" })).status).toBe(401);
  });

  it("answers 404 for missing, malformed and hidden comments", async () => {
    for (const id of [...badIds, String(hiddenComment.id)]) {
      const res = await reply(carol, id, { content: "Hi" });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe("Comment not found");
    }
    expect((await reply(dave, hiddenComment.id, { content: "Inside" })).status).toBe(201);
  });

  it.each(badBodies)("answers 400 for %j", async (body, message) => {
    const { answer } = await freshAnswer();
    const top = await createComment({ answer, author: carol });
    const res = await reply(erin, top.id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("answers 413 for a body over 64 KB", async () => {
    const { answer } = await freshAnswer();
    const top = await createComment({ answer, author: carol });
    expect((await reply(erin, top.id, { content: "c".repeat(70_000) })).status).toBe(413);
  });

  it("nests replies to depth 2 and refuses a reply below that with 403", async () => {
    const { question, answer } = await freshAnswer();
    const top = await createComment({ answer, author: carol });
    const first = await reply(erin, top.id, { content: "Depth one" });
    expect(first.status).toBe(201);
    const one = await first.json();
    expect(Object.keys(one).sort()).toEqual(COMMENT_KEYS);
    expect(one).toMatchObject({ answerId: answer.id, parentCommentId: top.id, depth: 1, viewerCan: { edit: true, delete: true, reply: true } });
    const second = await reply(carol, one.id, { content: "Depth two" });
    expect(second.status).toBe(201);
    const two = await second.json();
    expect(two).toMatchObject({ parentCommentId: one.id, depth: 2, viewerCan: { edit: true, delete: true, reply: false } });
    const third = await reply(erin, two.id, { content: "Depth three" });
    expect(third.status).toBe(403);
    expect((await third.json()).code).toBe("forbidden");
    expect(await db.comment.count({ where: { answerId: answer.id } })).toBe(3);
    await expectConsistent(question.id);
  });

  it("keeps counters exact when replies race the deletion of their parent", async () => {
    const { question, answer } = await freshAnswer();
    const top = await createComment({ answer, author: carol });
    // A member of their own: a new member's 20 comments a day (issue 14) would run out across this file.
    const racer = await createUser({ tag: "racer" });
    const replies = Array.from({ length: 15 }, (_, i) => reply(racer, top.id, { content: `Racing ${i}` }));
    const deletion = remove(carol, top.id);
    const statuses = (await Promise.all([...replies, deletion])).map((r) => r.status);
    expect(statuses.at(-1)).toBe(204);
    for (const status of statuses.slice(0, -1)) expect([201, 404]).toContain(status);
    expect(await db.comment.count({ where: { answerId: answer.id } })).toBe(0);
    await expectConsistent(question.id);
  });
});

describe("PATCH /api/comments/:id", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const { answer } = await freshAnswer();
    const c = await createComment({ answer, author: carol });
    expect((await edit(null, c.id, { content: "x" })).status).toBe(401);
  });

  it("answers 403 to another member, the answer's and the question's authors included", async () => {
    const { answer } = await freshAnswer();
    const c = await createComment({ answer, author: carol });
    for (const user of [erin, bob, alice]) {
      const res = await edit(user, c.id, { content: "Hijacked" });
      expect(res.status).toBe(403);
    }
    expect((await db.comment.findUniqueOrThrow({ where: { id: c.id } })).content).toBe(c.content);
  });

  it("answers 404 for missing, malformed and hidden comments", async () => {
    for (const id of [...badIds, String(hiddenComment.id)]) expect((await edit(carol, id, { content: "x" })).status).toBe(404);
  });

  it.each(badBodies)("answers 400 for %j", async (body, message) => {
    const { answer } = await freshAnswer();
    const c = await createComment({ answer, author: carol });
    const res = await edit(carol, c.id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("answers 413 for a body over 64 KB", async () => {
    const { answer } = await freshAnswer();
    const c = await createComment({ answer, author: carol });
    expect((await edit(carol, c.id, { content: "c".repeat(70_000) })).status).toBe(413);
  });

  it("edits the comment: 200 with the new content, marked edited, counters unchanged", async () => {
    const { question, answer } = await freshAnswer();
    const c = await createComment({ answer, author: carol });
    const earlier = new Date(Date.now() - 60_000);
    await db.comment.update({ where: { id: c.id }, data: { createdAt: earlier, updatedAt: earlier } });
    const before = await db.question.findUniqueOrThrow({ where: { id: question.id } });
    const res = await edit(carol, c.id, { content: " Fixed: **bold** " });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(COMMENT_KEYS);
    expect(body).toMatchObject({ id: c.id, content: "Fixed: **bold**", contentHtml: "<p>Fixed: <strong>bold</strong></p>\n", edited: true, depth: 0 });
    expect(body.createdAt).toBe(earlier.toISOString());
    const after = await db.question.findUniqueOrThrow({ where: { id: question.id } });
    expect(after.commentCount).toBe(before.commentCount);
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(before.lastActivityAt.getTime());
    await expectConsistent(question.id);
  });
});

describe("DELETE /api/comments/:id", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const { answer } = await freshAnswer();
    const c = await createComment({ answer, author: carol });
    expect((await remove(null, c.id)).status).toBe(401);
  });

  it("answers 403 to another member, the answer's and the question's authors included", async () => {
    const { answer } = await freshAnswer();
    const c = await createComment({ answer, author: carol });
    for (const user of [erin, bob, alice]) expect((await remove(user, c.id)).status).toBe(403);
    expect(await db.comment.findUnique({ where: { id: c.id } })).not.toBeNull();
  });

  it("answers 404 for missing, malformed and hidden comments", async () => {
    for (const id of [...badIds, String(hiddenComment.id)]) expect((await remove(carol, id)).status).toBe(404);
  });

  it("deletes the comment and all its replies, and the counters drop by the rows removed", async () => {
    const { question, answer } = await freshAnswer();
    const other = await createAnswer({ question, author: erin });
    const top = await createComment({ answer, author: carol });
    const one = await createComment({ answer, author: erin, parent: top });
    await createComment({ answer, author: alice, parent: one });
    await createComment({ answer, author: erin, parent: top });
    const sibling = await createComment({ answer, author: erin });
    await createComment({ answer: other, author: carol });
    await expectConsistent(question.id);
    const before = await db.question.findUniqueOrThrow({ where: { id: question.id } });

    // A reply can be deleted by its author even when someone else wrote the comment above it.
    expect((await remove(erin, one.id)).status).toBe(204);
    expect((await db.question.findUniqueOrThrow({ where: { id: question.id } })).commentCount).toBe(before.commentCount - 2);
    await expectConsistent(question.id);

    const res = await remove(carol, top.id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await db.comment.findMany({ where: { answerId: answer.id }, select: { id: true } })).toEqual([{ id: sibling.id }]);
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).commentCount).toBe(1);
    expect((await db.question.findUniqueOrThrow({ where: { id: question.id } })).commentCount).toBe(2);
    await expectConsistent(question.id);
    expect((await remove(carol, top.id)).status).toBe(404);
  });
});

describe("listPresentedAnswers (the question page's answers)", () => {
  it("presents answers best first with the viewer's vote and nested comment trees", async () => {
    const { question, answer } = await freshAnswer();
    const better = await createAnswer({ question, author: erin });
    await createVote({ answer: better, user: carol, voteType: "up" });
    await createVote({ answer, user: carol, voteType: "down" });
    const top = await createComment({ answer: better, author: carol });
    const child = await createComment({ answer: better, author: alice, parent: top });
    await createComment({ answer: better, author: erin, parent: child });

    const answers = await listPresentedAnswers(question.id, carol);
    expect(answers.map((a) => [a.id, a.voteScore, a.viewerVote])).toEqual([[better.id, 1, "up"], [answer.id, -1, "down"]]);
    const [tree] = answers[0]!.comments;
    expect(tree).toMatchObject({ id: top.id, depth: 0, viewerCan: { edit: true, delete: true, reply: true } });
    expect(tree!.replies[0]).toMatchObject({ id: child.id, depth: 1, viewerCan: { edit: false, delete: false, reply: true } });
    expect(tree!.replies[0]!.replies[0]).toMatchObject({ depth: 2, replies: [], viewerCan: { reply: false } });
    expect(answers[1]!.comments).toEqual([]);

    const asVisitor = await listPresentedAnswers(question.id, null);
    expect(asVisitor.every((a) => a.viewerVote === null && !a.viewerCan.vote && !a.viewerCan.delete && !a.viewerCan.comment)).toBe(true);
    expect(asVisitor[0]!.comments[0]!.viewerCan).toEqual({ edit: false, delete: false, reply: false });
  });
});
