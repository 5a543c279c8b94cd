/** @jest-environment node */
// Flags, hiding pending review and the review queue (issue 14): POST /api/flags, GET /api/review,
// POST /api/review/actions, and what a hidden post looks like to its author, moderators and everyone else.
import pg from "pg";
import { db } from "@/lib/server/db";
import { PAGE_CACHE_CHANNEL } from "@/lib/server/page-cache/listener";
import { POST as flagRoute } from "@/app/api/flags/route";
import { GET as reviewRoute } from "@/app/api/review/route";
import { POST as actionRoute } from "@/app/api/review/actions/route";
import { GET as questionRoute } from "@/app/api/questions/[id]/route";
import { GET as questionsRoute } from "@/app/api/questions/route";
import { POST as answerRoute } from "@/app/api/questions/[id]/answers/route";
import { GET as commentsRoute } from "@/app/api/answers/[id]/comments/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { GET as tagQuestionsRoute } from "@/app/api/tags/[id]/questions/route";
import { GET as trendingRoute } from "@/app/api/questions/trending/route";
import { GET as feedRoute } from "@/app/api/feed/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { GET as userQuestionsRoute } from "@/app/api/users/[id]/questions/route";
import { GET as userAnswersRoute } from "@/app/api/users/[id]/answers/route";
import { FLAGS_TO_HIDE, hideForReview } from "@/lib/server/flags/mutations";
import { countOpenFlags } from "@/lib/server/flags/queries";
import { findSources } from "@/lib/server/ai/retrieval";
import { listSitemapQuestions } from "@/lib/server/sitemap/queries";
import { closeRateLimitStore, resetLimit } from "@/lib/server/rate-limit";
import {
  createAnswer, createComment, createGroup, createQuestion, createTag, createUser, followTag, routeContext, signedInRequest, unique, visitorRequest,
} from "@/tests/factories";
import { ANSWER_KEYS, COMMENT_KEYS, DETAIL_KEYS, keys } from "@/tests/integration/shapes";

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

type User = { id: string };
type Target = { targetType: "question" | "answer" | "comment"; targetId: number };

async function flag(user: User | null, body: unknown) {
  const init = { method: "POST", json: body };
  const res = await flagRoute(user ? await signedInRequest(user, "/api/flags", init) : visitorRequest("/api/flags", init), routeContext());
  return { status: res.status, body: await res.json() };
}

