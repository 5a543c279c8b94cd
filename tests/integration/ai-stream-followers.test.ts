/** @jest-environment node */
// Many followers of one automatic answer (GET /api/questions/:id/ai-answer/stream): they share
// one reader of the job row (woken by the row's NOTIFY), all still receive the whole answer, and
// open streams are bounded per member or address (429) and per instance (503).
import { db } from "@/lib/server/db";
import { GET as followStream } from "@/app/api/questions/[id]/ai-answer/stream/route";
import { createQuestion as createQuestionWithJob } from "@/lib/server/questions/mutations";
import { claimJobs, processOwedAnswers, releaseJob, renewLease } from "@/lib/server/ai/worker";
import { hubStats, STREAMS_BUSY_MESSAGE, TOO_MANY_STREAMS_MESSAGE } from "@/lib/server/ai/progress-hub";
import pg from "pg";
import { createTag, createUser, routeContext, signedInRequest, unique, visitorRequest, type TestUser } from "@/tests/factories";
import { startFakeOpenAI, type FakeOpenAI } from "@/tests/support/fake-openai";

let fake: FakeOpenAI;
let alice: TestUser;
const word = `okapi${unique()}`;

beforeAll(async () => {
  fake = await startFakeOpenAI({ reply: () => "Keep it in **a ref** so it survives re-renders." });
  process.env.AGORA_AI_WORKER = "off";
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.AI_MODEL = "fake-model";
  delete process.env.OPENAI_API_KEY;
  alice = await createUser({ tag: "followers-alice" });
});

afterEach(() => {
  delete process.env.AGORA_AI_STREAMS_MAX;
  delete process.env.AGORA_AI_STREAMS_PER_CLIENT;
});

afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

async function ask(title: string) {
  return createQuestionWithJob(alice, { title, description: "", tags: [await createTag()], group: null });
}

const visitorFollow = (id: number, ip: string) =>
  followStream(visitorRequest(`/api/questions/${id}/ai-answer/stream`, { headers: { "x-forwarded-for": ip } }), routeContext({ id: String(id) }));

type SseEvent = { event: string; data: Record<string, unknown> };

/** Reads a stream's events as they come; `until` waits for one matching event. */
function follower(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  let ended = false;
  const readMore = async () => {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split("\n\n");
    buffer = blocks.pop()!;
    for (const block of blocks) {
      if (!block.includes("data:")) continue;
      events.push({ event: /^event: (.*)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) });
    }
  };
  return {
    events,
    async until(match: (e: SseEvent) => boolean) {
      while (!events.some(match)) {
        if (ended) throw new Error(`stream ended without the event; got ${JSON.stringify(events)}`);
        await readMore();
      }
    },
    async toEnd() {
      while (!ended) await readMore();
    },
    cancel: () => reader.cancel(),
  };
}

// Prisma's read of the job row (the worker's own statements are UPDATEs).
const isJobRead = (sql: unknown) => typeof sql === "string" && /^\s*SELECT\b[\s\S]*FROM "public"\."ai_answer_jobs"/i.test(sql);

