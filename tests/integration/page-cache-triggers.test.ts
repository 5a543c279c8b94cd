/** @jest-environment node */
// The page cache's invalidation (migration page_cache_notify, lib/server/page-cache/listener.ts):
// every change a visitor would see on a question page notifies agora_page_cache with that
// question's id when it commits; changes that may show on many pages notify "*"; the batched
// view count notifies nothing. Listens on its own connection, as each app instance does.
import pg from "pg";
import { db } from "@/lib/server/db";
import { viewerSelect } from "@/lib/server/auth/session";
import { deleteAnswer } from "@/lib/server/answers/mutations";
import { deleteComment, updateComment } from "@/lib/server/comments/mutations";
import { startListener, PAGE_CACHE_CHANNEL } from "@/lib/server/page-cache/listener";
import { PageStore } from "@/lib/server/page-cache/store";
import { acceptAnswer, deleteQuestion, unacceptAnswer, updateQuestion } from "@/lib/server/questions/mutations";
import { getQuestionOrThrow } from "@/lib/server/questions/queries";
import { flushQuestionViews, recordQuestionView } from "@/lib/server/questions/views";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { deleteAccount } from "@/lib/server/accounts/mutations";
import { setVote, withdrawVote } from "@/lib/server/votes/mutations";
import { createAnswer, createComment, createGroup, createQuestion, createTag, createUser, type TestUser } from "@/tests/factories";

let listener: pg.Client;
let received: string[] = [];
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  await listener.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
  listener.on("notification", (message) => received.push(message.payload ?? ""));
  alice = await createUser({ tag: "alice", firstName: "Alice" });
  bob = await createUser({ tag: "bob", firstName: "Bob" });
});

afterAll(async () => {
  await listener.end();
  await closeRateLimitStore();
});

/** The payloads notified by `action`, once its transactions have committed. */
async function notified(action: () => Promise<unknown>): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 30));
  received = [];
  await action();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await listener.query("SELECT 1");
  return [...new Set(received)];
}

test("the question row: an edit, its tags and its deletion notify its id", async () => {
  const [t1, t2] = [await createTag(), await createTag()];
  const q = await createQuestion({ author: alice, tags: [t1] });
  expect(await notified(() => updateQuestion(q, { title: "A new title for this question", description: "More words", tagIds: [t2.id] }, { editorId: q.authorId, summary: null }))).toEqual([String(q.id)]);
  expect(await notified(() => db.questionTag.create({ data: { questionId: q.id, tagId: t1.id } }))).toEqual([String(q.id)]);
  expect(await notified(() => db.questionTag.deleteMany({ where: { questionId: q.id, tagId: t1.id } }))).toEqual([String(q.id)]);
  expect(await notified(() => db.question.update({ where: { id: q.id }, data: { voteScore: { increment: 1 } } }))).toEqual([String(q.id)]);
  expect(await notified(() => deleteQuestion(q))).toEqual([String(q.id)]);
});

test("the view count alone, written at once or batched, notifies nothing", async () => {
  const q = await createQuestion({ author: alice });
  const headers = new Headers({ "user-agent": "jest", "x-forwarded-for": "203.0.113.9" });
  expect(await notified(() => recordQuestionView(q, null, headers))).toEqual([]);
  expect(await notified(() => recordQuestionView(q, bob, headers))).toEqual([]);
  expect(await notified(() => flushQuestionViews())).toEqual([]);
  expect(await notified(() => db.$executeRaw`UPDATE questions SET view_count = view_count + 5 WHERE id = ${q.id}`)).toEqual([]);
  expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).viewCount).toBe(7);
  // ... but the same statement changing anything else does.
  expect(await notified(() => db.$executeRaw`UPDATE questions SET view_count = view_count + 1, title = 'Changed title' WHERE id = ${q.id}`)).toEqual([String(q.id)]);
});

test("answers: posting, a vote (and its withdrawal) and deletion notify the question", async () => {
  const q = await createQuestion({ author: alice });
  let answerId = 0;
  expect(
    await notified(async () => {
      answerId = (await createAnswer({ question: q, author: bob })).id;
    }),
  ).toEqual([String(q.id)]);
  const answer = { id: answerId, questionId: q.id };
  expect(await notified(() => setVote({ answer, voter: alice, voteType: "up" }))).toEqual([String(q.id)]);
  expect(await notified(() => withdrawVote({ answer, voter: alice }))).toEqual([String(q.id)]);
  expect(await notified(() => db.answer.update({ where: { id: answerId }, data: { content: "edited", contentHtml: "<p>edited</p>" } }))).toEqual([String(q.id)]);
  expect(await notified(() => deleteAnswer(answer))).toEqual([String(q.id)]);
});

test("the accepted mark: accepting, moving and removing it notify the question; a removal of nothing notifies nothing", async () => {
  const created = await createQuestion({ author: alice });
  const [a1, a2] = [await createAnswer({ question: created, author: bob }), await createAnswer({ question: created, author: bob })];
  const question = await getQuestionOrThrow(created.id, alice);
  expect(await notified(() => acceptAnswer({ question, answerId: a1.id, accepter: alice }))).toEqual([String(question.id)]);
  expect(await notified(() => acceptAnswer({ question, answerId: a2.id, accepter: alice }))).toEqual([String(question.id)]);
  expect(await notified(() => unacceptAnswer({ question }))).toEqual([String(question.id)]);
  expect(await notified(() => unacceptAnswer({ question }))).toEqual([]);
});

