/** @jest-environment node */
// Similar questions with embeddings (issue 17) against the loopback OpenAI-compatible server's
// POST /v1/embeddings: every question owes its embedding (again after an edit), the worker
// computes owed ones with the provider and retries after a failure, the Ask dialog's lookup
// re-ranks its lexical candidates with the draft's embedding (an order the words alone would not
// give), and any provider failure or hang leaves the lookup lexical. Without AI_EMBEDDING_MODEL the
// provider is never asked.
import { db } from "@/lib/server/db";
import { GET as similarRoute } from "@/app/api/questions/similar/route";
import { processOwedEmbeddings, resetDraftEmbeddings, storedEmbedding, DRAFT_TIMEOUT_MS } from "@/lib/server/similar/embeddings";
import { findSimilarQuestions, RELATED_MIN_SCORE } from "@/lib/server/similar/queries";
import { createQuestion, createUser, letters, routeContext, signedInRequest } from "@/tests/factories";
import { FAKE_EMBEDDING_DIMENSIONS, fakeEmbedding, startFakeOpenAI, type FakeOpenAI } from "@/tests/support/fake-openai";

// Made-up words, unique to this run, so other test files' questions never match.
const tool = `zq${letters(8)}`;

let fake: FakeOpenAI;
let member: { id: string };
let lexicalFirst: { id: number; title: string };
let meaningFirst: { id: number; title: string };
const draftTitle = `${tool} daemon crashes on reload of its settings`;

/** The embedding of one axis: texts on the same axis have cosine 1, on the opposite one -1. */
const axis = (sign: number) => [sign, ...new Array<number>(FAKE_EMBEDDING_DIMENSIONS - 1).fill(0)];
/**
 * Embeddings that disagree with the words: the draft and the question about settings mean the
 * same, the question sharing the draft's words means the opposite; everything else is the fake's.
 */
const meaningful = (input: string) => (input.startsWith(draftTitle) || input.includes("stops on reload") ? axis(1) : input.includes("crashes on reload") ? axis(-1) : fakeEmbedding(input));

const embeddingRow = (questionId: number) =>
  db.questionEmbedding.findUniqueOrThrow({ where: { questionId }, select: { status: true, model: true, embedding: true, attempts: true, lastError: true, nextAttemptAt: true } });
const embeddingRequests = () => fake.requests.filter((r) => r.path.endsWith("/embeddings"));

async function lookup(title: string) {
  const res = await similarRoute(await signedInRequest(member, `/api/questions/similar?${new URLSearchParams({ title })}`), routeContext());
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }[]).map((row) => row.id).filter((id) => [lexicalFirst.id, meaningFirst.id].includes(id));
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  process.env.AGORA_AI_WORKER = "off"; // the test runs the worker itself
  member = await createUser({ tag: "embed" });
  // Close in words (the first shares one more with the draft), far apart in the embeddings below.
  lexicalFirst = await createQuestion({ author: member, title: `The ${tool} daemon crashes on reload` });
  meaningFirst = await createQuestion({ author: member, title: `The ${tool} daemon stops on reload` });
});

beforeEach(() => {
  fake.reset();
  resetDraftEmbeddings();
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.AI_EMBEDDING_MODEL = "fake-embedding";
  delete process.env.OPENAI_API_KEY;
});

afterAll(async () => {
  delete process.env.AI_EMBEDDING_MODEL;
  await fake.close();
  await db.$disconnect();
});

