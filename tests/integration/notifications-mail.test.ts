/** @jest-environment node */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { POST as postAnswer } from "@/app/api/questions/[id]/answers/route";
import { GET as cronGet, POST as cronPost } from "@/app/api/cron/mail/route";
import { deliverPendingEmails, MAIL_LEASE_MS, mailBackoffMs, MAX_MAIL_ATTEMPTS } from "@/lib/server/mail/sender";
import { messageIdOf } from "@/lib/server/mail/transport";
import { sendWeeklyDigests } from "@/lib/server/mail/digest";
import {
  createAnswer,
  createComment,
  createQuestion,
  createTag,
  createUser,
  followTag,
  routeContext,
  setNotificationSettings,
  signedInRequest,
  unique,
  visitorRequest,
} from "@/tests/factories";

const saved = { SMTP_URL: process.env.SMTP_URL, AGORA_DATA_DIR: process.env.AGORA_DATA_DIR, CRON_SECRET: process.env.CRON_SECRET };
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-mail-"));
  process.env.AGORA_DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await closeRateLimitStore();
  await db.$disconnect();
});

async function enqueue(subject = `Subject ${unique()}`) {
  return db.emailOutbox.create({ data: { to: `to-${unique()}@example.com`, subject, text: "Plain text", html: "<p>HTML</p>" } });
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the sender without SMTP_URL", () => {
  it("writes each message as an .eml file under AGORA_DATA_DIR/outbox and marks it sent", async () => {
    const row = await enqueue("Hello from the outbox");
    // Other files of this worker may have left e-mails waiting: deliver until the outbox is empty.
    let sent = 0;
    for (let run = await deliverPendingEmails(); run.sent > 0; run = await deliverPendingEmails()) sent += run.sent;
    expect(sent).toBeGreaterThanOrEqual(1);

    const after = await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
    expect(after.sentAt).toBeInstanceOf(Date);

    const file = fs.readdirSync(path.join(dataDir, "outbox")).find((name) => name.endsWith(`-${row.id}.eml`));
    expect(file).toBeDefined();
    const eml = fs.readFileSync(path.join(dataDir, "outbox", file!), "utf8");
    expect(eml).toMatch(/^From: Agora <no-reply@agora\.local>\r$/m);
    expect(eml).toMatch(new RegExp(`^To: ${row.to.replace(/[.]/g, "\\.")}\\r$`, "m"));
    expect(eml).toMatch(/^Subject: Hello from the outbox\r$/m);
    expect(eml).toContain("multipart/alternative");
    expect(eml).toContain("Plain text");

    // Sent once: another run finds nothing of it.
    await deliverPendingEmails();
    expect(fs.readdirSync(path.join(dataDir, "outbox")).filter((name) => name.endsWith(`-${row.id}.eml`))).toHaveLength(1);
  });

  it("never sends one message twice, however many senders run at once", async () => {
    const rows = await Promise.all(Array.from({ length: 12 }, () => enqueue()));
    await Promise.all(Array.from({ length: 4 }, () => deliverPendingEmails({ limit: 3 })));
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    for (const row of rows) {
      expect(files.filter((name) => name.endsWith(`-${row.id}.eml`))).toHaveLength(1);
      expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sent");
    }
  });
});

