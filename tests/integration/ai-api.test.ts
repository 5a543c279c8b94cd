/** @jest-environment node */
// The AI routes against a loopback OpenAI-compatible server: generate-preview (401, 400, 404,
// 429, 503, streamed and JSON success, empty completion, provider failure), the signed
// provenance of a posted preview, the automatic answer's event stream, and the cron route.
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { POST as generatePreview } from "@/app/api/questions/[id]/generate-preview/route";
import { POST as postAnswer } from "@/app/api/questions/[id]/answers/route";
import { GET as followStream } from "@/app/api/questions/[id]/ai-answer/stream/route";
import { GET as cronGet, POST as cronPost } from "@/app/api/cron/ai-answers/route";
import { GET as getQuestion } from "@/app/api/questions/[id]/route";
import { charge, resetLimit } from "@/lib/server/rate-limit";
import { createQuestion as createQuestionWithJob } from "@/lib/server/questions/mutations";
import { claimJobs, processOwedAnswers, renewLease } from "@/lib/server/ai/worker";
import { AI_NOT_CONFIGURED_MESSAGE, GENERATE_FAILED_MESSAGE, PROMPT_REQUIRED_MESSAGE } from "@/lib/validation/ai";
import { createAnswer, createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, unique, visitorRequest, type TestUser } from "@/tests/factories";
import { HOSTILE_REPLY, startFakeOpenAI, userMessageOf, type FakeOpenAI } from "@/tests/support/fake-openai";

let fake: FakeOpenAI;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let question: { id: number };
let privateQuestion: { id: number };
const word = `capybara${unique()}`;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  process.env.AGORA_AI_WORKER = "off";
  alice = await createUser({ tag: "preview-alice" });
  bob = await createUser({ tag: "preview-bob" });
  carol = await createUser({ tag: "preview-carol" });
  const source = await createQuestion({ author: bob, title: `How do ${word} handle state?` });
  await createAnswer({ question: source, author: bob, content: `${word} keep state in refs.` });
  question = await createQuestion({ author: alice, title: `Why does my ${word} state reset?` });
  const group = await createGroup({ creator: alice, isPrivate: true });
  privateQuestion = await createQuestion({ author: alice, group, title: `Private ${word} question` });
});

beforeEach(async () => {
  fake.reset();
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.AI_MODEL = "fake-model";
  delete process.env.OPENAI_API_KEY;
  delete process.env.CRON_SECRET;
  await resetLimit("aiHourly", bob.id);
});

afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

type SseEvent = { event: string; data: unknown };

async function readSse(res: Response): Promise<SseEvent[]> {
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((block) => block.includes("data:"))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!);
      return { event, data };
    });
}

const preview = async (user: TestUser | null, id: number | string, json: unknown, stream = true) => {
  const url = `/api/questions/${id}/generate-preview`;
  const headers = stream ? { Accept: "text/event-stream" } : { Accept: "application/json" };
  const req = user ? await signedInRequest(user, url, { method: "POST", json, headers }) : visitorRequest(url, { method: "POST", json, headers });
  return generatePreview(req, routeContext({ id: String(id) }));
};

