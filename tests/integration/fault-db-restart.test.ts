/** @jest-environment node */
// A fault test: with the app's route handlers under a steady load, PostgreSQL is stopped and
// started again. While it is down every request fails cleanly (503 JSON, no stack, never a 500);
// within 10 s of its return requests succeed again with the same process and pool; and no AI
// answer or e-mail is lost or doubled. Its own embedded PostgreSQL, so it can be stopped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import net from "node:net";
import readline from "node:readline";
import { applyMigrations } from "../../scripts/lib/migrate";
import { startFakeOpenAI, type FakeOpenAI } from "../support/fake-openai";

type Modules = {
  db: typeof import("@/lib/server/db").db;
  factories: typeof import("@/tests/factories");
  listQuestions: typeof import("@/app/api/questions/route").GET;
  askQuestion: typeof import("@/app/api/questions/route").POST;
  ready: typeof import("@/app/api/health/ready/route").GET;
  processOwedAnswers: typeof import("@/lib/server/ai/worker").processOwedAnswers;
  deliverPendingEmails: typeof import("@/lib/server/mail/sender").deliverPendingEmails;
  resetReadinessCache: typeof import("@/lib/server/health").resetReadinessCache;
  closeRateLimitStore: typeof import("@/lib/server/rate-limit").closeRateLimitStore;
};

const saved = { ...process.env };
let dir: string;
let port: number;
let pg: { url: string; stop(): Promise<void> };
let fake: FakeOpenAI;
let m: Modules;

/** Starts the embedded PostgreSQL (scripts/lib/embedded-db.ts) in its own process; stop() shuts the server down. */
async function start(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/support/embedded-pg-process.ts", path.join(dir, "pg"), String(port), "agora_fault"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const [line] = (await Promise.race([
    readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next().then((r) => [r.value as string | undefined]),
    exited.then(() => [undefined]),
  ])) as [string | undefined];
  if (!line) throw new Error("the embedded PostgreSQL did not start");
  return {
    url: (JSON.parse(line) as { url: string }).url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-fault-"));
  fs.chmodSync(dir, 0o755);
  port = await freePort();
  pg = await start();
  await applyMigrations(pg.url);
  fake = await startFakeOpenAI();
  // Set before the app's modules load: their one pool points at this server.
  process.env.DATABASE_URL = pg.url;
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.AI_MODEL = "fake-model";
  process.env.AGORA_AI_WORKER = "off"; // the test runs the worker itself
  process.env.AGORA_DATA_DIR = path.join(dir, "data");
  delete process.env.SMTP_URL;
  delete process.env.OPENAI_API_KEY;
  const questions = await import("@/app/api/questions/route");
  m = {
    db: (await import("@/lib/server/db")).db,
    factories: await import("@/tests/factories"),
    listQuestions: questions.GET,
    askQuestion: questions.POST,
    ready: (await import("@/app/api/health/ready/route")).GET,
    processOwedAnswers: (await import("@/lib/server/ai/worker")).processOwedAnswers,
    deliverPendingEmails: (await import("@/lib/server/mail/sender")).deliverPendingEmails,
    resetReadinessCache: (await import("@/lib/server/health")).resetReadinessCache,
    closeRateLimitStore: (await import("@/lib/server/rate-limit")).closeRateLimitStore,
  };
}, 60_000);

afterAll(async () => {
  await m?.closeRateLimitStore().catch(() => {});
  await m?.db.$disconnect().catch(() => {});
  await fake?.close();
  await pg?.stop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
  process.env = saved;
});

interface Result {
  kind: "read" | "write";
  phase: "up" | "down" | "back";
  at: number;
  status: number;
  body: string;
}

