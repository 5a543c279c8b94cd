/** @jest-environment node */
// The CDN purge hook (lib/server/page-cache/purge.ts, AGORA_PURGE_URL): a change to a question,
// notified by the page-cache triggers, is POSTed as its page's path to a loopback fake of a CDN's
// purge endpoint, by exactly one of the instances listening (the holder of the advisory lock).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/server/db";
import { startListener, type Listener } from "@/lib/server/page-cache/listener";
import { createPurger, purgeConfig, PURGE_ALL_PATH, type PurgeConfig } from "@/lib/server/page-cache/purge";
import { PageStore } from "@/lib/server/page-cache/store";
import { updateQuestion } from "@/lib/server/questions/mutations";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { createQuestion, createUser, type TestUser } from "@/tests/factories";

interface Purge {
  authorization: string | undefined;
  contentType: string | undefined;
  paths: string[];
}

let cdn: http.Server;
let cdnUrl: string;
let received: Purge[] = [];
const waiting: (() => void)[] = [];
/** How the fake answers (a test of failures changes it). */
let answer: (res: http.ServerResponse) => void = (res) => res.writeHead(200).end("{}");
let alice: TestUser;

beforeAll(async () => {
  cdn = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method === "POST") {
        received.push({ authorization: req.headers.authorization, contentType: req.headers["content-type"], paths: (JSON.parse(body) as { paths: string[] }).paths });
        for (const resolve of waiting.splice(0)) resolve();
      }
      answer(res);
    });
  });
  await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge`;
  alice = await createUser({ tag: "alice" });
});

afterAll(async () => {
  await new Promise((resolve) => cdn.close(resolve));
  await closeRateLimitStore();
});

beforeEach(() => {
  received = [];
  answer = (res) => res.writeHead(200).end("{}");
});

/** Resolves once the fake has received `count` purges in all. */
async function purges(count: number): Promise<Purge[]> {
  while (received.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
  return received;
}

const config = (overrides: Partial<PurgeConfig> = {}): PurgeConfig => ({ ...purgeConfig({ AGORA_PURGE_URL: cdnUrl, AGORA_PURGE_TOKEN: "purge-secret" })!, ...overrides });

/** An app instance's listener with the purge hook (its own connection, as each instance has). */
async function instance(pingMs = 60_000): Promise<Listener> {
  const listener = startListener({ connectionString: process.env.DATABASE_URL!, store: new PageStore({ maxBytes: 1 << 20, ttlMs: 60_000 }), purger: createPurger(config()), pingMs, log: () => {} });
  await listener.ready;
  return listener;
}

test("the configuration: only an http(s) AGORA_PURGE_URL turns the hook on; the token is optional", () => {
  expect(purgeConfig({})).toBeNull();
  expect(purgeConfig({ AGORA_PURGE_URL: "  " })).toBeNull();
  expect(purgeConfig({ AGORA_PURGE_URL: "ftp://cdn.example/purge" })).toBeNull();
  expect(purgeConfig({ AGORA_PURGE_URL: "https://cdn.example/purge" })).toMatchObject({ url: "https://cdn.example/purge", token: null });
});

test("a change to a question is POSTed once, as its page's path, by the one instance holding the lock", async () => {
  const q = await createQuestion({ author: alice });
  const other = await createQuestion({ author: alice });
  const first = await instance();
  const second = await instance();
  try {
    expect([first.purging(), second.purging()].sort()).toEqual([false, true]);
    await updateQuestion(q, { title: "An edited title for the purge hook", description: "Edited", tagIds: [] }, { editorId: alice.id, summary: null });
    const [edit] = await purges(1);
    expect(edit).toEqual({ authorization: "Bearer purge-secret", contentType: "application/json", paths: [`/questions/${q.id}`] });

    // A second change's purge arrives after the first's: had both instances purged, there would be more.
    await db.$executeRaw`UPDATE questions SET title = 'Another edited title' WHERE id = ${other.id}`;
    expect((await purges(2)).map((p) => p.paths)).toEqual([[`/questions/${q.id}`], [`/questions/${other.id}`]]);

    // Changes close together go in one request; a change shown on every page purges them all.
    await db.$executeRaw`UPDATE questions SET title = title || '!' WHERE id IN (${q.id}, ${other.id})`;
    expect((await purges(3))[2]!.paths.sort()).toEqual([`/questions/${q.id}`, `/questions/${other.id}`].sort());
    await db.$queryRaw`SELECT pg_notify('agora_page_cache', '*')::text AS sent`;
    expect((await purges(4))[3]!.paths).toEqual([PURGE_ALL_PATH]);
    expect(received).toHaveLength(4);
  } finally {
    await first.stop();
    await second.stop();
  }
});

test("when the purging instance stops, another takes the lock at its next check and purges", async () => {
  const q = await createQuestion({ author: alice });
  const first = await instance();
  const second = await instance(20);
  try {
    expect(first.purging()).toBe(true);
    await first.stop();
    while (!second.purging()) await new Promise<void>((resolve) => setImmediate(resolve));
    await db.$executeRaw`UPDATE questions SET title = 'Edited after the takeover' WHERE id = ${q.id}`;
    expect((await purges(1))[0]!.paths).toEqual([`/questions/${q.id}`]);
  } finally {
    await second.stop();
  }
});

test("a purge endpoint that refuses, hangs or is down is logged, never thrown", async () => {
  const logged: string[] = [];
  const log = (message: string) => void logged.push(message);

  answer = (res) => res.writeHead(503).end("busy");
  const refused = createPurger(config(), { log });
  refused.add(["/questions/1"]);
  await refused.flush();
  expect(logged).toEqual(["purge hook refused"]);

  answer = () => {}; // never answers
  const slow = createPurger(config({ timeoutMs: 50 }), { log });
  slow.add(["/questions/2"]);
  await slow.flush();
  expect(logged).toEqual(["purge hook refused", "purge hook failed"]);
  // The fake still receives the abandoned request; wait for it here, not in the next test.
  expect((await purges(2)).map((p) => p.paths)).toEqual([["/questions/1"], ["/questions/2"]]);

  const down = createPurger(config({ url: "http://127.0.0.1:1/purge" }), { log });
  down.add(["/questions/3"]);
  await down.flush();
  expect(logged).toEqual(["purge hook refused", "purge hook failed", "purge hook failed"]);
});

test("a large batch is split into requests of at most maxPaths paths", async () => {
  const purger = createPurger(config({ maxPaths: 3, batchMs: 10_000 }));
  purger.add(["/questions/1", "/questions/2"]);
  purger.add(["/questions/3", "/questions/4"]); // reaching maxPaths sends at once
  purger.add(["/questions/5"]);
  await purger.flush();
  expect(received.map((p) => p.paths)).toEqual([["/questions/1", "/questions/2", "/questions/3"], ["/questions/4"], ["/questions/5"]]);
});