async function review(user: User | null, query = "") {
  const url = `/api/review${query}`;
  const res = await reviewRoute(user ? await signedInRequest(user, url) : visitorRequest(url), routeContext());
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function act(user: User, body: Target & { action: string; days?: number; reason?: string }) {
  const res = await actionRoute(await signedInRequest(user, "/api/review/actions", { method: "POST", json: body }), routeContext());
  return { status: res.status, body: await res.json() };
}

async function getJson(route: (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>, url: string, user: User | null, params: Record<string, string> = {}) {
  const res = await route(user ? await signedInRequest(user, url) : visitorRequest(url), routeContext(params));
  return { status: res.status, body: await res.json() };
}

const question = (id: number, user: User | null) => getJson(questionRoute, `/api/questions/${id}`, user, { id: String(id) });
const ids = (body: { id: number }[]) => body.map((item) => item.id);

async function moderator(tag = "moderator") {
  const user = await createUser({ tag });
  await db.user.update({ where: { id: user.id }, data: { role: "moderator" } });
  return user;
}

/** Three distinct members flag the post as spam. */
async function flagByThree(target: Target, reason: "spam" | "rude" = "spam") {
  for (let i = 0; i < FLAGS_TO_HIDE; i++) expect((await flag(await createUser({ tag: "flagger" }), { ...target, reason })).status).toBe(201);
}

describe("POST /api/flags", () => {
  let author: User;
  let member: User;
  let q: { id: number };
  let answer: { id: number; questionId: number };
  let comment: { id: number };

  beforeAll(async () => {
    author = await createUser({ tag: "flag-author" });
    member = await createUser({ tag: "flag-member" });
    q = await createQuestion({ author });
    answer = await createAnswer({ question: q, author });
    comment = await createComment({ answer, author });
  });

  it("answers 401 to a visitor", async () => {
    const res = await flag(null, { targetType: "answer", targetId: answer.id, reason: "spam" });
    expect(res.status).toBe(401);
    expect(res.body.message).toContain("Unauthorized");
  });

  it("records a flag (201) with its shape; flagging the same post again answers 200 with the same flag and changes nothing", async () => {
    const first = await flag(member, { targetType: "comment", targetId: comment.id, reason: "off_topic", details: "  Not about this  " });
    expect(first.status).toBe(201);
    expect(keys(first.body)).toEqual(["createdAt", "details", "duplicateOfId", "id", "postHidden", "reason", "status", "targetId", "targetType"]);
    expect(first.body).toMatchObject({ targetType: "comment", targetId: comment.id, reason: "off_topic", details: "Not about this", status: "open", postHidden: false });
    const again = await flag(member, { targetType: "comment", targetId: comment.id, reason: "spam" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await db.flag.count({ where: { targetType: "comment", targetId: comment.id } })).toBe(1);
  });

  it("refuses to flag one's own post with a clear 403", async () => {
    const res = await flag(author, { targetType: "answer", targetId: answer.id, reason: "spam" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You cannot flag your own post. Edit or delete it instead.");
  });

  it("validates the body: type, id, reason, details up to 500 characters, details for 'other'", async () => {
    const cases: [unknown, string][] = [
      [{ targetType: "user", targetId: 1, reason: "spam" }, "Target type must be question, answer or comment"],
      [{ targetType: "answer", targetId: -1, reason: "spam" }, "Target id must be a positive integer"],
      [{ targetType: "answer", targetId: answer.id, reason: "boring" }, "Reason must be spam, rude, off_topic, duplicate, ai_incorrect or other"],
      [{ targetType: "answer", targetId: answer.id, reason: "spam", details: "x".repeat(501) }, "Details must be at most 500 characters"],
      [{ targetType: "answer", targetId: answer.id, reason: "other" }, "Please tell the moderators what is wrong"],
      [{ targetType: "answer", targetId: answer.id, reason: "other", details: "   " }, "Please tell the moderators what is wrong"],
      ["not an object", "Request body must be a JSON object"],
    ];
    for (const [body, message] of cases) {
      const res = await flag(member, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await db.flag.count({ where: { reporterId: member.id, targetType: "answer" } })).toBe(0);
  });

  it("answers 404 for a missing post and for one in a private group the member is outside of", async () => {
    expect((await flag(member, { targetType: "answer", targetId: 2_000_000_000, reason: "spam" })).body.message).toBe("Answer not found");
    expect((await flag(member, { targetType: "question", targetId: 2_000_000_000, reason: "spam" })).status).toBe(404);
    expect((await flag(member, { targetType: "comment", targetId: 2_000_000_000, reason: "spam" })).body.message).toBe("Comment not found");
    const group = await createGroup({ creator: author, isPrivate: true });
    const secret = await createQuestion({ author, group });
    expect((await flag(member, { targetType: "question", targetId: secret.id, reason: "spam" })).status).toBe(404);
  });

  it("takes 'AI answer is wrong' only on AI answers (the automatic one or a custom-prompt one)", async () => {
    const human = await flag(member, { targetType: "answer", targetId: answer.id, reason: "ai_incorrect" });
    expect(human.status).toBe(400);
    expect(human.body.message).toBe("Only an AI answer can be flagged as a wrong AI answer");
    expect((await flag(member, { targetType: "question", targetId: q.id, reason: "ai_incorrect" })).status).toBe(400);
    const assistant = await createUser({ tag: "assistant", isAssistant: true });
    const auto = await createAnswer({ question: q, author: assistant, isAutoGenerated: true });
    expect((await flag(member, { targetType: "answer", targetId: auto.id, reason: "ai_incorrect" })).status).toBe(201);
    const prompted = await createAnswer({ question: q, author, customPrompt: "Answer briefly" });
    expect((await flag(member, { targetType: "answer", targetId: prompted.id, reason: "ai_incorrect", details: "Wrong version" })).status).toBe(201);
  });

  it("takes 'duplicate' only on a question, with the id of another question the member can see", async () => {
    const original = await createQuestion({ author: member });
    const copy = await createQuestion({ author });
    const missing = await flag(member, { targetType: "question", targetId: copy.id, reason: "duplicate" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Please give the id of the original question");
    expect((await flag(member, { targetType: "answer", targetId: answer.id, reason: "duplicate", duplicateOfId: original.id })).body.message).toBe(
      "Only a question can be flagged as a duplicate",
    );
    expect((await flag(member, { targetType: "question", targetId: copy.id, reason: "duplicate", duplicateOfId: 2_000_000_000 })).body.message).toBe(
      "The original question was not found",
    );
    expect((await flag(member, { targetType: "question", targetId: copy.id, reason: "duplicate", duplicateOfId: copy.id })).body.message).toBe(
      "A question cannot be a duplicate of itself",
    );
    const group = await createGroup({ creator: author, isPrivate: true });
    const secret = await createQuestion({ author, group });
    expect((await flag(member, { targetType: "question", targetId: copy.id, reason: "duplicate", duplicateOfId: secret.id })).status).toBe(400);
    const ok = await flag(member, { targetType: "question", targetId: copy.id, reason: "duplicate", duplicateOfId: original.id });
    expect(ok.status).toBe(201);
    expect(ok.body.duplicateOfId).toBe(original.id);
  });
});

describe("hiding pending review", () => {
  it(`hides an answer flagged spam by ${FLAGS_TO_HIDE} distinct members, not before, and not for other reasons`, async () => {
    const author = await createUser({ tag: "hide-author" });
    const q = await createQuestion({ author });
    const answer = await createAnswer({ question: q, author });
    const target = { targetType: "answer", targetId: answer.id } as const;
    // Off-topic flags never hide, however many.
    for (let i = 0; i < FLAGS_TO_HIDE; i++) await flag(await createUser({ tag: "off-topic" }), { ...target, reason: "off_topic" });
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).hiddenAt).toBeNull();
    for (let i = 0; i < FLAGS_TO_HIDE - 1; i++) {
      const res = await flag(await createUser({ tag: "spotter" }), { ...target, reason: i === 0 ? "spam" : "rude" });
      expect(res.body.postHidden).toBe(false);
    }
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).hiddenAt).toBeNull();
    const last = await flag(await createUser({ tag: "spotter" }), { ...target, reason: "spam" });
    expect(last.status).toBe(201);
    expect(last.body.postHidden).toBe(true);
    const hidden = await db.answer.findUniqueOrThrow({ where: { id: answer.id } });
    expect(hidden.hiddenAt).not.toBeNull();
    // Hiding does not make the answer look edited.
    expect(hidden.updatedAt.getTime()).toBe(answer.updatedAt.getTime());
  });

  it("hides at once when a moderator (or an admin) flags spam or rude, with an audit entry", async () => {
    const author = await createUser({ tag: "mod-hide-author" });
    const q = await createQuestion({ author });
    const mod = await moderator();
    const res = await flag(mod, { targetType: "question", targetId: q.id, reason: "rude" });
    expect(res.body.postHidden).toBe(true);
    expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).hiddenAt).not.toBeNull();
    expect(await db.moderationAudit.count({ where: { actorId: mod.id, action: "question.hide", targetId: String(q.id) } })).toBe(1);
    const admin = await createUser({ tag: "admin" });
    await db.user.update({ where: { id: admin.id }, data: { role: "admin" } });
    const other = await createQuestion({ author });
    expect((await flag(admin, { targetType: "question", targetId: other.id, reason: "spam" })).body.postHidden).toBe(true);
    // A moderator's off-topic flag does not hide.
    const third = await createQuestion({ author });
    expect((await flag(mod, { targetType: "question", targetId: third.id, reason: "off_topic" })).body.postHidden).toBe(false);
  });

  describe("a hidden question", () => {
    let author: User;
    let stranger: User;
    let mod: User;
    let tag: { id: number; name: string };
    let q: { id: number; title: string };
    let visible: { id: number };
    const word = `zebrafish${unique()}`;

    beforeAll(async () => {
      author = await createUser({ tag: "hq-author" });
      stranger = await createUser({ tag: "hq-stranger" });
      mod = await moderator("hq-moderator");
      tag = await createTag();
      await followTag(stranger, tag);
      q = await createQuestion({ author, tags: [tag], title: `Cheap ${word} pills`, description: `Buy ${word} now` });
      visible = await createQuestion({ author, tags: [tag], title: `Honest ${word} question`, description: `How do ${word} swim?` });
      await flagByThree({ targetType: "question", targetId: q.id });
    });

    it("answers 404 to visitors and other members; its author and moderators see it with hidden: true", async () => {
      expect((await question(q.id, null)).status).toBe(404);
      const other = await question(q.id, stranger);
      expect(other.status).toBe(404);
      expect(other.body.message).toBe("Question not found");
      const own = await question(q.id, author);
      expect(own.status).toBe(200);
      expect(keys(own.body)).toEqual(DETAIL_KEYS);
      expect(own.body.hidden).toBe(true);
      expect(own.body.canFlag).toBe(false);
      const staff = await question(q.id, mod);
      expect(staff.body).toMatchObject({ hidden: true, canFlag: true });
      expect((await question(visible.id, stranger)).body).toMatchObject({ hidden: false, canFlag: true });
    });

    it("leaves lists, the tag page, trending, the feed, search, profiles and the sitemap, except for its author and staff", async () => {
      const list = await getJson(questionsRoute, `/api/questions?tag=${tag.name}`, null);
      expect(ids(list.body)).toEqual([visible.id]);
      expect(ids((await getJson(questionsRoute, `/api/questions?tag=${tag.name}`, author)).body).sort()).toEqual([q.id, visible.id].sort());
      expect(ids((await getJson(questionsRoute, `/api/questions?tag=${tag.name}`, mod)).body).sort()).toEqual([q.id, visible.id].sort());
      expect(ids((await getJson(tagQuestionsRoute, `/api/tags/${tag.id}/questions`, stranger, { id: String(tag.id) })).body)).toEqual([visible.id]);
      expect(ids((await getJson(feedRoute, "/api/feed", stranger)).body)).not.toContain(q.id);
      expect(ids((await getJson(feedRoute, "/api/feed", stranger)).body)).toContain(visible.id);
      expect(ids((await getJson(trendingRoute, "/api/questions/trending", null)).body)).not.toContain(q.id);
      expect(ids((await getJson(searchRoute, `/api/search?q=${word}`, stranger)).body)).toEqual([visible.id]);
      expect(ids((await getJson(searchRoute, `/api/search?q=${word}`, null)).body)).toEqual([visible.id]);
      expect(ids((await getJson(searchRoute, `/api/search?q=${word}`, author)).body).sort()).toEqual([q.id, visible.id].sort());
      expect(ids((await getJson(userQuestionsRoute, `/api/users/${author.id}/questions`, null, { id: author.id })).body)).toEqual([visible.id]);
      expect(ids((await getJson(userQuestionsRoute, `/api/users/${author.id}/questions`, author, { id: author.id })).body)).toContain(q.id);
      const sitemap = (await listSitemapQuestions()).map((row) => row.id);
      expect(sitemap).toContain(visible.id);
      expect(sitemap).not.toContain(q.id);
    });

    it("counts out of X-Total-Count for others", async () => {
      const res = await questionsRoute(visitorRequest(`/api/questions?tag=${tag.name}`), routeContext());
      expect(res.headers.get("X-Total-Count")).toBe("1");
      const all = await questionsRoute(visitorRequest("/api/questions"), routeContext());
      const mine = await questionsRoute(await signedInRequest(author, "/api/questions"), routeContext());
      expect(Number(mine.headers.get("X-Total-Count"))).toBe(Number(all.headers.get("X-Total-Count")) + 1);
    });

    it("cannot be answered by others (404), and a moderator's answer on it is neither shown in notifications nor e-mailed", async () => {
      const denied = await answerRoute(
        await signedInRequest(stranger, `/api/questions/${q.id}/answers`, { method: "POST", json: { content: "An answer of some length here" } }),
        routeContext({ id: String(q.id) }),
      );
      expect(denied.status).toBe(404);
      const mails = await db.emailOutbox.count({ where: { to: { startsWith: "hq-author" } } });
      const posted = await answerRoute(
        await signedInRequest(mod, `/api/questions/${q.id}/answers`, { method: "POST", json: { content: "A moderator's answer of some length" } }),
        routeContext({ id: String(q.id) }),
      );
      expect(posted.status).toBe(201);
      expect(await db.notification.count({ where: { userId: author.id, questionId: q.id } })).toBe(1); // kept for when it is restored
      expect(await db.emailOutbox.count({ where: { to: { startsWith: "hq-author" } } })).toBe(mails);
      const listed = await getJson(notificationsRoute, "/api/notifications", author);
      expect(listed.body.map((n: { questionId: number | null }) => n.questionId)).not.toContain(q.id);
    });
  });

  describe("a hidden answer and a hidden comment", () => {
    let asker: User;
    let answerer: User;
    let stranger: User;
    let mod: User;
    let q: { id: number };
    let hiddenAnswer: { id: number; questionId: number };
    let keptAnswer: { id: number; questionId: number };
    let hiddenComment: { id: number };
    let keptComment: { id: number };

    beforeAll(async () => {
      asker = await createUser({ tag: "ha-asker" });
      answerer = await createUser({ tag: "ha-answerer" });
      stranger = await createUser({ tag: "ha-stranger" });
      mod = await moderator("ha-moderator");
      q = await createQuestion({ author: asker });
      // Posted through the route, so the asker is notified about it.
      const posted = await answerRoute(
        await signedInRequest(answerer, `/api/questions/${q.id}/answers`, { method: "POST", json: { content: "Visit my shop for cheap watches" } }),
        routeContext({ id: String(q.id) }),
      );
      hiddenAnswer = (await posted.json()) as { id: number; questionId: number };
      keptAnswer = await createAnswer({ question: q, author: stranger });
      hiddenComment = await createComment({ answer: keptAnswer, author: answerer, content: "You are an idiot" });
      keptComment = await createComment({ answer: keptAnswer, author: asker });
      expect((await getJson(notificationsRoute, "/api/notifications", asker)).body.some((n: { link: string }) => n.link.endsWith(`#answer-${hiddenAnswer.id}`))).toBe(true);
      await flagByThree({ targetType: "answer", targetId: hiddenAnswer.id });
      await flag(mod, { targetType: "comment", targetId: hiddenComment.id, reason: "rude" });
    });

    it("leaves them out of the question page for visitors and other members, counts included", async () => {
      for (const viewer of [null, stranger, asker]) {
        const page = await question(q.id, viewer);
        expect(page.status).toBe(200);
        expect(ids(page.body.answers)).toEqual([keptAnswer.id]);
        expect(page.body.answerCount).toBe(1);
        const kept = page.body.answers[0];
        expect(ids(kept.comments)).toEqual([keptComment.id]);
      }
      expect((await getJson(commentsRoute, `/api/answers/${keptAnswer.id}/comments`, null, { id: String(keptAnswer.id) })).body.map((c: { id: number }) => c.id)).toEqual([keptComment.id]);
      expect((await getJson(commentsRoute, `/api/answers/${hiddenAnswer.id}/comments`, stranger, { id: String(hiddenAnswer.id) })).status).toBe(404);
      expect((await getJson(commentsRoute, `/api/answers/${hiddenAnswer.id}/comments`, answerer, { id: String(hiddenAnswer.id) })).status).toBe(200);
      expect((await getJson(userAnswersRoute, `/api/users/${answerer.id}/answers`, null, { id: answerer.id })).body).toEqual([]);
    });

    it("shows them to their author and to moderators with hidden: true", async () => {
      const own = await question(q.id, answerer);
      const mine = own.body.answers.find((a: { id: number }) => a.id === hiddenAnswer.id);
      expect(keys(mine)).toEqual(ANSWER_KEYS);
      expect(mine.hidden).toBe(true);
      const kept = own.body.answers.find((a: { id: number }) => a.id === keptAnswer.id);
      const myComment = kept.comments.find((c: { id: number }) => c.id === hiddenComment.id);
      expect(keys(myComment)).toEqual(COMMENT_KEYS);
      expect(myComment.hidden).toBe(true);
      const staff = await question(q.id, mod);
      expect(staff.body.answers.map((a: { id: number; hidden: boolean }) => [a.id, a.hidden]).sort()).toEqual(
        [[hiddenAnswer.id, true], [keptAnswer.id, false]].sort(),
      );
      expect((await getJson(userAnswersRoute, `/api/users/${answerer.id}/answers`, answerer, { id: answerer.id })).body).toHaveLength(1);
    });

    it("drops the notification about the hidden answer", async () => {
      const listed = await getJson(notificationsRoute, "/api/notifications", asker);
      expect(listed.body.some((n: { link: string }) => n.link.endsWith(`#answer-${hiddenAnswer.id}`))).toBe(false);
    });
  });

  it("keeps hidden questions and answers out of the community posts AI answers draw on", async () => {
    const author = await createUser({ tag: "sources" });
    const word = `quokka${unique()} numbat${unique()}`; // two rare words: no other test's post outranks these
    const kept = await createQuestion({ author, title: `Feeding a ${word} safely`, description: `What does a ${word} eat?` });
    const keptAnswer = await createAnswer({ question: kept, author, content: `A ${word} eats leaves and grasses.` });
    const spamAnswer = await createAnswer({ question: kept, author, content: `Buy ${word} food at our shop today.` });
    const spamQuestion = await createQuestion({ author, title: `Cheap ${word} toys`, description: `Buy ${word} toys now` });
    const mod = await moderator("sources-moderator");
    await flag(mod, { targetType: "answer", targetId: spamAnswer.id, reason: "spam" });
    await flag(mod, { targetType: "question", targetId: spamQuestion.id, reason: "spam" });
    const sources = await findSources({ id: 2_000_000_000, title: `How do I feed a ${word}?`, description: `My ${word} is hungry`, groupId: null });
    const refs = sources.map((s) => `${s.ref.type}:${s.ref.id}`);
    expect(refs).toContain(`answer:${keptAnswer.id}`);
    expect(refs).not.toContain(`answer:${spamAnswer.id}`);
    expect(refs).not.toContain(`question:${spamQuestion.id}`);
  });

  it("hideForReview hides a post in the caller's transaction and queues it under the spam check's name", async () => {
    const author = await createUser({ tag: "spam-check" });
    const q = await createQuestion({ author });
    const answer = await createAnswer({ question: q, author });
    expect(await db.$transaction((tx) => hideForReview(tx, "answer", answer.id))).toBe(true);
    expect(await db.$transaction((tx) => hideForReview(tx, "answer", answer.id))).toBe(false);
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).hiddenAt).not.toBeNull();
    const flags = await db.flag.findMany({ where: { targetType: "answer", targetId: answer.id } });
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ reporterId: null, reason: "spam", status: "open" });
    const queue = await review(await moderator());
    const item = queue.body.find((i: Target) => i.targetType === "answer" && i.targetId === answer.id);
    expect(item.flaggers).toEqual([{ id: null, name: "Agora spam check" }]);
  });
});

