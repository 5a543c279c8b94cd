// npm run bench:ai — what Agora adds to the time to first token of a streamed AI answer.
// A loopback OpenAI-compatible fake streams with a fixed delay per token; the benchmark measures
// the first content token calling the fake directly, then through Agora's generate-preview route
// handler (called in-process: session, validation, quota, retrieval over a real PostgreSQL,
// prompt building, the AI SDK and the SSE framing), alternating the two, and prints the median
// and 95th percentile of each and of the difference. Target: at most 50 ms added at the median.
// The database is a fresh one on BENCH_DATABASE_URL's (or TEST_DATABASE_URL's) server, or an
// embedded PostgreSQL in a temporary directory; it is dropped afterwards.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./lib/embedded-db";
import { applyMigrations } from "./lib/migrate";
import { startFakeOpenAI, type FakeOpenAI } from "../tests/support/fake-openai";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const TOKEN_DELAY_MS = Number(process.env.BENCH_TOKEN_DELAY_MS ?? 20);
const TARGET_MS = 50;

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  const name = `agora_bench_${crypto.randomBytes(4).toString("hex")}`;
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (server) {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      stop: async () => {
        const client = new pg.Client({ connectionString: server });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-bench-"));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), database: name, quiet: true });
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds from sending to the first non-empty content delta, reading the provider directly. */
async function directFirstToken(fake: FakeOpenAI): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${fake.url}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer not-needed" },
    body: JSON.stringify({
      model: "bench-model",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "system", content: "You are a benchmark." }, { role: "user", content: "Why does my state reset?" }],
    }),
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error("the fake ended without content");
    buffer += value;
    for (const line of buffer.split("\n")) {
      if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
      const chunk = JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string } }[] };
      if (chunk.choices?.[0]?.delta?.content) {
        const elapsed = performance.now() - started;
        await reader.cancel();
        return elapsed;
      }
    }
    buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;

async function main() {
  const fake = await startFakeOpenAI({ tokenDelayMs: TOKEN_DELAY_MS });
  const db = await database();
  try {
    await applyMigrations(db.url);
    Object.assign(process.env, {
      DATABASE_URL: db.url,
      NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64"),
      OPENAI_BASE_URL: fake.url,
      AI_MODEL: "bench-model",
      AGORA_AI_WORKER: "off",
    });
    delete process.env.OPENAI_API_KEY;

    // Loaded only now: they read DATABASE_URL when first used.
    const { db: prisma } = await import("../lib/server/db");
    const { createSession } = await import("../lib/server/auth/session");
    const { resetLimit, closeRateLimitStore } = await import("../lib/server/rate-limit");
    const { renderMarkdown } = await import("../lib/markdown/render");
    const { POST } = await import("../app/api/questions/[id]/generate-preview/route");

    // A small community to retrieve from: 200 questions with an answer each.
    const member = await prisma.user.create({ data: { email: "bench@example.com", firstName: "Bench" } });
    const topics = ["state", "effects", "refs", "rendering", "hydration", "routing", "caching", "forms", "queries", "types"];
    for (let i = 0; i < 200; i++) {
      const topic = topics[i % topics.length]!;
      const description = `Question ${i} about React ${topic}: why does the component lose its ${topic} between renders?`;
      const q = await prisma.question.create({
        data: { title: `How do I handle ${topic} in React component number ${i}?`, description, descriptionHtml: renderMarkdown(description), authorId: member.id },
      });
      const content = `For ${topic}, keep the value in a ref or lift it up. Answer ${i}.`;
      await prisma.answer.create({ data: { questionId: q.id, authorId: member.id, content, contentHtml: renderMarkdown(content) } });
    }
    const question = await prisma.question.create({
      data: { title: "Why does my React state reset between renders?", description: "My counter resets when the parent re-renders.", authorId: member.id },
    });
    const { cookie } = await createSession(member.id, new Request("http://localhost/"));

    const throughAgora = async (): Promise<number> => {
      await resetLimit("aiHourly", member.id);
      const req = new Request(`http://localhost/api/questions/${question.id}/generate-preview`, {
        method: "POST",
        headers: { Cookie: cookie.split(";")[0]!, "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ customPrompt: "Explain it for a beginner" }),
      });
      const started = performance.now();
      const res = await POST(req, { params: Promise.resolve({ id: String(question.id) }) });
      if (res.status !== 200) throw new Error(`generate-preview answered ${res.status}: ${await res.text()}`);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) throw new Error("the preview ended without a token");
        buffer += value;
        if (buffer.includes("event: delta")) {
          const elapsed = performance.now() - started;
          await reader.cancel();
          return elapsed;
        }
      }
    };

    const direct: number[] = [];
    const agora: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const d = await directFirstToken(fake);
      const a = await throughAgora();
      if (i >= WARMUP) {
        direct.push(d);
        agora.push(a);
      }
    }
    const added = agora.map((a, i) => a - direct[i]!);
    const median = percentile(added, 50);
    console.log(`AI time to first token, ${RUNS} runs (after ${WARMUP} warm-up), fake provider at ${TOKEN_DELAY_MS} ms per token, 200 questions to retrieve from`);
    console.log(`                         median        p95`);
    console.log(`  provider directly   ${fmt(percentile(direct, 50))} ${fmt(percentile(direct, 95))}`);
    console.log(`  through Agora       ${fmt(percentile(agora, 50))} ${fmt(percentile(agora, 95))}`);
    console.log(`  added by Agora      ${fmt(median)} ${fmt(percentile(added, 95))}`);
    console.log(median <= TARGET_MS ? `OK: Agora adds ${median.toFixed(1)} ms at the median (target ≤ ${TARGET_MS} ms)` : `SLOW: Agora adds ${median.toFixed(1)} ms at the median (target ≤ ${TARGET_MS} ms)`);
    await prisma.$disconnect();
    await closeRateLimitStore();
    process.exitCode = median <= TARGET_MS ? 0 : 1;
  } finally {
    await fake.close();
    await db.stop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
