/** @jest-environment node */
// The quality guard of similar questions (issue 17): the evaluation set of npm run eval:similar
// over the demo community, in its own database (seeding empties every table). Recall@5 of the
// lexical path must stay at 0.8 or above, and questions on topics the community never discussed
// must get no strong suggestion.
import crypto from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { seedDemoCommunity } from "../../prisma/seed";
import { applyMigrations } from "../../scripts/lib/migrate";
import { addGeneratedQuestions, loadSimilarEvalSet, measureSimilar } from "../../scripts/eval/similar-measure";
import { STRONG_SCORE } from "../../lib/server/similar/queries";

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

  it("still finds at least 80% once 2,000 generated questions on the same technical words are added", async () => {
    await addGeneratedQuestions(db, 2_000);
    const result = await measureSimilar(db, set);
    expect(result.recallAt5).toBeGreaterThanOrEqual(0.8);
  }, 90_000);
});