describe("the visitors' page cache", () => {
  let listener: pg.Client;
  const waiting = new Map<string, () => void>();

  beforeAll(async () => {
    listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    await listener.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
    listener.on("notification", (message) => waiting.get(message.payload ?? "")?.());
  });
  afterAll(() => listener.end());

  /** Resolves when the page cache is told that the question's page changed. */
  const invalidated = (questionId: number) => new Promise<void>((resolve) => waiting.set(String(questionId), resolve));

  it("drops a question's cached page when one of its answers or comments is hidden, and again when it is restored", async () => {
    const author = await createUser({ tag: "cached" });
    const q = await createQuestion({ author });
    const answer = await createAnswer({ question: q, author });
    const comment = await createComment({ answer, author });
    const mod = await moderator("cache-moderator");
    let dropped = invalidated(q.id);
    await flag(mod, { targetType: "answer", targetId: answer.id, reason: "spam" });
    await dropped;
    dropped = invalidated(q.id);
    await flag(mod, { targetType: "comment", targetId: comment.id, reason: "spam" });
    await dropped;
    dropped = invalidated(q.id);
    expect((await act(mod, { targetType: "answer", targetId: answer.id, action: "dismiss" })).status).toBe(200);
    await dropped;
  });
});

describe("the review queue", () => {
  it("answers 401 to visitors and 403 to members, GET and POST alike", async () => {
    expect((await review(null)).status).toBe(401);
    const member = await createUser({ tag: "queue-member" });
    const res = await review(member);
    expect(res.status).toBe(403);
    expect((await act(member, { targetType: "answer", targetId: 1, action: "dismiss" })).status).toBe(403);
  });

  it("lists flagged posts newest first, grouped per post: reasons with counts, flaggers by name, the post in context", async () => {
    const author = await createUser({ tag: "queue-author", firstName: "Paula", lastName: "Poster" });
    const q = await createQuestion({ author, title: `Queue question ${unique()}` });
    const answer = await createAnswer({ question: q, author, content: "Buy **now** at example.com" });
    const comment = await createComment({ answer, author, content: "A comment that is off topic" });
    const ann = await createUser({ tag: "ann", firstName: "Ann", lastName: "Archer" });
    const bob = await createUser({ tag: "bob", firstName: "Bob", lastName: "Baker" });
    await flag(ann, { targetType: "answer", targetId: answer.id, reason: "spam" });
    await flag(bob, { targetType: "answer", targetId: answer.id, reason: "other", details: "Looks like an advert" });
    await flag(ann, { targetType: "comment", targetId: comment.id, reason: "off_topic" });
    const mod = await moderator();
    const res = await review(mod, "?limit=100");
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(2);
    const items = res.body as (Target & { latestFlagAt: string })[];
    const times = items.map((i) => i.latestFlagAt);
    expect([...times].sort().reverse()).toEqual(times);
    const commentIndex = items.findIndex((i) => i.targetType === "comment" && i.targetId === comment.id);
    const answerIndex = items.findIndex((i) => i.targetType === "answer" && i.targetId === answer.id);
    expect(commentIndex).toBeLessThan(answerIndex);
    const item = res.body[answerIndex];
    expect(keys(item)).toEqual(["flagCount", "flaggers", "flags", "latestFlagAt", "post", "reasons", "targetId", "targetType"]);
    expect(item.flagCount).toBe(2);
    expect(item.reasons).toEqual([
      { reason: "spam", label: "Spam", count: 1 },
      { reason: "other", label: "Something else", count: 1 },
    ]);
    expect(item.flaggers.map((f: { name: string }) => f.name).sort()).toEqual(["Ann Archer", "Bob Baker"]);
    expect(item.flags.find((f: { reason: string }) => f.reason === "other").details).toBe("Looks like an advert");
    expect(item.post).toMatchObject({ questionId: q.id, questionTitle: q.title, link: `/questions/${q.id}#answer-${answer.id}`, excerpt: "Buy now at example.com", hidden: false });
    expect(item.post.author).toMatchObject({ firstName: "Paula", lastName: "Poster" });
    expect(JSON.stringify(res.body)).not.toContain("@example.com\"");
    expect(await countOpenFlags()).toBeGreaterThanOrEqual(3);
  });

  describe("actions", () => {
    let mod: User;
    beforeAll(async () => {
      mod = await moderator("acting-moderator");
      await resetLimit("reviewActionHourly", mod.id);
    });

    async function flaggedAnswer() {
      const author = await createUser({ tag: "acted-author" });
      const q = await createQuestion({ author });
      const answer = await createAnswer({ question: q, author });
      await flagByThree({ targetType: "answer", targetId: answer.id });
      return { author, q, answer, target: { targetType: "answer" as const, targetId: answer.id } };
    }

    it("dismiss resolves the flags, unhides the post, writes the audit; a second action answers 409", async () => {
      const { q, answer, target } = await flaggedAnswer();
      expect((await question(q.id, null)).body.answers).toEqual([]);
      const res = await act(mod, { ...target, action: "dismiss", reason: "Not spam" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...target, action: "dismiss", resolvedFlags: 3 });
      expect(ids((await question(q.id, null)).body.answers)).toEqual([answer.id]);
      const flags = await db.flag.findMany({ where: target });
      expect(flags.every((f) => f.status === "dismissed" && f.resolvedById === mod.id && f.resolvedAt !== null)).toBe(true);
      expect(await db.moderationAudit.findFirst({ where: { action: "flags.dismiss", targetId: String(answer.id) } })).toMatchObject({ actorId: mod.id, reason: "Not spam" });
      const again = await act(mod, { ...target, action: "hide" });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("Already handled by another moderator");
      // The queue no longer lists it.
      expect((await review(mod, "?limit=100")).body.some((i: Target) => i.targetId === answer.id && i.targetType === "answer")).toBe(false);
    });

    it("hide keeps the post hidden and resolves the flags as actioned; unhide restores a post", async () => {
      const author = await createUser({ tag: "hide-action" });
      const q = await createQuestion({ author });
      const answer = await createAnswer({ question: q, author });
      await flag(await createUser({ tag: "one" }), { targetType: "answer", targetId: answer.id, reason: "off_topic" });
      expect((await act(mod, { targetType: "answer", targetId: answer.id, action: "hide" })).status).toBe(200);
      expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).hiddenAt).not.toBeNull();
      expect((await db.flag.findFirstOrThrow({ where: { targetType: "answer", targetId: answer.id } })).status).toBe("actioned");
      const second = await flaggedAnswer();
      expect((await act(mod, { ...second.target, action: "unhide" })).status).toBe(200);
      expect((await db.answer.findUniqueOrThrow({ where: { id: second.answer.id } })).hiddenAt).toBeNull();
    });

    it("delete removes the post through the delete mutations (counters kept) and writes the audit", async () => {
      const { q, answer, target } = await flaggedAnswer();
      const res = await act(mod, { ...target, action: "delete", reason: "Spam" });
      expect(res.status).toBe(200);
      expect(await db.answer.findUnique({ where: { id: answer.id } })).toBeNull();
      expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).answerCount).toBe(0);
      expect(await db.moderationAudit.count({ where: { action: "flags.delete", targetId: String(answer.id) } })).toBe(1);
      const author = await createUser({ tag: "comment-del" });
      const a = await createAnswer({ question: q, author });
      const comment = await createComment({ answer: a, author });
      await flag(mod, { targetType: "comment", targetId: comment.id, reason: "spam" });
      expect((await act(mod, { targetType: "comment", targetId: comment.id, action: "delete" })).status).toBe(200);
      expect(await db.comment.findUnique({ where: { id: comment.id } })).toBeNull();
      const doomed = await createQuestion({ author });
      await flag(mod, { targetType: "question", targetId: doomed.id, reason: "spam" });
      expect((await act(mod, { targetType: "question", targetId: doomed.id, action: "delete" })).status).toBe(200);
      expect(await db.question.findUnique({ where: { id: doomed.id } })).toBeNull();
    });

    it("lock locks the post's question; suspend suspends its author for the days given, with a reason", async () => {
      const { q, author, target } = await flaggedAnswer();
      expect((await act(mod, { ...target, action: "lock", reason: "Heated" })).status).toBe(200);
      expect((await db.question.findUniqueOrThrow({ where: { id: q.id } })).lockedAt).not.toBeNull();
      expect(await db.moderationAudit.count({ where: { action: "question.lock", targetId: String(q.id) } })).toBe(1);
      const second = await flaggedAnswer();
      const refused = await act(mod, { ...second.target, action: "suspend" });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("Days must be a whole number from 1 to 365");
      expect((await act(mod, { ...second.target, action: "suspend", days: 3, reason: "Spamming" })).status).toBe(200);
      const suspended = await db.user.findUniqueOrThrow({ where: { id: second.author.id } });
      expect(suspended.suspendedUntil!.getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
      expect(suspended.suspensionReason).toBe("Spamming");
      expect(author.id).not.toBe(second.author.id);
    });

    it("answers 400 for an unknown action, 404 for a missing post", async () => {
      expect((await act(mod, { targetType: "answer", targetId: 1, action: "ban" })).body.message).toBe("Action must be dismiss, hide, unhide, delete, lock or suspend");
      expect((await act(mod, { targetType: "answer", targetId: 2_000_000_000, action: "dismiss" })).status).toBe(404);
    });
  });
});