/** Resolves once the condition holds, checking as results come in; fails after timeoutMs. */
async function until(what: string, condition: () => boolean, timeoutMs = 20_000, seen: () => unknown = () => ""): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what} ${JSON.stringify(seen())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it("answers 503 while PostgreSQL is down, recovers within 10 s of its return, and loses or doubles no AI answer or e-mail", async () => {
  const { factories, db } = m;
  // Members with sessions (each may ask once per 15 s), and e-mails owed before the outage.
  const members = await Promise.all(Array.from({ length: 40 }, (_, i) => factories.createUser({ tag: `fault${i}` })));
  const cookies = await Promise.all(members.map((u) => factories.sessionCookie(u)));
  const tag = await factories.createTag();
  const subject = `fault-${factories.unique()}`;
  const mails = await Promise.all(
    Array.from({ length: 5 }, (_, i) => db.emailOutbox.create({ data: { to: `m${i}@example.com`, subject: `${subject} ${i}`, text: "t", html: "<p>t</p>" } })),
  );

  const results: Result[] = [];
  let phase: Result["phase"] = "up";
  let running = true;
  let next = 0;
  const record = async (kind: Result["kind"], res: Response) => results.push({ kind, phase, at: Date.now(), status: res.status, body: await res.text() });
  const pace = () => new Promise((resolve) => setTimeout(resolve, 15));
  const reader = async () => {
    while (running) {
      await record("read", await m.listQuestions(factories.visitorRequest("/api/questions?limit=5"), factories.routeContext()));
      await pace();
    }
  };
  const writer = async () => {
    while (running && next < members.length) {
      // A 503 changed nothing: the client asks again, as the same member.
      const i = next;
      const req = new Request("http://localhost/api/questions", {
        method: "POST",
        headers: { Cookie: cookies[i]!, Origin: "http://localhost", "Content-Type": "application/json" },
        body: JSON.stringify({ title: `Does the fault test question ${i} survive a restart?`, description: "A question asked under load.", tagIds: [tag.id] }),
      });
      const res = await m.askQuestion(req, factories.routeContext());
      if (res.status !== 503) next++;
      await record("write", res);
      await pace();
    }
  };
  const load = [reader(), reader(), writer()];
  const summary = () => {
    const out: Record<string, number> = {};
    for (const r of results) out[`${r.kind} ${r.phase} ${r.status}`] = (out[`${r.kind} ${r.phase} ${r.status}`] ?? 0) + 1;
    return { out, last: results.filter((r) => r.status >= 500).slice(-2).map((r) => r.body) };
  };
  const count = (kind: Result["kind"], p: Result["phase"], ok: (s: number) => boolean) => results.filter((r) => r.kind === kind && r.phase === p && ok(r.status)).length;

  await until("reads and writes succeed", () => count("read", "up", (s) => s === 200) >= 5 && count("write", "up", (s) => s === 201) >= 3);

  // An automatic answer is being written (slowly) when PostgreSQL goes away.
  fake.behave({ tokenDelayMs: 150 });
  const inflight = m.processOwedAnswers({ limit: 1 });
  await until("the provider streams an answer", () => fake.requests.length >= 1);
  await pg.stop();
  phase = "down";
  await until("503s while down", () => count("read", "down", (s) => s === 503) >= 5 && count("write", "down", (s) => s === 503) >= 2, 20_000, summary);
  m.resetReadinessCache();
  const notReady = await m.ready(factories.visitorRequest("/api/health/ready"), factories.routeContext());
  expect(notReady.status).toBe(503);
  expect((await notReady.json()).checks.database.status).toBe("fail");
  // The workers fail without doing anything.
  await expect(m.processOwedAnswers({ limit: 10 })).rejects.toBeDefined();
  await expect(m.deliverPendingEmails()).rejects.toBeDefined();

  // It comes back on the same port; the app process and its pool carry on.
  pg = await start();
  const back = Date.now();
  phase = "back";
  await until("reads and writes succeed again", () => count("read", "back", (s) => s === 200) >= 5 && count("write", "back", (s) => s === 201) >= 2, 15_000, summary);
  running = false;
  await Promise.all(load);

  const firstOk = Math.min(...results.filter((r) => r.phase === "back" && r.status < 300).map((r) => r.at));
  expect(firstOk - back).toBeLessThan(10_000);
  // Nothing but success, a clean 503 (or a rate limit) was ever answered.
  for (const r of results) expect([200, 201, 429, 503]).toContain(r.status);
  for (const r of results.filter((x) => x.status === 503)) {
    expect(JSON.parse(r.body)).toEqual({ message: "Service temporarily unavailable", code: "service_unavailable", key: "serviceUnavailable", params: {} });
  }
  expect(results.some((r) => /\bat .+:\d+:\d+|node_modules|ECONNREFUSED|postgres/i.test(r.body) && r.status !== 200 && r.status !== 201)).toBe(false);

  // The interrupted answer's lease runs out (two minutes, made now), and workers pick up everything owed.
  await inflight;
  fake.behave({ tokenDelayMs: 0 });
  await db.$executeRaw`UPDATE ai_answer_jobs SET locked_until = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE status = 'running'`;
  // Or, when its write failed once PostgreSQL was back, it waits out its backoff (made now too).
  await db.$executeRaw`UPDATE ai_answer_jobs SET next_attempt_at = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE status = 'failed'`;
  // Every question that exists gets exactly one AI answer; every e-mail goes out exactly once.
  for (let round = 0; round < 20; round++) {
    const done = await m.processOwedAnswers({ limit: 10 });
    if (done.claimed === 0) break;
  }
  const asked = await db.question.findMany({ where: { authorId: { in: members.map((u) => u.id) } }, select: { id: true } });
  expect(asked.length).toBeGreaterThanOrEqual(results.filter((r) => r.status === 201).length);
  for (const q of asked) {
    expect(await db.answer.count({ where: { questionId: q.id, isAutoGenerated: true } })).toBe(1);
  }
  const delivered = await m.deliverPendingEmails();
  expect(delivered.sent).toBeGreaterThanOrEqual(mails.length);
  const files = fs.readdirSync(path.join(dir, "data", "outbox"));
  for (const mail of mails) {
    expect(files.filter((f) => f.endsWith(`-${mail.id}.eml`))).toHaveLength(1);
    expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("sent");
  }
}, 60_000);
