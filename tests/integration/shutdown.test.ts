/** @jest-environment node */
// Graceful shutdown (lib/server/shutdown.ts): SIGTERM to an instance in the middle of writing an
// automatic answer. It stops accepting connections, finishes the request in flight, writes the
// view count waiting in memory, hands the answer back (lease released) and exits within 10 s;
// the next instance then finishes the answer at once, without waiting for the lease to expire.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { db } from "@/lib/server/db";
import { createQuestion as createQuestionWithJob } from "@/lib/server/questions/mutations";
import { LEASE_MS, processOwedAnswers } from "@/lib/server/ai/worker";
import { createTag, createUser, unique } from "@/tests/factories";
import { startFakeOpenAI, type FakeOpenAI } from "@/tests/support/fake-openai";

let fake: FakeOpenAI;
let listener: pg.Client;
let child: ChildProcessWithoutNullStreams | null = null;
const root = path.resolve(__dirname, "../..");
const REPLY = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");

beforeAll(async () => {
  fake = await startFakeOpenAI({ tokenDelayMs: 100, reply: () => REPLY });
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.AI_MODEL = "fake-model";
  process.env.AGORA_AI_WORKER = "off";
  delete process.env.OPENAI_API_KEY;
  listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  await listener.query("LISTEN agora_ai_answer");
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await listener.end();
  await fake.close();
  await db.$disconnect();
});

/** Resolves with the child's stdout line matching `pattern`. */
function lineOf(proc: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) {
        proc.stdout.off("data", onData);
        resolve(match);
      }
    };
    proc.stdout.on("data", onData);
    proc.once("exit", (code) => reject(new Error(`instance exited (${code}) before ${pattern}: ${out}`)));
  });
}

/** Resolves once the job's streamed text is non-empty (woken by the row's NOTIFY). */
function textWritten(questionId: number): Promise<void> {
  return new Promise((resolve) => {
    const check = async () => {
      const { rows } = await listener.query("SELECT partial_content FROM ai_answer_jobs WHERE question_id = $1", [questionId]);
      if (rows[0]?.partial_content) {
        listener.off("notification", check);
        resolve();
      }
    };
    listener.on("notification", check);
    void check();
  });
}

it("hands its answer back on SIGTERM, finishing requests and view counts, and the next instance completes it at once", async () => {
  const author = await createUser({ tag: "shutdown" });
  const { id } = await createQuestionWithJob(author, { title: `Graceful shutdown ${unique()} question`, description: "", tags: [await createTag()], group: null });
  const viewsBefore = (await db.question.findUniqueOrThrow({ where: { id }, select: { viewCount: true } })).viewCount;

  // One process (tsx as a loader, not its CLI wrapper), so the signal reaches the instance itself.
  child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "tests/support/app-instance.ts", String(id)], {
    cwd: root,
    env: { ...process.env, AGORA_VIEW_FLUSH_MS: "60000", NODE_ENV: "production" },
  });
  let stderr = "";
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const port = Number((await lineOf(child, /listening (\d+)/))[1]);
  await textWritten(id);

  const slowSeen = lineOf(child, /slow request received/);
  const slow = fetch(`http://127.0.0.1:${port}/slow`);
  await slowSeen;
  const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
  const shuttingDown = lineOf(child, /shutting down/);
  const signalledAt = Date.now();
  child.kill("SIGTERM");
  await shuttingDown;

  // No new connections; the one in flight finishes.
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  const res = await slow;
  expect(res.status).toBe(200);
  expect(await res.text()).toBe("finished");

  expect(await exited).toBe(0);
  expect(stdout).toContain("stopped cleanly");
  expect(Date.now() - signalledAt).toBeLessThan(10_000);
  expect(stderr).not.toMatch(/Error|Unhandled/);

  // The lease is released: the answer waits for anyone, now.
  const job = await db.aiAnswerJob.findUniqueOrThrow({ where: { questionId: id } });
  expect(job).toMatchObject({ status: "pending", lockedBy: null, lockedUntil: null, attempts: 0 });
  expect(job.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  // The view waiting in memory was written.
  expect((await db.question.findUniqueOrThrow({ where: { id }, select: { viewCount: true } })).viewCount).toBe(viewsBefore + 1);

  // The next instance picks it up at once and completes it.
  fake.behave({ tokenDelayMs: 0 });
  expect(await processOwedAnswers({ questionIds: [id] })).toMatchObject({ claimed: 1, done: 1 });
  expect(Date.now() - signalledAt).toBeLessThan(LEASE_MS / 4);
  const answer = await db.answer.findFirstOrThrow({ where: { questionId: id, isAutoGenerated: true }, select: { content: true } });
  expect(answer.content).toBe(REPLY);
}, 60_000);
