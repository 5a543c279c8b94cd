/** @jest-environment node */
import { db } from "@/lib/server/db";
import { closeRateLimitStore, resetLimit } from "@/lib/server/rate-limit";
import { presentQuestionDetail } from "@/lib/server/questions/presenters";
import { getQuestionDetailOrThrow } from "@/lib/server/questions/queries";
import { GET as listRoute, POST as createRoute } from "@/app/api/questions/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as updateRoute } from "@/app/api/questions/[id]/route";
import {
  createAnswer,
  createComment,
  createGroup,
  createQuestion,
  createTag,
  createUser,
  createVote,
  routeContext,
  signedInRequest,
  unique,
  visitorRequest,
} from "@/tests/factories";
import { ANSWER_KEYS, COMMENT_KEYS, DETAIL_KEYS, SUMMARY_KEYS, keys } from "@/tests/integration/shapes";

type Summary = { id: number; title: string; [key: string]: unknown };
const ids = (list: Summary[]) => list.map((q) => q.id);

const noParams = routeContext();
const withId = (id: number | string) => routeContext({ id: String(id) });

async function list(query: string, user?: { id: string }) {
  const url = `/api/questions${query}`;
  const res = await listRoute(user ? await signedInRequest(user, url) : visitorRequest(url), noParams);
  return { res, body: res.status === 200 ? ((await res.json()) as Summary[]) : await res.json() };
}

/** Walks every page of a list with the given page size and returns all ids in order. */
async function walk(query: string, limit: number, user?: { id: string }) {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const { res, body } = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, user);
    expect(res.status).toBe(200);
    expect((body as Summary[]).length).toBeLessThanOrEqual(limit);
    seen.push(...ids(body as Summary[]));
    cursor = res.headers.get("X-Next-Cursor");
    if (!cursor) return seen;
  }
  throw new Error("pagination did not end");
}

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

