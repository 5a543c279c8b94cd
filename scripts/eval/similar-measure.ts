// The evaluation of similar questions (issue 17) over the demo community: recall@5 of the lexical
// path on tests/fixtures/similar-eval.json, shared by `npm run eval:similar` and
// tests/integration/similar-eval.test.ts. Each paraphrase is looked up as the demo question's
// author would (they may see it, private group or not); the distractors as a visitor.
import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../../lib/generated/prisma/client";
import { findSimilarQuestions, SIMILAR_TUNING, type SimilarTuning } from "../../lib/server/similar/queries";
import { processOwedEmbeddings } from "../../lib/server/similar/embeddings";
import type { AiConfig } from "../../lib/server/ai/config";
import { questions as demoQuestions } from "../../prisma/seed/content";
import { WORDS } from "../bench/seed";

export interface SimilarEvalSet {
  pairs: { target: string; title: string; description?: string }[];
  distractors: { title: string; description?: string }[];
}

export interface SimilarEvalResult {
  pairs: number;
  /** Share of the pairs whose question is among the first five suggestions. */
  recallAt5: number;
  /** Share of the pairs whose question is the first suggestion. */
  recallAt1: number;
  /** Mean reciprocal rank (0 for a question not suggested). */
  mrr: number;
  misses: { target: string; title: string; got: string[] }[];
  /** The distractors, each with its best suggestion's score and title (none: null). */
  distractors: { title: string; top: { title: string; score: number } | null }[];
  /** Mean time of one lookup, in milliseconds. */
  meanMs: number;
}

export function loadSimilarEvalSet(file = path.join(__dirname, "../../tests/fixtures/similar-eval.json")): SimilarEvalSet {
  return JSON.parse(fs.readFileSync(file, "utf8")) as SimilarEvalSet;
}

/**
 * Adds `count` generated questions to the demo community, as the bench's seed makes them ("How
 * do I <six words>?" and forty words of body, from the bench's 100 technical words): a larger
 * haystack whose words overlap the demo questions' (postgres, docker, token...), so a lookup has
 * to rank, not merely match. Public, by the first demo member; the triggers build their search
 * documents.
 */
export async function addGeneratedQuestions(client: PrismaClient, count: number): Promise<void> {
  const author = await client.user.findFirstOrThrow({ where: { isAssistant: false }, orderBy: { createdAt: "asc" }, select: { id: true } });
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(",")}]`;
  const pick = (n: number, salt: number) =>
    `array_to_string(ARRAY(SELECT (${words})[1 + ((g.n * ${7 + salt} + k * ${31 + salt} + g.n / ${3 + salt}) % ${WORDS.length})] FROM generate_series(1, ${n}) k), ' ')`;
  await client.$executeRawUnsafe(
    `INSERT INTO questions (title, description, description_html, author_id, created_at, last_activity_at, updated_at)
     SELECT t.title, t.body, '<p>' || t.body || '</p>', $1, now() - interval '400 days', now() - interval '400 days', now()
       FROM generate_series(1, $2::int) g(n),
            LATERAL (SELECT 'How do I ' || ${pick(6, 3)} || '?' AS title, ${pick(40, 4)} AS body) t`,
    author.id,
    count,
  );
  // The planner's statistics, as autovacuum would have them soon after such a load.
  await client.$executeRawUnsafe("ANALYZE questions");
}

/** The embedding of a looked-up text, when the measurement re-ranks with embeddings (the wiring check: a fake's). */
export type EvalEmbedder = (title: string, description?: string) => Promise<{ model: string; vector: number[] } | null>;

/**
 * Runs every pair and distractor of the set against a database holding the demo community; with
 * `embed`, each lookup re-ranks with the text's embedding (the questions' must be computed first:
 * embedAllQuestions).
 */
export async function measureSimilar(client: PrismaClient, set: SimilarEvalSet, tuning: SimilarTuning = SIMILAR_TUNING, embed?: EvalEmbedder): Promise<SimilarEvalResult> {
  const rows = await client.question.findMany({ select: { id: true, title: true, authorId: true } });
  const byTitle = new Map(rows.map((row) => [row.title, row]));
  const groupsOf = new Map<string, number[]>();
  for (const m of await client.groupMember.findMany({ select: { userId: true, groupId: true } })) {
    groupsOf.set(m.userId, [...(groupsOf.get(m.userId) ?? []), m.groupId]);
  }
  const titleOfKey = new Map(demoQuestions.map((q) => [q.key, q.title]));
  let hits5 = 0;
  let hits1 = 0;
  let rr = 0;
  let ms = 0;
  const misses: SimilarEvalResult["misses"] = [];
  for (const pair of set.pairs) {
    const target = byTitle.get(titleOfKey.get(pair.target) ?? "");
    if (!target) throw new Error(`The evaluation names an unknown demo question: ${pair.target}`);
    const viewer = { id: target.authorId, groupIds: groupsOf.get(target.authorId) ?? [] };
    const started = performance.now();
    const embedding = embed ? await embed(pair.title, pair.description) : null;
    const found = await findSimilarQuestions(viewer, { title: pair.title, description: pair.description, embedding }, { client, tuning });
    ms += performance.now() - started;
    const rank = found.findIndex((row) => row.id === target.id);
    if (rank >= 0) {
      hits5 += 1;
      rr += 1 / (rank + 1);
      if (rank === 0) hits1 += 1;
    } else {
      misses.push({ target: pair.target, title: pair.title, got: found.map((row) => row.title) });
    }
  }
  const distractors: SimilarEvalResult["distractors"] = [];
  for (const d of set.distractors) {
    const started = performance.now();
    const embedding = embed ? await embed(d.title, d.description) : null;
    const [top] = await findSimilarQuestions(null, { ...d, embedding }, { client, tuning });
    ms += performance.now() - started;
    distractors.push({ title: d.title, top: top ? { title: top.title, score: top.score } : null });
  }
  const n = set.pairs.length;
  return { pairs: n, recallAt5: hits5 / n, recallAt1: hits1 / n, mrr: rr / n, misses, distractors, meanMs: ms / (n + set.distractors.length) };
}

/** Computes every owed question embedding of the database with `config`'s provider and model (the evaluation's wiring check); how many. */
export async function embedAllQuestions(client: PrismaClient, config: AiConfig): Promise<number> {
  let done = 0;
  for (;;) {
    const result = await processOwedEmbeddings({ client, config, limit: 256 });
    done += result.done;
    if (result.claimed === 0) return done;
    if (result.done === 0) throw new Error("The embeddings could not be computed (is the provider up?)");
  }
}