describe("question embeddings", () => {
  it("are owed from a question's insert and computed by the worker with the provider's embedding model, as unit vectors", async () => {
    expect((await embeddingRow(lexicalFirst.id)).status).toBe("pending");
    const result = await processOwedEmbeddings({ questionIds: [lexicalFirst.id, meaningFirst.id] });
    expect(result).toEqual({ claimed: 2, done: 2, failed: 0, lost: 0 });
    const row = await embeddingRow(lexicalFirst.id);
    expect(row).toMatchObject({ status: "done", model: "fake-embedding", lastError: null });
    expect(row.embedding).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...row.embedding)).toBeCloseTo(1, 4);
    const [request] = embeddingRequests();
    expect(request!.body).toMatchObject({ model: "fake-embedding", input: expect.arrayContaining([lexicalFirst.title]) });
  });

  it("are owed again when the title or description changes, and not when only counters move", async () => {
    const question = await createQuestion({ author: member, title: `How does ${tool} rotate its logs?` });
    await processOwedEmbeddings({ questionIds: [question.id] });
    const before = await embeddingRow(question.id);
    await db.question.update({ where: { id: question.id }, data: { viewCount: { increment: 1 } } });
    expect((await embeddingRow(question.id)).status).toBe("done");
    await db.question.update({ where: { id: question.id }, data: { description: "Rotation by size, then compression of old files." } });
    expect((await embeddingRow(question.id)).status).toBe("pending");
    expect(await processOwedEmbeddings({ questionIds: [question.id] })).toMatchObject({ done: 1 });
    expect((await embeddingRow(question.id)).embedding).not.toEqual(before.embedding);
  });

  it("fail with a safe message, wait with backoff, and are computed on a later try", async () => {
    const question = await createQuestion({ author: member, title: `Why is ${tool} slow to start?` });
    fake.behave({ mode: "fail", status: 500 });
    expect(await processOwedEmbeddings({ questionIds: [question.id] })).toEqual({ claimed: 1, done: 0, failed: 1, lost: 0 });
    const failed = await embeddingRow(question.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastError: "The AI provider answered with an error (HTTP 500)" });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 60_000); // not due yet: a claim now finds nothing
    expect(await processOwedEmbeddings({ questionIds: [question.id] })).toMatchObject({ claimed: 0 });
    fake.behave({ mode: "ok" });
    await db.questionEmbedding.update({ where: { questionId: question.id }, data: { nextAttemptAt: new Date(Date.now() - 60 * 60_000) } });
    expect(await processOwedEmbeddings({ questionIds: [question.id] })).toMatchObject({ claimed: 1, done: 1 });
    expect((await embeddingRow(question.id)).status).toBe("done");
  });
});

describe("the lookup with embeddings", () => {
  beforeAll(async () => {
    fake.behave({ embedding: meaningful });
    await db.questionEmbedding.updateMany({ where: { questionId: { in: [lexicalFirst.id, meaningFirst.id] } }, data: { status: "pending" } });
    await processOwedEmbeddings({ questionIds: [lexicalFirst.id, meaningFirst.id] });
  });

  beforeEach(() => fake.behave({ embedding: meaningful }));

  it("ranks by words alone without AI_EMBEDDING_MODEL, and never asks the provider", async () => {
    delete process.env.AI_EMBEDDING_MODEL;
    expect(await lookup(draftTitle)).toEqual([lexicalFirst.id, meaningFirst.id]);
    expect(embeddingRequests()).toEqual([]);
  });

  it("re-ranks the candidates by the cosine of the draft's embedding, embedding each draft once", async () => {
    expect(await lookup(draftTitle)).toEqual([meaningFirst.id, lexicalFirst.id]);
    expect(await lookup(draftTitle)).toEqual([meaningFirst.id, lexicalFirst.id]);
    expect(embeddingRequests()).toHaveLength(1); // the second lookup used the cached embedding
  });

  it("falls back to the words alone when the provider fails", async () => {
    fake.behave({ mode: "fail", status: 503 });
    expect(await lookup(draftTitle)).toEqual([lexicalFirst.id, meaningFirst.id]);
  });

  it("falls back to the words alone, in bounded time, when the provider hangs", async () => {
    fake.behave({ mode: "hang" });
    const started = Date.now();
    expect(await lookup(draftTitle)).toEqual([lexicalFirst.id, meaningFirst.id]);
    expect(Date.now() - started).toBeLessThan(DRAFT_TIMEOUT_MS + 3_000);
  });

  it("gives Related questions the question's stored embedding, without asking the provider", async () => {
    const embedding = await storedEmbedding(meaningFirst.id);
    expect(embedding).toMatchObject({ model: "fake-embedding" });
    const related = await findSimilarQuestions(null, { title: meaningFirst.title, excludeId: meaningFirst.id, minScore: RELATED_MIN_SCORE, embedding });
    const ours = related.find((row) => row.id === lexicalFirst.id);
    expect(ours?.cosine).toBeCloseTo(-1, 4);
    expect(embeddingRequests()).toEqual([]);
  });
});
