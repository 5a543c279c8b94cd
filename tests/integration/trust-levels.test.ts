/** @jest-environment node */
// Trust levels (lib/server/trust.ts): computed from age, posts and reputation, never granted;
// what new members may not do (more than 2 links, uploaded images in posts, post-image uploads).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { db } from "@/lib/server/db";
import { POST as postQuestion } from "@/app/api/questions/route";
import { POST as postAnswer } from "@/app/api/questions/[id]/answers/route";
import { POST as postComment } from "@/app/api/answers/[id]/comments/route";
import { POST as postReply } from "@/app/api/comments/[id]/replies/route";
import { POST as upload } from "@/app/api/upload/image/route";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { NEW_MEMBER_LINKS_MESSAGE, NEW_MEMBER_POST_IMAGE_MESSAGE, TRUST, trustLevelFrom, trustLevelOf } from "@/lib/server/trust";
import { createAnswer, createComment, createQuestion, createTag, createUser, routeContext, signedInRequest, type TestUser } from "@/tests/factories";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

const savedAi = { OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, OPENAI_API_KEY: process.env.OPENAI_API_KEY };
const savedDataDir = process.env.AGORA_DATA_DIR;
let dataDir = "";
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-trust-")); // uploads land here
  process.env.AGORA_DATA_DIR = dataDir;
  // Heuristics only: no model classification is owed, so every clean post is announced at once.
  delete process.env.OPENAI_BASE_URL;
  delete process.env.OPENAI_API_KEY;
});
afterAll(async () => {
  process.env.AGORA_DATA_DIR = savedDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
  Object.assign(process.env, Object.fromEntries(Object.entries(savedAi).filter(([, v]) => v !== undefined)));
  await closeRateLimitStore();
  await db.$disconnect();
});

/** A member whose account is `age` old and who has `posts` questions. */
async function member(tag: string, { age = 0, posts = 0, reputation = 1, role = "member" }: { age?: number; posts?: number; reputation?: number; role?: string } = {}): Promise<TestUser> {
  const user = await createUser({ tag });
  await db.user.update({ where: { id: user.id }, data: { createdAt: ago(age), reputation, role } });
  for (let i = 0; i < posts; i++) await createQuestion({ author: user });
  return { ...user, createdAt: ago(age) } as TestUser;
}

const subject = async (user: { id: string }) => db.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, createdAt: true, reputation: true, role: true } });

describe("trust levels, computed", () => {
  it("follows the table: new for a day or below 3 posts, level 2 after 7 days, 10 posts and 50 reputation; staff are level 2", () => {
    const at = (age: number, reputation = 1, role = "member") => ({ createdAt: ago(age), reputation, role });
    expect(trustLevelFrom(at(HOUR), 50)).toBe(0); // young, whatever the posts
    expect(trustLevelFrom(at(30 * DAY), 2)).toBe(0); // old, but only 2 posts
    expect(trustLevelFrom(at(25 * HOUR), 3)).toBe(1);
    expect(trustLevelFrom(at(8 * DAY, 49), 10)).toBe(1); // reputation one short
    expect(trustLevelFrom(at(6 * DAY, 500), 50)).toBe(1); // too young for level 2
    expect(trustLevelFrom(at(8 * DAY, 50), 9)).toBe(1); // a post short
    expect(trustLevelFrom(at(8 * DAY, 50), 10)).toBe(2);
    expect(trustLevelFrom(at(0, 1, "moderator"), 0)).toBe(2);
    expect(trustLevelFrom(at(0, 1, "admin"), 0)).toBe(2);
    expect(TRUST).toMatchObject({ newMemberHours: 24, basicPosts: 3, memberDays: 7, memberPosts: 10, memberReputation: 50, newMemberMaxLinks: 2 });
  });

  it("counts visible questions and answers, not hidden posts or comments", async () => {
    const user = await member("counted", { age: 2 * DAY, posts: 1 });
    const asker = await createUser({ tag: "counted-asker" });
    const question = await createQuestion({ author: asker });
    await createAnswer({ question, author: user });
    expect(await trustLevelOf(await subject(user))).toBe(0); // 2 posts
    const hidden = await createQuestion({ author: user });
    await db.question.update({ where: { id: hidden.id }, data: { hiddenAt: new Date() } });
    const answer = await createAnswer({ question, author: asker });
    for (let i = 0; i < 3; i++) await createComment({ answer, author: user });
    expect(await trustLevelOf(await subject(user))).toBe(0); // still 2: hidden posts and comments do not count
    await createAnswer({ question, author: user });
    expect(await trustLevelOf(await subject(user))).toBe(1);
  });

  it("is level 2 for a seasoned member with reputation, and level 1 again when the reputation is not there", async () => {
    const seasoned = await member("seasoned", { age: 10 * DAY, posts: 10, reputation: 120 });
    expect(await trustLevelOf(await subject(seasoned))).toBe(2);
    await db.user.update({ where: { id: seasoned.id }, data: { reputation: 10 } });
    expect(await trustLevelOf(await subject(seasoned))).toBe(1);
  });
});