describe("GET /api/questions", () => {
  let tag: { id: number; name: string };
  let author: { id: string; email: string };
  let insider: { id: string };
  let outsider: { id: string };
  let questions: { id: number }[];
  let hidden: { id: number };

  beforeAll(async () => {
    author = await createUser({ tag: "lister", firstName: "Lis", lastName: "Ter" });
    insider = await createUser({ tag: "insider" });
    outsider = await createUser({ tag: "outsider" });
    tag = await createTag(`list-${unique()}`);
    const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
    // Five public questions with distinct orders under each sort.
    const base = Date.now() - 10 * 86_400_000;
    const shapes = [
      { createdAt: 1, lastActivityAt: 5, voteScore: 3, viewCount: 10, answerCount: 0 },
      { createdAt: 2, lastActivityAt: 4, voteScore: 9, viewCount: 50, answerCount: 2 },
      { createdAt: 3, lastActivityAt: 3, voteScore: -1, viewCount: 30, answerCount: 0 },
      { createdAt: 4, lastActivityAt: 2, voteScore: 9, viewCount: 20, answerCount: 1 },
      { createdAt: 5, lastActivityAt: 1, voteScore: 0, viewCount: 50, answerCount: 0 },
    ];
    questions = [];
    for (const shape of shapes) {
      const q = await createQuestion({ author, tags: [tag], description: "Plain **description** here" });
      await db.question.update({
        where: { id: q.id },
        data: {
          createdAt: new Date(base + shape.createdAt * 3_600_000),
          lastActivityAt: new Date(base + shape.lastActivityAt * 3_600_000),
          voteScore: shape.voteScore,
          viewCount: shape.viewCount,
          answerCount: shape.answerCount,
        },
      });
      questions.push(q);
    }
    hidden = await createQuestion({ author, tags: [tag], group: secret, title: `Hidden question ${unique()}` });
  });

  it("answers visitors with QuestionSummary items, X-Total-Count, newest first", async () => {
    const { res, body } = await list(`?tag=${tag.name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("5");
    expect(res.headers.get("X-Next-Cursor")).toBeNull();
    const items = body as Summary[];
    expect(ids(items)).toEqual([...questions].reverse().map((q) => q.id));
    for (const item of items) expect(keys(item)).toEqual(SUMMARY_KEYS);
    const first = items[0] as Record<string, unknown>;
    expect(first.description).toBe("Plain description here");
    expect(first.saved).toBe(false);
    expect(first.viewerCan).toEqual({ edit: false, suggestEdit: false, delete: false, save: false, accept: false, vote: false, close: false, lock: false });
    expect(first.author).toEqual({ id: author.id, firstName: "Lis", lastName: "Ter", profileImageUrl: null, handle: author.email.split("@")[0], reputation: 1 });
    expect(first.tags).toEqual([{ id: tag.id, name: tag.name, color: expect.any(String) }]);
    expect(first._count).toEqual({ answers: first.answerCount });
  });

  it("hides private-group questions from visitors and outsiders, shows them to members", async () => {
    expect(ids((await list(`?tag=${tag.name}`)).body)).not.toContain(hidden.id);
    expect(ids((await list(`?tag=${tag.name}`, outsider)).body)).not.toContain(hidden.id);
    const { res, body } = await list(`?tag=${tag.name}`, insider);
    expect(ids(body)).toContain(hidden.id);
    expect(res.headers.get("X-Total-Count")).toBe("6");
  });

  it("tells the author what they may do with their own questions", async () => {
    const { body } = await list(`?tag=${tag.name}`, author);
    for (const item of body as Summary[]) expect(item.viewerCan).toEqual({ edit: true, suggestEdit: false, delete: true, save: true, accept: true, vote: false, close: false, lock: false });
    const other = await list(`?tag=${tag.name}`, outsider);
    for (const item of other.body as Summary[]) expect(item.viewerCan).toEqual({ edit: false, suggestEdit: true, delete: false, save: true, accept: false, vote: true, close: false, lock: false });
  });

  it.each([
    ["newest", [4, 3, 2, 1, 0]],
    ["activity", [0, 1, 2, 3, 4]],
    ["votes", [3, 1, 0, 4, 2]],
    ["views", [4, 1, 2, 3, 0]],
  ])("sorts by %s (ties by newest id)", async (sort, order) => {
    const { body } = await list(`?tag=${tag.name}&sort=${sort}`);
    expect(ids(body)).toEqual(order.map((i) => questions[i]!.id));
  });

  it("filters answered and unanswered questions, and takes the tag name in any case", async () => {
    expect(ids((await list(`?tag=${tag.name.toUpperCase()}&answers=answered`)).body).sort()).toEqual([questions[1]!.id, questions[3]!.id].sort());
    expect(ids((await list(`?tag=${tag.name}&answers=unanswered`)).body).sort()).toEqual([0, 2, 4].map((i) => questions[i]!.id).sort());
    expect((await list(`?tag=${tag.name}&answers=all`)).body).toHaveLength(5);
    expect((await list(`?tag=no-such-tag-${unique()}`)).body).toEqual([]);
  });

  it.each(["newest", "activity", "votes", "views"])("walks every question once with cursors (sort %s)", async (sort) => {
    const all = ids((await list(`?tag=${tag.name}&sort=${sort}`, insider)).body);
    expect(all).toHaveLength(6);
    for (const limit of [1, 2, 4]) {
      const walked = await walk(`?tag=${tag.name}&sort=${sort}`, limit, insider);
      expect(walked).toEqual(all);
      expect(new Set(walked).size).toBe(walked.length);
    }
  });

  it.each([
    ["?cursor=not-a-cursor", "Invalid cursor"],
    [`?cursor=${Buffer.from(JSON.stringify(["x", 1])).toString("base64url")}`, "Invalid cursor"],
    [`?sort=votes&cursor=${Buffer.from(JSON.stringify(["2024-01-01T00:00:00Z", 1])).toString("base64url")}`, "Invalid cursor"],
    ["?sort=popular", "sort must be newest, activity, votes or views"],
    ["?answers=maybe", "answers must be answered, unanswered or notAccepted"],
    ["?limit=0", "limit must be a whole number of at least 1"],
    ["?limit=abc", "limit must be a whole number of at least 1"],
  ])("answers 400 for %s", async (query, message) => {
    const { res, body } = await list(query);
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("caps limit at 100", async () => {
    const { res, body } = await list("?limit=500");
    expect(res.status).toBe(200);
    expect((body as Summary[]).length).toBeLessThanOrEqual(100);
  });
});

describe("POST /api/questions", () => {
  const post = async (user: { id: string } | null, json: unknown) => {
    const req = user ? await signedInRequest(user, "/api/questions", { method: "POST", json }) : visitorRequest("/api/questions", { method: "POST", json });
    const res = await createRoute(req, noParams);
    return { res, body: await res.json() };
  };

  it("answers 401 Unauthorized to visitors", async () => {
    const tag = await createTag();
    const { res, body } = await post(null, { title: "A perfectly fine title", tagIds: [tag.id] });
    expect(res.status).toBe(401);
    expect(body.message).toContain("Unauthorized");
  });

  it.each([
    ["a short title", { title: "Too short", tagIds: [1] }, "Title must be at least 10 characters"],
    ["a title short once trimmed", { title: "   padded      ", tagIds: [1] }, "Title must be at least 10 characters"],
    ["a long title", { title: "x".repeat(201), tagIds: [1] }, "Title must not exceed 200 characters"],
    ["no tags", { title: "A perfectly fine title", tagIds: [] }, "Please select at least one tag"],
    ["missing tags", { title: "A perfectly fine title" }, "Please select at least one tag"],
    ["tag ids as strings", { title: "A perfectly fine title", tagIds: ["1"] }, "Please select at least one tag"],
    ["six tags", { title: "A perfectly fine title", tagIds: [1, 2, 3, 4, 5, 6] }, "Please select at most 5 tags"],
    ["a long description", { title: "A perfectly fine title", tagIds: [1], description: "x".repeat(20_001) }, "Description must not exceed 20,000 characters"],
    ["a numeric title", { title: 12345678901, tagIds: [1] }, "Title must be at least 10 characters"],
    ["a string group id", { title: "A perfectly fine title", tagIds: [1], groupId: "one" }, "Group must be a group id or null"],
    ["an array body", [1, 2], "Request body must be a JSON object"],
  ])("answers 400 for %s", async (_label, json, message) => {
    const user = await createUser({ tag: "asker" });
    const { res, body } = await post(user, json);
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("answers 400 when the body is not JSON", async () => {
    const user = await createUser({ tag: "asker" });
    const req = await signedInRequest(user, "/api/questions", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } });
    const res = await createRoute(req, noParams);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Request body must be valid JSON");
  });

  it("answers 400 'Please select at least one tag' when none of the tags exists", async () => {
    const user = await createUser({ tag: "asker" });
    const { res, body } = await post(user, { title: "A perfectly fine title", tagIds: [2_000_000_000] });
    expect(res.status).toBe(400);
    expect(body.message).toBe("Please select at least one tag");
    expect(await db.question.count({ where: { authorId: user.id } })).toBe(0);
  });

  it("creates the question, its tags and its owed AI answer, and answers 201 with the QuestionDetail", async () => {
    const user = await createUser({ tag: "asker", firstName: "Ada" });
    const [t1, t2] = [await createTag(), await createTag()];
    const { res, body } = await post(user, {
      title: "  How do I centre a div?  ",
      description: "I tried `margin: auto` and **flexbox**.\n\n<script>alert(1)</script>",
      tagIds: [t2.id, t1.id, t2.id, 2_000_000_000],
      authorId: "someone-else",
      viewCount: 1000,
    });
    expect(res.status).toBe(201);
    expect(keys(body)).toEqual(DETAIL_KEYS);
    expect(body.title).toBe("How do I centre a div?");
    expect(body.authorId).toBe(user.id);
    expect(body.author.email).toBe((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email);
    expect(body.viewCount).toBe(0);
    expect(body.groupId).toBeNull();
    expect(body.group).toBeNull();
    expect(body.description).toContain("`margin: auto`");
    expect(body.descriptionHtml).toContain("<code>margin: auto</code>");
    expect(body.descriptionHtml).toContain("<strong>flexbox</strong>");
    expect(body.descriptionHtml).not.toContain("<script>");
    expect(body.tags.map((t: { id: number }) => t.id)).toEqual([t2.id, t1.id]);
    expect(body.answers).toEqual([]);
    expect(body.saved).toBe(false);
    expect(body.viewerCan).toEqual({ edit: true, suggestEdit: false, delete: true, save: true, accept: true, vote: false, close: false, lock: false });
    expect(body.aiStatus).toEqual({ status: expect.stringMatching(/^(pending|unconfigured)$/), attempts: 0, nextAttemptAt: expect.any(String) });

    const job = await db.aiAnswerJob.findUniqueOrThrow({ where: { questionId: body.id } });
    expect(job.status).toBe("pending");
    const tags = await db.tag.findMany({ where: { id: { in: [t1.id, t2.id] } } });
    for (const t of tags) expect(t.questionCount).toBe(1);
  });

  it("answers 201 with exactly what reading the question back gives its author", async () => {
    const creator = await createUser({ tag: "creator" });
    const asker = await createUser({ tag: "asker", firstName: "Grace", lastName: "Hopper" });
    const [t1, t2, t3] = [await createTag(), await createTag(), await createTag()];
    const group = await createGroup({ creator, members: [asker], isPrivate: true });
    for (const json of [
      { title: "Does the 201 match the page?", description: "Some *Markdown* with `code`.", tagIds: [t3.id, t1.id, t2.id] },
      { title: "And inside a private group?", tagIds: [t2.id], groupId: group.id },
    ]) {
      const { res, body } = await post(asker, json);
      expect(res.status).toBe(201);
      const reread = presentQuestionDetail(await getQuestionDetailOrThrow(body.id, asker), asker);
      expect(body).toEqual(JSON.parse(JSON.stringify(reread)));
      await resetLimit("questionInterval", asker.id);
    }
  });

  it("accepts a null description and groupId", async () => {
    const user = await createUser({ tag: "asker" });
    const tag = await createTag();
    const { res, body } = await post(user, { title: "A perfectly fine title", description: null, groupId: null, tagIds: [tag.id] });
    expect(res.status).toBe(201);
    expect(body.description).toBe("");
    expect(body.descriptionHtml).toBe("");
  });

  it("answers 404 for a missing group and 403 for a group the member is not in", async () => {
    const creator = await createUser({ tag: "creator" });
    const stranger = await createUser({ tag: "stranger" });
    const tag = await createTag();
    const open = await createGroup({ creator });
    const secret = await createGroup({ creator, isPrivate: true });
    const missing = await post(stranger, { title: "A perfectly fine title", tagIds: [tag.id], groupId: 2_000_000_000 });
    expect(missing.res.status).toBe(404);
    expect(missing.body.message).toBe("Group not found");
    for (const group of [open, secret]) {
      const { res } = await post(stranger, { title: "A perfectly fine title", tagIds: [tag.id], groupId: group.id });
      expect(res.status).toBe(403);
    }
    expect(await db.question.count({ where: { authorId: stranger.id } })).toBe(0);
  });

  it("lets group members post in the group and counts the question there", async () => {
    const creator = await createUser({ tag: "creator" });
    const member = await createUser({ tag: "member" });
    const tag = await createTag();
    const group = await createGroup({ creator, members: [member], isPrivate: true });
    const { res, body } = await post(member, { title: "A question for the group", tagIds: [tag.id], groupId: group.id });
    expect(res.status).toBe(201);
    expect(body.groupId).toBe(group.id);
    expect(body.group).toEqual({ id: group.id, name: group.name, isPrivate: true });
    expect((await db.group.findUniqueOrThrow({ where: { id: group.id } })).questionCount).toBe(1);
  });

  it("answers 429 with Retry-After to a second question within 15 seconds", async () => {
    const user = await createUser({ tag: "hasty" });
    const tag = await createTag();
    expect((await post(user, { title: "The first question here", tagIds: [tag.id] })).res.status).toBe(201);
    const { res, body } = await post(user, { title: "The second question here", tagIds: [tag.id] });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(body.message).toBe("Please wait a few seconds before asking another question.");
    expect(await db.question.count({ where: { authorId: user.id } })).toBe(1);
  });
});

describe("GET /api/questions/:id", () => {
  let author: { id: string };
  let insider: { id: string };
  let outsider: { id: string };
  let hidden: { id: number };

  const get = async (id: number | string, init: { user?: { id: string }; headers?: Record<string, string> } = {}) => {
    const url = `/api/questions/${id}`;
    const req = init.user ? await signedInRequest(init.user, url, { headers: init.headers }) : visitorRequest(url, { headers: init.headers });
    const res = await getRoute(req, withId(id));
    return { res, body: await res.json() };
  };

  beforeAll(async () => {
    author = await createUser({ tag: "detail-author" });
    insider = await createUser({ tag: "insider" });
    outsider = await createUser({ tag: "outsider" });
    const tag = await createTag();
    const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
    await createQuestion({ author, tags: [tag], description: "# Title\n\nBody with `code`" });
    hidden = await createQuestion({ author, tags: [tag], group: secret });
  });

  it.each(["abc", "-1", "0", "1.5", "99999999999", "2000000000"])("answers 404 'Question not found' for id %s", async (id) => {
    const { res, body } = await get(id);
    expect(res.status).toBe(404);
    expect(body.message).toBe("Question not found");
  });

  it("answers 404 for a private-group question to visitors and outsiders, 200 to members", async () => {
    expect((await get(hidden.id)).res.status).toBe(404);
    expect((await get(hidden.id, { user: outsider })).res.status).toBe(404);
    const { res, body } = await get(hidden.id, { user: insider });
    expect(res.status).toBe(200);
    expect(body.group.isPrivate).toBe(true);
  });

  it("answers the QuestionDetail with answers, comment trees and the viewer's votes", async () => {
    const answerer = await createUser({ tag: "answerer" });
    const voter = await createUser({ tag: "voter" });
    const q = await createQuestion({ author, description: "Why?" });
    const low = await createAnswer({ question: q, author: answerer, content: "Low answer" });
    const high = await createAnswer({ question: q, author: answerer, content: "High **answer**" });
    await createVote({ answer: high, user: voter, voteType: "up" });
    await createVote({ answer: low, user: voter, voteType: "down" });
    const comment = await createComment({ answer: high, author: voter, content: "A comment" });
    const reply = await createComment({ answer: high, author: answerer, parent: comment, content: "A reply" });

    const { res, body } = await get(q.id, { user: voter });
    expect(res.status).toBe(200);
    expect(keys(body)).toEqual(DETAIL_KEYS);
    expect(body.descriptionHtml).toBe("<p>Why?</p>\n");
    expect(body.answers.map((a: { id: number }) => a.id)).toEqual([high.id, low.id]);
    for (const answer of body.answers) expect(keys(answer)).toEqual(ANSWER_KEYS);
    expect(body.answers[0].viewerVote).toBe("up");
    expect(body.answers[1].viewerVote).toBe("down");
    expect(body.answers[0].contentHtml).toContain("<strong>answer</strong>");
    const [tree] = body.answers[0].comments;
    expect(keys(tree)).toEqual(COMMENT_KEYS);
    expect(tree.id).toBe(comment.id);
    expect(tree.replies.map((r: { id: number }) => r.id)).toEqual([reply.id]);
    expect(body.answerCount).toBe(2);
    expect(body.commentCount).toBe(2);
    expect(body.voteScore).toBe(0);
    expect(body.aiStatus).toBeNull();

    const visitor = await get(q.id);
    expect(visitor.body.answers[0].viewerVote).toBeNull();
    expect(visitor.body.viewerCan).toEqual({ edit: false, suggestEdit: false, delete: false, save: false, accept: false, vote: false, close: false, lock: false });
  });

  describe("views", () => {
    const viewCount = async (id: number) => (await db.question.findUniqueOrThrow({ where: { id } })).viewCount;
    const visitor = (ip: string, ua: string) => ({ headers: { "X-Forwarded-For": ip, "User-Agent": ua } });

    it("counts a visitor once an hour per address and browser", async () => {
      const q = await createQuestion({ author });
      const first = await get(q.id, visitor("203.0.113.7", "Browser A"));
      expect(first.body.viewCount).toBe(1);
      expect((await get(q.id, visitor("203.0.113.7", "Browser A"))).body.viewCount).toBe(1);
      expect((await get(q.id, visitor("203.0.113.7", "Browser B"))).body.viewCount).toBe(2);
      expect((await get(q.id, visitor("203.0.113.8", "Browser A"))).body.viewCount).toBe(3);
      expect(await viewCount(q.id)).toBe(3);
      const keysStored = await db.questionView.findMany({ where: { questionId: q.id } });
      for (const row of keysStored) expect(row.viewerKey).toMatch(/^[0-9a-f]{64}$/);
    });

    it("counts a member once an hour, again after an hour, and never the author", async () => {
      const q = await createQuestion({ author });
      const viewer = await createUser({ tag: "viewer" });
      await get(q.id, { user: author });
      await get(q.id, { user: author });
      expect(await viewCount(q.id)).toBe(0);
      expect((await get(q.id, { user: viewer })).body.viewCount).toBe(1);
      expect((await get(q.id, { user: viewer })).body.viewCount).toBe(1);
      await db.questionView.update({
        where: { questionId_viewerKey: { questionId: q.id, viewerKey: viewer.id } },
        data: { viewedAt: new Date(Date.now() - 61 * 60_000) },
      });
      expect((await get(q.id, { user: viewer })).body.viewCount).toBe(2);
      expect(await viewCount(q.id)).toBe(2);
    });

    it("counts 20 simultaneous first views by one member as one", async () => {
      const q = await createQuestion({ author });
      const viewer = await createUser({ tag: "viewer" });
      await Promise.all(Array.from({ length: 20 }, () => get(q.id, { user: viewer })));
      expect(await viewCount(q.id)).toBe(1);
    });

    it("does not count views of hidden questions", async () => {
      const secret = await createGroup({ creator: author, isPrivate: true });
      const q = await createQuestion({ author, group: secret });
      expect((await get(q.id, { user: outsider })).res.status).toBe(404);
      expect((await get(q.id, visitor("203.0.113.9", "Browser A"))).res.status).toBe(404);
      expect(await viewCount(q.id)).toBe(0);
    });
  });
});

describe("PUT /api/questions/:id", () => {
  const put = async (id: number | string, user: { id: string } | null, json: unknown) => {
    const url = `/api/questions/${id}`;
    const req = user ? await signedInRequest(user, url, { method: "PUT", json }) : visitorRequest(url, { method: "PUT", json });
    const res = await updateRoute(req, withId(id));
    return { res, body: await res.json() };
  };

  it("answers 401, 403 to another member, 404 for missing and hidden questions", async () => {
    const author = await createUser({ tag: "editor" });
    const other = await createUser({ tag: "other" });
    const tag = await createTag();
    const secret = await createGroup({ creator: author, isPrivate: true });
    const q = await createQuestion({ author, tags: [tag] });
    const hidden = await createQuestion({ author, tags: [tag], group: secret });
    const body = { title: "An edited title here", tagIds: [tag.id] };
    expect((await put(q.id, null, body)).res.status).toBe(401);
    const forbidden = await put(q.id, other, body);
    expect(forbidden.res.status).toBe(403);
    expect((await put(2_000_000_000, other, body)).res.status).toBe(404);
    expect((await put("nope", other, body)).res.status).toBe(404);
    expect((await put(hidden.id, other, body)).res.status).toBe(404);
    expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).title).toBe(q.title);
  });

  it.each([
    ["a short title", { title: "short", tagIds: [1] }, "Title must be at least 10 characters"],
    ["a long title", { title: "y".repeat(201), tagIds: [1] }, "Title must not exceed 200 characters"],
    ["no tags", { title: "An edited title here", tagIds: [] }, "Please select at least one tag"],
    ["only unknown tags", { title: "An edited title here", tagIds: [2_000_000_000] }, "Please select at least one tag"],
  ])("answers 400 for %s", async (_label, json, message) => {
    const author = await createUser({ tag: "editor" });
    const q = await createQuestion({ author, tags: [await createTag()] });
    const { res, body } = await put(q.id, author, json);
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("changes title, description and tags, moving the tag counters, and answers the QuestionDetail", async () => {
    const author = await createUser({ tag: "editor" });
    const [keep, drop, add] = [await createTag(), await createTag(), await createTag()];
    const q = await createQuestion({ author, tags: [keep, drop], description: "old" });
    const { res, body } = await put(q.id, author, {
      title: "  A much better title  ",
      description: "New *description*",
      tagIds: [keep.id, add.id],
      viewCount: 99,
      authorId: "x",
    });
    expect(res.status).toBe(200);
    expect(keys(body)).toEqual(DETAIL_KEYS);
    expect(body.title).toBe("A much better title");
    expect(body.description).toBe("New *description*");
    expect(body.descriptionHtml).toBe("<p>New <em>description</em></p>\n");
    expect(body.tags.map((t: { id: number }) => t.id).sort()).toEqual([keep.id, add.id].sort());
    expect(body.viewCount).toBe(0);
    expect(body.authorId).toBe(author.id);
    const counts = Object.fromEntries((await db.tag.findMany({ where: { id: { in: [keep.id, drop.id, add.id] } } })).map((t) => [t.id, t.questionCount]));
    expect(counts).toEqual({ [keep.id]: 1, [drop.id]: 0, [add.id]: 1 });
  });
});

describe("DELETE /api/questions/:id", () => {
  const del = async (id: number | string, user: { id: string } | null) => {
    const url = `/api/questions/${id}`;
    const req = user ? await signedInRequest(user, url, { method: "DELETE" }) : visitorRequest(url, { method: "DELETE" });
    return deleteRoute(req, withId(id));
  };

  it("answers 401, 403 to another member, 404 for missing and hidden questions", async () => {
    const author = await createUser({ tag: "deleter" });
    const other = await createUser({ tag: "other" });
    const secret = await createGroup({ creator: author, isPrivate: true });
    const q = await createQuestion({ author });
    const hidden = await createQuestion({ author, group: secret });
    expect((await del(q.id, null)).status).toBe(401);
    expect((await del(q.id, other)).status).toBe(403);
    expect((await del(hidden.id, other)).status).toBe(404);
    expect((await del(2_000_000_000, author)).status).toBe(404);
    expect(await db.question.count({ where: { id: { in: [q.id, hidden.id] } } })).toBe(2);
  });

  it("deletes the question with its answers and comments and lowers the tag and group counters", async () => {
    const author = await createUser({ tag: "deleter" });
    const member = await createUser({ tag: "member" });
    const tag = await createTag();
    const group = await createGroup({ creator: author, members: [member] });
    const q = await createQuestion({ author, tags: [tag], group });
    const answer = await createAnswer({ question: q, author: member });
    await createComment({ answer, author });
    await db.savedQuestion.create({ data: { userId: member.id, questionId: q.id } });

    const res = await del(q.id, author);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await db.question.findUnique({ where: { id: q.id } })).toBeNull();
    expect(await db.answer.count({ where: { questionId: q.id } })).toBe(0);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).questionCount).toBe(0);
    expect((await db.group.findUniqueOrThrow({ where: { id: group.id } })).questionCount).toBe(0);
    expect((await del(q.id, author)).status).toBe(404);
  });

  it("lowers the counters once when the author deletes twice at the same time", async () => {
    const author = await createUser({ tag: "deleter" });
    const tag = await createTag();
    await createQuestion({ author, tags: [tag] });
    const q = await createQuestion({ author, tags: [tag] });
    const statuses = (await Promise.all([del(q.id, author), del(q.id, author), del(q.id, author)])).map((r) => r.status);
    expect(statuses).toContain(204);
    for (const status of statuses) expect([204, 404]).toContain(status);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).questionCount).toBe(1);
  });
});
