/** @jest-environment node */
// The quality guard of similar questions (issue 17): the evaluation set of npm run eval:similar
// over the demo community, in its own database (seeding empties every table). Recall@5 of the
// lexical path must stay at 0.8 or above, and questions on topics the community never discussed
// must get no strong suggestion. The embedding path is measured too, with the loopback fake
// provider's deterministic fake embedding: a wiring check (the vectors are computed by the worker
// and the lookups re-rank with them), not a measure of a real model.
import crypto from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { seedDemoCommunity } from "../../prisma/seed";
import { applyMigrations } from "../../scripts/lib/migrate";
import { addGeneratedQuestions, embedAllQuestions, loadSimilarEvalSet, measureSimilar } from "../../scripts/eval/similar-measure";
import { SIMILAR_TUNING, STRONG_SCORE } from "../../lib/server/similar/queries";
import { draftEmbedding } from "../../lib/server/similar/embeddings";
import { startFakeOpenAI, type FakeOpenAI } from "../support/fake-openai";

const serverUrl = process.env.DATABASE_URL!;
const name = `agora_similar_${crypto.randomBytes(4).toString("hex")}`;
let db: PrismaClient;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString() }) });
  await seedDemoCommunity(db);
}, 90_000);

afterAll(async () => {
  await db?.$disconnect();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe("similar questions on the evaluation set", () => {
  const set = loadSimilarEvalSet();

  it("holds at least 60 paraphrases and some distractors", () => {
    expect(set.pairs.length).toBeGreaterThanOrEqual(60);
    expect(set.distractors.length).toBeGreaterThanOrEqual(5);
  });

  it("finds at least 80% of the paraphrased demo questions among the first five, and no strong match for the distractors", async () => {
    const result = await measureSimilar(db, set);
    expect(result.recallAt5).toBeGreaterThanOrEqual(0.8);
    expect(result.distractors.filter((d) => d.top && d.top.score >= STRONG_SCORE)).toEqual([]);
  }, 60_000);

  it("re-ranks with the fake embedding once the worker has computed every question's (wiring check), finding as many", async () => {
    const fake: FakeOpenAI = await startFakeOpenAI();
    try {
      const config = { baseURL: fake.url, apiKey: undefined, model: "fake-embedding" };
      expect(await embedAllQuestions(db, config)).toBeGreaterThanOrEqual(42);
      const lexical = await measureSimilar(db, set);
      const reranked = await measureSimilar(db, set, SIMILAR_TUNING, (title, description) => draftEmbedding(title, description, config));
      // Every lookup re-ranked with a vector: one embeddings request per distinct text, none failed.
      expect(fake.requests.filter((r) => r.path.endsWith("/embeddings")).length).toBeGreaterThan(set.pairs.length / 2);
      expect(reranked.recallAt5).toBeGreaterThanOrEqual(0.8);
      expect(reranked.recallAt5).toBeGreaterThanOrEqual(lexical.recallAt5 - 0.05);
    } finally {
      await fake.close();
    }
  }, 90_000);

  it("still finds at least 80% once 2,000 generated questions on the same technical words are added", async () => {
    await addGeneratedQuestions(db, 2_000);
    const result = await measureSimilar(db, set);
    expect(result.recallAt5).toBeGreaterThanOrEqual(0.8);
  }, 90_000);
});