test("comments: posting, editing and deleting notify the question of their answer", async () => {
  const q = await createQuestion({ author: alice });
  const answer = await createAnswer({ question: q, author: bob });
  let comment: { id: number; answerId: number; depth: number } | null = null;
  expect(
    await notified(async () => {
      comment = await createComment({ answer, author: alice });
    }),
  ).toEqual([String(q.id)]);
  const c = comment!;
  expect(await notified(() => updateComment({ comment: c, questionId: q.id, content: "An edited comment" }))).toEqual([String(q.id)]);
  // The comment's own trigger, without the question's activity date moving with it.
  expect(await notified(() => db.comment.update({ where: { id: c.id }, data: { content: "Again", contentHtml: "<p>Again</p>" } }))).toEqual([String(q.id)]);
  expect(await notified(() => deleteComment(c))).toEqual([String(q.id)]);
});

test("the AI answer job: status changes notify; streaming text and leases do not", async () => {
  const q = await createQuestion({ author: alice });
  expect(await notified(() => db.aiAnswerJob.create({ data: { questionId: q.id } }))).toEqual([String(q.id)]);
  expect(await notified(() => db.aiAnswerJob.update({ where: { questionId: q.id }, data: { status: "running", attempts: 1 } }))).toEqual([String(q.id)]);
  expect(await notified(() => db.aiAnswerJob.update({ where: { questionId: q.id }, data: { partialContent: "Keep the value", lockedUntil: new Date(Date.now() + 60_000), lockedBy: "worker-1" } }))).toEqual([]);
  expect(await notified(() => db.aiAnswerJob.update({ where: { questionId: q.id }, data: { status: "failed" } }))).toEqual([String(q.id)]);
});

test("a member's name or picture, a group's name or privacy, a tag's name and account deletion flush everything", async () => {
  const carol = await createUser({ tag: "carol", firstName: "Carol" });
  expect(await notified(() => db.user.update({ where: { id: carol.id }, data: { firstName: "Caroline" } }))).toEqual(["*"]);
  expect(await notified(() => db.user.update({ where: { id: carol.id }, data: { profileImageUrl: "/uploads/x.png" } }))).toEqual(["*"]);
  // What pages do not show does not flush: settings, the digest date, the session version.
  expect(await notified(() => db.user.update({ where: { id: carol.id }, data: { bio: "Hello", lastDigestAt: new Date(), sessionVersion: { increment: 1 } } }))).toEqual([]);

  const group = await createGroup({ creator: carol });
  expect(await notified(() => db.group.update({ where: { id: group.id }, data: { isPrivate: true } }))).toEqual(["*"]);
  expect(await notified(() => db.group.update({ where: { id: group.id }, data: { name: `Renamed ${group.id}` } }))).toEqual(["*"]);
  expect(await notified(() => db.group.update({ where: { id: group.id }, data: { memberCount: { increment: 1 } } }))).toEqual([]);

  const tag = await createTag();
  expect(await notified(() => db.tag.update({ where: { id: tag.id }, data: { color: "#000000" } }))).toEqual(["*"]);
  expect(await notified(() => db.tag.update({ where: { id: tag.id }, data: { followCount: { increment: 1 } } }))).toEqual([]);

  const viewer = await db.user.findUniqueOrThrow({ where: { id: carol.id }, select: viewerSelect });
  expect(await notified(() => deleteAccount(viewer))).toContain("*");
});

test("the listener: serves only while listening, applies notifications, and reconnects after losing its connection", async () => {
  const store = new PageStore({ maxBytes: 1024 * 1024, ttlMs: 60_000, serving: false });
  const logs: string[] = [];
  const running = startListener({ connectionString: process.env.DATABASE_URL!, store, log: (m) => logs.push(m) });
  try {
    expect(store.isServing()).toBe(false);
    await running.ready;
    expect(store.isServing()).toBe(true);

    const put = (id: number) => store.finish(store.begin(id), `${id}|x`, { headers: [], gzipped: Buffer.from("<p></p>"), length: 7, size: 100 });
    put(41);
    put(42);
    await db.$executeRaw`SELECT pg_notify('agora_page_cache', '41')`;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(store.get("41|x")).toBeUndefined();
    expect(store.get("42|x")).toBeDefined();

    // A render in flight when a question changes cannot store what it read.
    const ticket = store.begin(42);
    await db.$executeRaw`SELECT pg_notify('agora_page_cache', '42')`;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(store.finish(ticket, "42|x", { headers: [], gzipped: Buffer.from("old"), length: 3, size: 100 })).toBe(false);

    // The connection is lost: nothing is served until it is back, and what was stored is gone.
    put(43);
    await db.$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'agora-page-cache'`;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.isServing()).toBe(false);
    expect(store.get("43|x")).toBeUndefined();
    expect(logs.join("\n")).toMatch(/notifications lost/);
    for (let i = 0; i < 50 && !store.isServing(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.isServing()).toBe(true);
    expect(store.stats().pages).toBe(0);
  } finally {
    await running.stop();
  }
});