describe("POST /api/questions/:id/generate-preview", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const res = await preview(null, question.id, { customPrompt: "Explain it" });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain("Unauthorized");
  });

  it.each([[{}], [{ customPrompt: "" }], [{ customPrompt: "   " }], [{ customPrompt: 5 }]])("answers 400 for a blank prompt %j", async (body) => {
    const res = await preview(bob, question.id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(PROMPT_REQUIRED_MESSAGE);
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 404 for a missing question and for a private group's question outside the group", async () => {
    expect((await preview(bob, 2147483000, { customPrompt: "x" })).status).toBe(404);
    expect((await preview(bob, privateQuestion.id, { customPrompt: "x" })).status).toBe(404);
  });

  it("answers 503 with a clear message when no provider is configured, without spending the quota", async () => {
    delete process.env.OPENAI_BASE_URL;
    const res = await preview(bob, question.id, { customPrompt: "Explain it" });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: AI_NOT_CONFIGURED_MESSAGE, code: "service_unavailable", key: "aiNotConfigured", params: {} });
  });

  it("answers 429 with Retry-After and a readable message once the hourly quota is spent", async () => {
    await charge("aiHourly", bob.id, 20);
    const res = await preview(bob, question.id, { customPrompt: "Explain it" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await res.json()).message).toBe("You have used your AI answers for this hour. Please try again later.");
    expect(fake.requests).toHaveLength(0);
  });

  it("streams the preview token by token, then the content with linked citations and its provenance", async () => {
    const res = await preview(bob, question.id, { customPrompt: "Explain it for a beginner" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const events = await readSse(res);
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const { content, provenance } = done.data as { content: string; provenance: string };
    expect(deltas.map((d) => (d.data as { text: string }).text).join("")).toContain("Use **a ref**");
    expect(content).toMatch(/\[\\\[1\\\]\]\(\/questions\/\d+(#answer-\d+)?\)/);
    expect(typeof provenance).toBe("string");
    // The member's prompt reached the model as delimited data, after the question.
    const prompt = userMessageOf(fake.requests.at(-1)!);
    expect(prompt).toContain("<member_request>\nExplain it for a beginner\n</member_request>");
    expect(prompt).not.toContain("You are Agora AI");
    expect(JSON.stringify(events)).not.toContain("You are Agora AI");
  });

  it("answers JSON { content, provenance } to clients that do not ask for a stream", async () => {
    const res = await preview(bob, question.id, { customPrompt: "Short please" }, false);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["content", "provenance"]);
    expect(body.content).toContain("Use **a ref**");
  });

  it("ends with empty content for an empty completion, and gives the quota back", async () => {
    fake.behave({ mode: "empty" });
    await charge("aiHourly", bob.id, 19);
    const events = await readSse(await preview(bob, question.id, { customPrompt: "Explain it" }));
    expect(events.at(-1)).toEqual({ event: "done", data: { content: "", provenance: null } });
    // The empty try did not count: one more preview is still allowed.
    fake.behave({ mode: "ok" });
    expect((await preview(bob, question.id, { customPrompt: "Explain it" })).status).toBe(200);
  });

  it("ends with an error event (never the provider's details) when the provider fails", async () => {
    process.env.OPENAI_API_KEY = "sk-never-shown";
    fake.behave({ mode: "fail", status: 500 });
    const logged: unknown[] = [];
    const spies = (["error", "warn", "info", "debug"] as const).map((level) =>
      jest.spyOn(log, level).mockImplementation(((...args: unknown[]) => void logged.push(...args)) as typeof log.info),
    );
    const res = await preview(bob, question.id, { customPrompt: "Explain it" });
    const events = await readSse(res);
    spies.forEach((spy) => spy.mockRestore());
    const logs = logged.map((l) => (l instanceof Error ? `${l.message} ${JSON.stringify(l)}` : typeof l === "string" ? l : JSON.stringify(l))).join("\n");
    expect(logs).toContain("The AI provider answered with an error (HTTP 500)");
    expect(logs).not.toContain("You are Agora AI");
    expect(logs).not.toContain("sk-never-shown");
    expect(events.at(-1)).toEqual({ event: "error", data: { message: GENERATE_FAILED_MESSAGE, reason: "The AI provider answered with an error (HTTP 500)" } });
    expect(JSON.stringify(events)).not.toContain("sk-never-shown");
    const json = await preview(bob, question.id, { customPrompt: "Explain it" }, false);
    expect(json.status).toBe(502);
    expect((await json.json()).message).toBe(GENERATE_FAILED_MESSAGE);
  });

  it("streams hostile HTML as text, and it renders inert once posted", async () => {
    fake.behave({ reply: HOSTILE_REPLY });
    const events = await readSse(await preview(bob, question.id, { customPrompt: "Be hostile" }));
    const { content, provenance } = events.at(-1)!.data as { content: string; provenance: string };
    const res = await postAnswer(
      await signedInRequest(bob, `/api/questions/${question.id}/answers`, { method: "POST", json: { content, customPrompt: "Be hostile", aiProvenance: provenance } }),
      routeContext({ id: String(question.id) }),
    );
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.contentHtml).not.toMatch(/<(img|script|iframe)[\s>]/i);
    expect(answer.contentHtml).not.toMatch(/<a[^>]*href="javascript:/i);
  });
});

describe("posting a previewed answer records its provenance", () => {
  async function previewed(customPrompt: string) {
    const events = await readSse(await preview(bob, question.id, { customPrompt }));
    return events.at(-1)!.data as { content: string; provenance: string };
  }
  const post = async (user: TestUser, json: unknown) =>
    postAnswer(await signedInRequest(user, `/api/questions/${question.id}/answers`, { method: "POST", json }), routeContext({ id: String(question.id) }));

  it("records model, tokens, time and sources when the text, prompt, member and question match", async () => {
    const { content, provenance } = await previewed("Explain refs");
    const res = await post(bob, { content, customPrompt: "Explain refs", aiProvenance: provenance, isAutoGenerated: false });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toMatchObject({ isAutoGenerated: false, customPrompt: "Explain refs", author: { id: bob.id } });
    expect(answer.ai).toMatchObject({ model: "fake-model", inputTokens: expect.any(Number), outputTokens: expect.any(Number), durationMs: expect.any(Number) });
    expect(answer.ai.sources.length).toBeGreaterThan(0);
    const stored = await db.answer.findUniqueOrThrow({ where: { id: answer.id } });
    expect(stored.aiPrompt).toContain("<member_request>");
  });

  it("records nothing for an edited text, another prompt, another member or a forged token", async () => {
    const { content, provenance } = await previewed("Explain refs again");
    const cases = [
      await post(bob, { content: `${content} (edited)`, customPrompt: "Explain refs again", aiProvenance: provenance }),
      await post(bob, { content, customPrompt: "Another prompt", aiProvenance: provenance }),
      await post(carol, { content, customPrompt: "Explain refs again", aiProvenance: provenance }),
      await post(bob, { content, customPrompt: "Explain refs again", aiProvenance: `${provenance.split(".")[0]}.forged` }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(201);
      expect((await res.json()).ai).toMatchObject({ model: null, sources: [] });
    }
  });
});

describe("GET /api/questions/:id/ai-answer/stream", () => {
  const follow = async (user: TestUser | null, id: number) => {
    const url = `/api/questions/${id}/ai-answer/stream`;
    const req = user ? await signedInRequest(user, url) : visitorRequest(url);
    return followStream(req, routeContext({ id: String(id) }));
  };
  async function ask(title: string, groupId: number | null = null) {
    const tag = await createTag();
    return createQuestionWithJob(alice, { title, description: "", tags: [tag], group: groupId === null ? null : await db.group.findUniqueOrThrow({ where: { id: groupId }, select: { id: true, name: true, isPrivate: true } }) });
  }

  it("answers 404 for a private group's question outside the group", async () => {
    expect((await follow(carol, privateQuestion.id)).status).toBe(404);
  });

  it("says there is nothing to follow when no answer is owed", async () => {
    const res = await follow(null, question.id);
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    expect(await readSse(res)).toEqual([{ event: "none", data: {} }]);
  });

  it("says the answer waits for a provider, and tells the browser to come back later", async () => {
    delete process.env.OPENAI_BASE_URL;
    const { id } = await ask(`Unconfigured ${word} stream question`);
    const res = await follow(null, id);
    const raw = await res.clone().text();
    expect(raw).toContain("retry: 30000");
    expect(await readSse(res)).toEqual([{ event: "status", data: { status: "unconfigured", attempts: 0, nextAttemptAt: expect.any(String) } }]);
  });

  it("streams what the worker has written so far, then the stored answer", async () => {
    const { id } = await ask(`Streaming ${word} question here`);
    const [job] = await claimJobs(1, [id]);
    await renewLease(job!, "Use a");
    const res = await follow(bob, id);
    const reading = readSse(res);
    await new Promise((r) => setTimeout(r, 400));
    await renewLease(job!, "Use a ref to keep");
    await new Promise((r) => setTimeout(r, 400));
    // The lease runs out and another worker finishes the answer.
    await db.$executeRaw`UPDATE ai_answer_jobs SET locked_until = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE id = ${job!.id}`;
    expect(await processOwedAnswers({ questionIds: [id] })).toMatchObject({ done: 1 });
    const events = await reading;
    expect(events[0]).toEqual({ event: "status", data: { status: "running", attempts: 1, nextAttemptAt: null } });
    expect(events).toContainEqual({ event: "reset", data: { content: "Use a" } });
    expect(events).toContainEqual({ event: "delta", data: { text: " ref to keep" } });
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const answer = (done.data as { answer: { isAutoGenerated: boolean; author: { isAssistant?: boolean }; contentHtml: string; ai: { sources: unknown[] } } }).answer;
    expect(answer).toMatchObject({ isAutoGenerated: true, author: { isAssistant: true } });
    expect(answer.contentHtml).toContain("<strong>a ref</strong>");

    // The question now shows it, and its state is done.
    const detail = await (await getQuestion(await signedInRequest(bob, `/api/questions/${id}`), routeContext({ id: String(id) }))).json();
    expect(detail.aiStatus).toMatchObject({ status: "done" });
    expect(detail.answers.filter((a: { isAutoGenerated: boolean }) => a.isAutoGenerated)).toHaveLength(1);
  });

  it("ends on its own after its time limit", async () => {
    const { id } = await ask(`Time limit ${word} question`);
    await db.aiAnswerJob.update({ where: { questionId: id }, data: { nextAttemptAt: new Date(Date.now() + 30_000), status: "failed", attempts: 1 } });
    const { followAiAnswerStream } = await import("@/lib/server/ai/follow");
    const started = Date.now();
    const res = new Response(followAiAnswerStream({ questionId: id, viewer: null, maxMs: 600 }));
    const events = await readSse(res);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(events).toEqual([{ event: "status", data: { status: "failed", attempts: 1, nextAttemptAt: expect.any(String) } }]);
  });
});

describe("/api/cron/ai-answers", () => {
  const call = (handler: typeof cronGet, auth?: string) =>
    handler(visitorRequest("/api/cron/ai-answers", { method: handler === cronPost ? "POST" : "GET", headers: auth ? { Authorization: auth } : {} }), routeContext());

  it("answers 401 without the secret, with a wrong one, and whenever CRON_SECRET is unset", async () => {
    expect((await call(cronGet, "Bearer anything")).status).toBe(401);
    process.env.CRON_SECRET = "cron-secret-for-tests";
    expect((await call(cronGet)).status).toBe(401);
    expect((await call(cronGet, "Bearer wrong")).status).toBe(401);
    expect((await call(cronPost, "cron-secret-for-tests")).status).toBe(401);
  });

  it("processes a bounded batch for the scheduler holding the secret", async () => {
    process.env.CRON_SECRET = "cron-secret-for-tests";
    delete process.env.OPENAI_BASE_URL; // nothing is claimed: other test files' questions stay untouched
    for (const handler of [cronGet, cronPost]) {
      const res = await call(handler, "Bearer cron-secret-for-tests");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ claimed: 0, done: 0, failed: 0, lost: 0, revisions: { claimed: 0, done: 0, failed: 0, lost: 0 }, embeddings: { claimed: 0, done: 0, failed: 0, lost: 0 } });
    }
  });
});