describe("a message whose 'sent' status cannot be saved", () => {
  afterEach(() => jest.restoreAllMocks());

  /** Makes every write of a "sent" status fail, as a lost database connection would. */
  function failSentStatus() {
    const original = db.$executeRaw.bind(db);
    jest.spyOn(db, "$executeRaw").mockImplementation(((strings: TemplateStringsArray, ...values: unknown[]) =>
      strings.join("?").includes("status = 'sent'") ? Promise.reject(new Error("connection lost")) : original(strings, ...values)) as typeof db.$executeRaw);
  }
  const filesOf = (row: { id: number }) => fs.readdirSync(path.join(dataDir, "outbox")).filter((name) => name.endsWith(`-${row.id}.eml`));

  /** A message handed over (its file written) whose "sent" status could not be saved. */
  async function sentButNotRecorded() {
    const row = await enqueue();
    const now = new Date();
    failSentStatus();
    await deliverPendingEmails({ now });
    jest.restoreAllMocks();
    expect(filesOf(row)).toHaveLength(1);
    return { row, now };
  }

  it("is not rescheduled, and is marked sent without a second copy when claimed again", async () => {
    const { row, now } = await sentButNotRecorded();
    // Still claimed by its sender: not pending, not due again before its lease ends.
    expect(await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sending", attempts: 1 });
    await deliverPendingEmails({ now: new Date(now.getTime() + 60_000) });
    expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sending");

    await deliverPendingEmails({ now: new Date(now.getTime() + MAIL_LEASE_MS + 1000) });
    expect(await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 2 });
    expect(filesOf(row)).toHaveLength(1);
  });

  it("sent again by an instance that did not hand it over, it keeps its one Message-ID and its one file", async () => {
    const { row, now } = await sentButNotRecorded();
    // Another instance does not remember what this one handed over.
    (globalThis as unknown as { agoraMailHandedOver: { clear(): void } }).agoraMailHandedOver.clear();
    await deliverPendingEmails({ now: new Date(now.getTime() + MAIL_LEASE_MS + 1000) });
    expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sent");
    const files = filesOf(row);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(eml).toContain(`Message-ID: ${messageIdOf(row)}`);
    expect(messageIdOf(row)).toMatch(/^<outbox-\d+-\d+@agora\.local>$/);
  });
});

describe("the sender with a failing SMTP server", () => {
  afterEach(() => {
    delete process.env.SMTP_URL;
  });

  it("never fails the action, and retries with backoff", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    const alice = await createUser();
    const bob = await createUser();
    const question = await createQuestion({ author: alice });
    const res = await postAnswer(
      await signedInRequest(bob, `/api/questions/${question.id}/answers`, { method: "POST", json: { content: "Works even when mail does not" } }),
      routeContext({ id: String(question.id) }),
    );
    expect(res.status).toBe(201);
    const row = await db.emailOutbox.findFirstOrThrow({ where: { to: alice.email } });

    const now = new Date();
    await expect(deliverPendingEmails({ now })).resolves.toEqual(expect.objectContaining({ retrying: expect.any(Number) }));
    let after = await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null, sentAt: null });
    expect(after.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(after.nextAttemptAt.getTime()).toBe(now.getTime() + mailBackoffMs(1));

    // Not due yet: nothing happens.
    await deliverPendingEmails({ now: new Date(now.getTime() + 30_000) });
    expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).attempts).toBe(1);

    // Due: a second attempt, and a longer wait.
    const later = new Date(now.getTime() + mailBackoffMs(1) + 1000);
    await deliverPendingEmails({ now: later });
    after = await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "pending", attempts: 2 });
    expect(after.nextAttemptAt.getTime()).toBe(later.getTime() + mailBackoffMs(2));
    expect(mailBackoffMs(2)).toBe(2 * mailBackoffMs(1));

    // Once the server is back (no SMTP_URL: the .eml file), the message goes out.
    delete process.env.SMTP_URL;
    await deliverPendingEmails({ now: new Date(later.getTime() + mailBackoffMs(2) + 1000) });
    expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sent");
  });

  it("gives a message up after the last attempt", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    const row = await enqueue();
    await db.emailOutbox.update({ where: { id: row.id }, data: { attempts: MAX_MAIL_ATTEMPTS - 1 } });
    await deliverPendingEmails();
    const after = await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS });
    await deliverPendingEmails({ now: new Date(Date.now() + 365 * 24 * 60 * 60_000) });
    expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).attempts).toBe(MAX_MAIL_ATTEMPTS);
  });
});