describe("followers of one automatic answer", () => {
  it("share one reader of the job row, and every follower receives the whole answer", async () => {
    const { id } = await ask(`Shared reader ${word} question`);
    const [job] = await claimJobs(1, [id]);
    await renewLease(job!, "Use a");

    const followers = await Promise.all(Array.from({ length: 8 }, (_, i) => visitorFollow(id, `198.51.100.${i + 1}`)));
    expect(followers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const streams = followers.map(follower);
    await Promise.all(streams.map((s) => s.until((e) => e.event === "reset" && e.data.content === "Use a")));
    expect(hubStats().followed).toBeGreaterThanOrEqual(1);

    // One write of the text: the row's NOTIFY wakes one read that all eight followers share.
    const jobReads = await (async () => {
      const pgQuery = pg.Client.prototype.query;
      let reads = 0;
      pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
        const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
        if (isJobRead(text)) reads += 1;
        return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pgQuery;
      try {
        await renewLease(job!, "Use a ref to keep");
        await Promise.all(streams.map((s) => s.until((e) => e.event === "delta" && e.data.text === " ref to keep")));
      } finally {
        pg.Client.prototype.query = pgQuery;
      }
      return reads;
    })();
    expect(jobReads).toBeGreaterThanOrEqual(1);
    expect(jobReads).toBeLessThanOrEqual(2);

    // Another worker finishes the answer; every follower gets the stored answer.
    await db.$executeRaw`UPDATE ai_answer_jobs SET locked_until = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE id = ${job!.id}`;
    expect(await processOwedAnswers({ questionIds: [id] })).toMatchObject({ done: 1 });
    await Promise.all(streams.map((s) => s.toEnd()));
    for (const s of streams) {
      const done = s.events.at(-1)!;
      expect(done.event).toBe("done");
      expect((done.data.answer as { contentHtml: string }).contentHtml).toContain("<strong>a ref</strong>");
    }
    expect(hubStats().open).toBe(0);
  });

  it("refuses a fifth stream from one member with 429, and takes it again once one closes", async () => {
    const { id } = await ask(`Per member ${word} question`);
    const member = await createUser({ tag: "followers-bob" });
    const open = async () => followStream(await signedInRequest(member, `/api/questions/${id}/ai-answer/stream`), routeContext({ id: String(id) }));
    const four = await Promise.all([open(), open(), open(), open()]);
    expect(four.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const fifth = await open();
    expect(fifth.status).toBe(429);
    expect((await fifth.json()).message).toBe(TOO_MANY_STREAMS_MESSAGE);
    expect(fifth.headers.get("Retry-After")).toBeTruthy();
    // Another visitor is not affected by this member's streams.
    const other = await visitorFollow(id, "203.0.113.9");
    expect(other.status).toBe(200);
    await other.body!.cancel();

    await four[0]!.body!.cancel();
    const again = await open();
    expect(again.status).toBe(200);
    await Promise.all([again, ...four.slice(1)].map((r) => r.body!.cancel()));
    expect(hubStats().open).toBe(0);
  });

  it("bounds the streams of one address too, and of the whole instance with 503", async () => {
    const { id } = await ask(`Per instance ${word} question`);
    const fromOne = await Promise.all(Array.from({ length: 5 }, () => visitorFollow(id, "192.0.2.77")));
    expect(fromOne.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 429]);
    await Promise.all(fromOne.filter((r) => r.status === 200).map((r) => r.body!.cancel()));

    process.env.AGORA_AI_STREAMS_MAX = "3";
    const held = await Promise.all([1, 2, 3].map((i) => visitorFollow(id, `192.0.2.${i}`)));
    expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await visitorFollow(id, "192.0.2.50");
    expect(refused.status).toBe(503);
    expect((await refused.json()).message).toBe(STREAMS_BUSY_MESSAGE);
    await Promise.all(held.map((r) => r.body!.cancel()));
    expect(hubStats().open).toBe(0);
  });
});

describe("when the LISTEN connection is lost", () => {
  it("followers still receive the answer (the shared reader polls, then listens again)", async () => {
    const { id } = await ask(`Lost listener ${word} question`);
    const [job] = await claimJobs(1, [id]);
    await renewLease(job!, "First");
    const stream = follower(await visitorFollow(id, "203.0.113.60"));
    await stream.until((e) => e.event === "reset" && e.data.content === "First");
    await db.$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'agora-ai-followers'`;
    await renewLease(job!, "First and second");
    await stream.until((e) => e.event === "delta" && e.data.text === " and second");
    await stream.cancel();
    await releaseJob(job!);
  });
});

// Last in this file: it shuts this process's instance down.
describe("an instance shutting down", () => {
  it("ends its answer streams at once, so browsers reconnect to another instance", async () => {
    const { id } = await ask(`Shutdown ${word} question`);
    const [job] = await claimJobs(1, [id]);
    await renewLease(job!, "Half an answer");
    const stream = follower(await visitorFollow(id, "203.0.113.50"));
    await stream.until((e) => e.event === "reset");
    const { shutdown } = await import("@/lib/server/shutdown");
    const exit = jest.fn();
    const log = jest.spyOn(console, "log").mockImplementation(() => {});
    await shutdown("SIGTERM", exit);
    await stream.toEnd();
    expect(exit).toHaveBeenCalledWith(0);
    expect(stream.events.map((e) => e.event)).not.toContain("done");
    expect(hubStats().open).toBe(0);
    log.mockRestore();
    await releaseJob(job!);
  });
});