describe("new members' posts: at most 2 links, no uploaded images", () => {
  let asker: TestUser;
  let question: { id: number };
  let answer: { id: number; questionId: number };
  let comment: { id: number };
  let tag: { id: number };
  beforeAll(async () => {
    asker = await createUser({ tag: "trust-asker" });
    question = await createQuestion({ author: asker });
    answer = await createAnswer({ question, author: asker });
    comment = await createComment({ answer, author: asker });
    tag = await createTag();
  });

  const three = "Read https://react.dev/learn, then https://react.dev/reference/react and https://nextjs.org/docs for the details.";
  const two = "Read https://react.dev/learn, then https://react.dev/reference/react for the details.";

  const answerAs = async (user: TestUser, content: string) =>
    postAnswer(await signedInRequest(user, `/api/questions/${question.id}/answers`, { method: "POST", json: { content } }), routeContext({ id: String(question.id) }));

  it("refuses an answer with 3 links from a new member with the clear 400, and takes 2", async () => {
    const newcomer = await member("newcomer-links");
    const res = await answerAs(newcomer, three);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: NEW_MEMBER_LINKS_MESSAGE });
    expect(NEW_MEMBER_LINKS_MESSAGE).toBe("New members can include at most 2 links in a post.");
    expect((await answerAs(newcomer, two)).status).toBe(201);
    expect(await db.answer.count({ where: { authorId: newcomer.id } })).toBe(1);
  });

  it("does not count links inside code", async () => {
    const newcomer = await member("newcomer-code");
    const res = await answerAs(newcomer, "Try this:\n\n```bash\ncurl https://a.example/1 https://a.example/2 https://a.example/3\n```\n\nIt fetches all three.");
    expect(res.status).toBe(201);
  });

  it("refuses 3 links in a new member's question, comment and reply; a member of a day with 3 posts may", async () => {
    const newcomer = await member("newcomer-everywhere");
    const ask = async (user: TestUser) =>
      postQuestion(await signedInRequest(user, "/api/questions", { method: "POST", json: { title: "Which of these React guides should I read first?", description: three, tagIds: [tag.id] } }), routeContext());
    const commentAs = async (user: TestUser) =>
      postComment(await signedInRequest(user, `/api/answers/${answer.id}/comments`, { method: "POST", json: { content: three } }), routeContext({ id: String(answer.id) }));
    const replyAs = async (user: TestUser) =>
      postReply(await signedInRequest(user, `/api/comments/${comment.id}/replies`, { method: "POST", json: { content: three } }), routeContext({ id: String(comment.id) }));
    for (const res of [await ask(newcomer), await commentAs(newcomer), await replyAs(newcomer)]) {
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(NEW_MEMBER_LINKS_MESSAGE);
    }
    const basic = await member("basic-everywhere", { age: 2 * DAY, posts: 3 });
    expect((await ask(basic)).status).toBe(201);
    expect((await commentAs(basic)).status).toBe(201);
    expect((await replyAs(basic)).status).toBe(201);
  });

  it("refuses an uploaded image in a new member's post (an outside image is a link like any other)", async () => {
    const newcomer = await member("newcomer-image");
    const res = await answerAs(newcomer, "Here is a screenshot of the error: ![error](/uploads/abc123.png)");
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(NEW_MEMBER_POST_IMAGE_MESSAGE);
    expect((await answerAs(newcomer, "Here is the diagram: ![diagram](https://upload.wikimedia.org/diagram.png)")).status).toBe(201);
    const basic = await member("basic-image", { age: 2 * DAY, posts: 3 });
    expect((await answerAs(basic, "Here is a screenshot of the error: ![error](/uploads/abc123.png)")).status).toBe(201);
  });
});

describe("POST /api/upload/image?purpose=post", () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } }).png().toBuffer();
  });
  const send = async (user: TestUser, query: string) => {
    const body = new FormData();
    body.append("image", new File([new Uint8Array(png)], "dot.png", { type: "image/png" }));
    return upload(await signedInRequest(user, `/api/upload/image${query}`, { method: "POST", body }), routeContext());
  };

  it("answers a new member 403 with a clear message for a post's image, and still takes their profile picture", async () => {
    const newcomer = await member("uploader-new");
    const refused = await send(newcomer, "?purpose=post");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: NEW_MEMBER_POST_IMAGE_MESSAGE, code: "forbidden" });
    expect((await send(newcomer, "?purpose=profile")).status).toBe(201);
    expect((await send(newcomer, "")).status).toBe(201); // profile is the default
    expect((await send(newcomer, "?purpose=group")).status).toBe(201);
    expect((await send(newcomer, "?purpose=banner")).status).toBe(400);
  });

  it("takes a post's image from a member past the first day and 3 posts", async () => {
    const basic = await member("uploader-basic", { age: 2 * DAY, posts: 3 });
    expect((await send(basic, "?purpose=post")).status).toBe(201);
  });
});