describe("the weekly digest", () => {
  const DAY = 24 * 60 * 60_000;

  it("enqueues one summary a week for members who want it, and none when the week was empty", async () => {
    const alice = await createUser({ firstName: "Alice", lastName: "Digest" });
    const bob = await createUser({ firstName: "Bob", lastName: "<Answerer>" });
    const quiet = await createUser();
    const notWanted = await createUser();
    await setNotificationSettings(alice, { weeklyDigest: true });
    await setNotificationSettings(quiet, { weeklyDigest: true });
    const tag = await createTag();
    await followTag(alice, tag);
    const own = await createQuestion({ author: alice, title: "Alice's <own> question about caching" });
    const a = await createAnswer({ question: own, author: bob });
    await createComment({ answer: a, author: bob });
    await db.question.update({ where: { id: own.id }, data: { lastActivityAt: new Date() } });
    await createQuestion({ author: bob, title: "A new question in a followed tag", tags: [tag] });
    const notWantedQuestion = await createQuestion({ author: notWanted });
    await createAnswer({ question: notWantedQuestion, author: bob });

    const now = new Date();
    await sendWeeklyDigests(now);
    const mails = await db.emailOutbox.findMany({ where: { to: { in: [alice.email, quiet.email, notWanted.email] } } });
    expect(mails.map((m) => m.to)).toEqual([alice.email]);
    const [mail] = mails;
    expect(mail!.subject).toBe("Your weekly Agora digest");
    expect(mail!.text).toContain("Alice's <own> question about caching (1 new answer, 1 new comment)");
    expect(mail!.text).toContain("A new question in a followed tag (0 answers)");
    expect(mail!.html).toContain("Alice&#39;s &lt;own&gt; question about caching");
    expect(mail!.html).not.toContain("<own>");
    // The quiet member's week was dealt with too, without an e-mail.
    expect((await db.user.findUniqueOrThrow({ where: { id: quiet.id } })).lastDigestAt).toEqual(now);

    // Again within the week: nothing more.
    await sendWeeklyDigests(now);
    await sendWeeklyDigests(new Date(now.getTime() + 6 * DAY));
    expect(await db.emailOutbox.count({ where: { to: alice.email } })).toBe(1);

    // A week later, with new activity: the next one.
    const nextWeek = new Date(now.getTime() + 7 * DAY + 60_000);
    const b = await createAnswer({ question: own, author: bob });
    await db.answer.update({ where: { id: b.id }, data: { createdAt: new Date(now.getTime() + 3 * DAY) } });
    await db.question.update({ where: { id: own.id }, data: { lastActivityAt: new Date(now.getTime() + 3 * DAY) } });
    await sendWeeklyDigests(nextWeek);
    expect(await db.emailOutbox.count({ where: { to: alice.email } })).toBe(2);
  });

  it("sends one digest even when several runs race", async () => {
    const carol = await createUser();
    const dave = await createUser();
    await setNotificationSettings(carol, { weeklyDigest: true });
    const q = await createQuestion({ author: carol });
    await createAnswer({ question: q, author: dave });
    await db.question.update({ where: { id: q.id }, data: { lastActivityAt: new Date() } });
    const now = new Date();
    await Promise.all([sendWeeklyDigests(now), sendWeeklyDigests(now), sendWeeklyDigests(now)]);
    expect(await db.emailOutbox.count({ where: { to: carol.email } })).toBe(1);
  });
});

describe("/api/cron/mail", () => {
  it("answers 401 without the right bearer token, or when CRON_SECRET is unset", async () => {
    delete process.env.CRON_SECRET;
    expect((await cronGet(visitorRequest("/api/cron/mail", { headers: { Authorization: "Bearer anything" } }), routeContext())).status).toBe(401);
    process.env.CRON_SECRET = "s3cret-for-tests";
    expect((await cronGet(visitorRequest("/api/cron/mail"), routeContext())).status).toBe(401);
    const wrong = await cronPost(visitorRequest("/api/cron/mail", { method: "POST", headers: { Authorization: "Bearer nope" } }), routeContext());
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toContain("Unauthorized");
  });

  it("delivers the outbox and runs the digests with the right token", async () => {
    process.env.CRON_SECRET = "s3cret-for-tests";
    const row = await enqueue();
    const res = await cronGet(visitorRequest("/api/cron/mail", { headers: { Authorization: "Bearer s3cret-for-tests" } }), routeContext());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      digests: { enqueued: expect.any(Number), empty: expect.any(Number) },
      delivery: { sent: expect.any(Number), retrying: expect.any(Number), failed: expect.any(Number) },
      push: { sent: 0, retrying: 0, failed: 0, expired: 0, dropped: 0 }, // the push outbox too (issue 15); no VAPID keys here
    });
    expect((await db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sent");
  });
});
