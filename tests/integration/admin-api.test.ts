/** @jest-environment node */
// The admin dashboard's API (issue 14): admins only, exact counts per day from seeded rows, the
// AI worker's and the outbox's failures with a retry that moves a row once (and the worker then
// picks the job up), and no secret of the configuration in any answer.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/server/db";
import { GET as getOverview } from "@/app/api/admin/overview/route";
import { POST as retryAiJobRoute } from "@/app/api/admin/ai-jobs/[id]/retry/route";
import { POST as retryMailRoute } from "@/app/api/admin/mail/[id]/retry/route";
import { processOwedAnswers } from "@/lib/server/ai/worker";
import { deliverPendingEmails } from "@/lib/server/mail/sender";
import { maskEmail, maskEmailsIn, type AdminOverviewJson } from "@/lib/server/admin/presenters";
import { createAnswer, createQuestion, createUser, routeContext, signedInRequest, unique, visitorRequest, type TestUser } from "@/tests/factories";
import { startFakeOpenAI, type FakeOpenAI } from "@/tests/support/fake-openai";
import { countingStatements } from "@/tests/support/statement-counter";
import { getAdminOverview, listActivityByDay } from "@/lib/server/admin/queries";

const statementsOf = countingStatements();

let fake: FakeOpenAI;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;
let dataDir: string;
const savedEnv = { ...process.env };

const DAY = 86_400_000;
/** Midday (UTC) `n` days ago, so the row falls on that UTC day whatever the hour now. */
const daysAgo = (n: number) => {
  const d = new Date(Date.now() - n * DAY);
  d.setUTCHours(12, 0, 0, 0);
  return d;
};
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  fake = await startFakeOpenAI();
  process.env.AGORA_AI_WORKER = "off"; // only this file's explicit calls write answers
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-admin-"));
  process.env.AGORA_DATA_DIR = dataDir;
  admin = await db.user.update({ where: { id: (await createUser({ tag: "admin", firstName: "Ada", lastName: "Admin" })).id }, data: { role: "admin" } });
  moderator = await db.user.update({ where: { id: (await createUser({ tag: "mod", firstName: "Mo", lastName: "Derator" })).id }, data: { role: "moderator" } });
  member = await createUser({ tag: "member" });
});

beforeEach(() => {
  for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "AI_MODEL", "SMTP_URL"]) delete process.env[name];
});

afterAll(async () => {
  process.env = savedEnv;
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.$disconnect();
});

async function overviewAs(user: TestUser): Promise<AdminOverviewJson> {
  const res = await getOverview(await signedInRequest(user, "/api/admin/overview"), routeContext());
  expect(res.status).toBe(200);
  return (await res.json()) as AdminOverviewJson;
}

const retryJob = async (user: TestUser, id: number | string) =>
  retryAiJobRoute(await signedInRequest(user, `/api/admin/ai-jobs/${id}/retry`, { method: "POST" }), routeContext({ id: String(id) }));
const retryMail = async (user: TestUser, id: number | string) =>
  retryMailRoute(await signedInRequest(user, `/api/admin/mail/${id}/retry`, { method: "POST" }), routeContext({ id: String(id) }));

/** A question whose AI answer job failed: waiting out its backoff, with the provider's error. */
async function failedJob(lastError = "The AI provider rejected the request (401). Check OPENAI_API_KEY.") {
  const question = await createQuestion({ author: member, title: `Why does the ${unique()} counter reset?` });
  const job = await db.aiAnswerJob.create({
    data: { questionId: question.id, status: "failed", attempts: 4, lastError, nextAttemptAt: new Date(Date.now() + 3_600_000) },
  });
  return { question, job };
}

async function failedEmail(to = `reader-${unique()}@example.com`) {
  return db.emailOutbox.create({
    data: { to, subject: `New answer ${unique()}`, text: "Body", html: "<p>Body</p>", status: "failed", attempts: 8, lastError: `550 5.1.1 <${to}>: Recipient address rejected` },
  });
}

describe("who may see and use the dashboard", () => {
  const routes = [
    { name: "GET /api/admin/overview", call: (req: Request) => getOverview(req, routeContext()), method: "GET", url: "/api/admin/overview" },
    { name: "POST /api/admin/ai-jobs/:id/retry", call: (req: Request) => retryAiJobRoute(req, routeContext({ id: "1" })), method: "POST", url: "/api/admin/ai-jobs/1/retry" },
    { name: "POST /api/admin/mail/:id/retry", call: (req: Request) => retryMailRoute(req, routeContext({ id: "1" })), method: "POST", url: "/api/admin/mail/1/retry" },
  ];

  it.each(routes)("$name: 401 for a visitor, 403 for a member and a moderator", async ({ call, method, url }) => {
    const visitor = await call(visitorRequest(url, { method }));
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).message).toContain("Unauthorized");
    for (const user of [member, moderator]) {
      const res = await call(await signedInRequest(user, url, { method }));
      expect(res.status).toBe(403);
      expect((await res.json()).message).toMatch(/^Only admins can/);
    }
  });

  it("lets an admin read the overview, never cached", async () => {
    const res = await getOverview(await signedInRequest(admin, "/api/admin/overview"), routeContext());
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const body = (await res.json()) as AdminOverviewJson;
    expect(Object.keys(body).sort()).toEqual(["activity", "ai", "flags", "mail", "staff", "totals"]);
    expect(body.flags).toEqual({ open: expect.any(Number) });
  });

  it("counts the flags waiting for a moderator: a new flag adds one, a resolved one leaves", async () => {
    const before = (await overviewAs(admin)).flags.open;
    const question = await createQuestion({ author: member });
    const flag = await db.flag.create({ data: { reporterId: moderator.id, targetType: "question", targetId: question.id, questionId: question.id, reason: "rude" } });
    expect((await overviewAs(admin)).flags.open).toBe(before + 1);
    await db.flag.update({ where: { id: flag.id }, data: { status: "dismissed", resolvedById: moderator.id, resolvedAt: new Date() } });
    expect((await overviewAs(admin)).flags.open).toBe(before);
  });
});

describe("counts", () => {
  it("has one entry per UTC day for the last 30 days, oldest first, ending today", async () => {
    const { activity } = await overviewAs(admin);
    expect(activity).toHaveLength(30);
    expect(activity.at(-1)!.day).toBe(dayKey(new Date()));
    expect(activity[0]!.day).toBe(dayKey(new Date(Date.now() - 29 * DAY)));
    for (let i = 1; i < activity.length; i++) expect(Date.parse(activity[i]!.day) - Date.parse(activity[i - 1]!.day)).toBe(DAY);
  });

  it("counts members, questions, answers, AI answers and tokens on the days they were created, and in the totals", async () => {
    const before = await overviewAs(admin);
    const [d3, d5, d40] = [daysAgo(3), daysAgo(5), daysAgo(40)];

    // Members: two joined 3 days ago; a deleted account and the assistant are never members.
    await createUser({ tag: "joined" }).then((u) => db.user.update({ where: { id: u.id }, data: { createdAt: d3 } }));
    await createUser({ tag: "joined" }).then((u) => db.user.update({ where: { id: u.id }, data: { createdAt: d3 } }));
    await createUser({ tag: "gone" }).then((u) => db.user.update({ where: { id: u.id }, data: { createdAt: d3, deletedAt: new Date() } }));
    const bot = await createUser({ tag: "bot", isAssistant: true });
    await db.user.update({ where: { id: bot.id }, data: { createdAt: d3 } });

    // Questions: three asked 5 days ago, one 40 days ago (outside the window, in the totals).
    const questions = [];
    for (const when of [d5, d5, d5, d40]) {
      const q = await createQuestion({ author: member });
      await db.question.update({ where: { id: q.id }, data: { createdAt: when } });
      questions.push(q);
    }
    // Answers 5 days ago: two by members, the automatic AI answer and one from a custom prompt (with tokens).
    const at = async (answer: { id: number }, when: Date, tokens?: [number, number]) =>
      db.answer.update({ where: { id: answer.id }, data: { createdAt: when, ...(tokens ? { aiInputTokens: tokens[0], aiOutputTokens: tokens[1], aiModel: "fake-model" } : {}) } });
    await at(await createAnswer({ question: questions[0]!, author: moderator }), d5);
    await at(await createAnswer({ question: questions[1]!, author: moderator }), d5);
    await at(await createAnswer({ question: questions[0]!, author: bot, isAutoGenerated: true }), d5, [1000, 250]);
    await at(await createAnswer({ question: questions[1]!, author: member, customPrompt: "Explain like I'm five" }), d5, [40, 20]);
    await at(await createAnswer({ question: questions[3]!, author: bot, isAutoGenerated: true }), d40, [7, 7]);

    const after = await overviewAs(admin);
    expect({
      members: after.totals.members - before.totals.members,
      questions: after.totals.questions - before.totals.questions,
      answers: after.totals.answers - before.totals.answers,
      aiAnswers: after.totals.aiAnswers - before.totals.aiAnswers,
    }).toEqual({ members: 2, questions: 4, answers: 5, aiAnswers: 3 });

    const delta = (day: Date) => {
      const [b, a] = [before, after].map((o) => o.activity.find((x) => x.day === dayKey(day))!);
      return { members: a!.members - b!.members, questions: a!.questions - b!.questions, answers: a!.answers - b!.answers, aiAnswers: a!.aiAnswers - b!.aiAnswers, tokens: a!.tokens - b!.tokens };
    };
    expect(delta(d3)).toEqual({ members: 2, questions: 0, answers: 0, aiAnswers: 0, tokens: 0 });
    expect(delta(d5)).toEqual({ members: 0, questions: 3, answers: 4, aiAnswers: 2, tokens: 1000 + 250 + 40 + 20 });
    // Nothing else moved: the 40-day-old rows are outside every day of the series.
    const sum = (o: AdminOverviewJson, key: "members" | "questions" | "answers" | "aiAnswers" | "tokens") => o.activity.reduce((n, d) => n + d[key], 0);
    expect(sum(after, "questions") - sum(before, "questions")).toBe(3);
    expect(sum(after, "tokens") - sum(before, "tokens")).toBe(1310);
  });

  it("reads each series for every day in one statement, and the whole overview in at most eight", async () => {
    const series = await statementsOf(() => listActivityByDay(30));
    expect(series.result).toHaveLength(30);
    expect(series.count).toBe(1);
    expect((await statementsOf(() => listActivityByDay(90))).count).toBe(1);
    // Seven reads side by side; eight once the open flags are counted (lib/server/flags).
    expect((await statementsOf(() => getAdminOverview())).count).toBeLessThanOrEqual(8);
  });
});

describe("the staff", () => {
  it("lists moderators and admins with their role, admins first, without anyone's e-mail", async () => {
    const { staff } = await overviewAs(admin);
    const ours = staff.filter((s) => [admin.id, moderator.id].includes(s.id));
    expect(ours.map((s) => [s.id, s.role])).toEqual([
      [admin.id, "admin"],
      [moderator.id, "moderator"],
    ]);
    expect(staff.some((s) => s.id === member.id)).toBe(false);
    const firstModerator = staff.findIndex((s) => s.role === "moderator");
    expect(staff.slice(firstModerator).every((s) => s.role === "moderator")).toBe(true);
    const mod = ours[1]!;
    expect(mod).toMatchObject({ firstName: "Mo", lastName: "Derator", handle: moderator.email.split("@")[0] });
    expect(JSON.stringify(staff)).not.toContain(moderator.email);
  });
});

describe("the AI worker", () => {
  it("shows the jobs by state and the failed ones with their last error", async () => {
    const before = await overviewAs(admin);
    const { job, question } = await failedJob();
    const after = await overviewAs(admin);
    expect(after.ai.jobs.failed - before.ai.jobs.failed).toBe(1);
    expect(after.ai.failed[0]).toEqual({
      id: job.id,
      questionId: question.id,
      questionTitle: question.title,
      attempts: 4,
      lastError: job.lastError,
      nextAttemptAt: job.nextAttemptAt.toISOString(),
      failedAt: expect.any(String),
    });
    expect(after.ai.provider).toEqual({ configured: false, kind: null, host: null, model: null });
    expect(after.ai.workerEnabled).toBe(false); // AGORA_AI_WORKER=off in this file
  });

  it("puts a failed job back to pending once; a second retry changes nothing; the worker then writes its answer", async () => {
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.AI_MODEL = "fake-model";
    const { job, question } = await failedJob();
    // Waiting out its backoff, the worker leaves it alone.
    expect(await processOwedAnswers({ questionIds: [question.id] })).toMatchObject({ claimed: 0 });

    const first = await retryJob(admin, job.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: job.id, status: "pending", retried: true });
    const pending = await db.aiAnswerJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(pending).toMatchObject({ status: "pending", attempts: 0, lockedBy: null });
    expect(pending.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    const second = await retryJob(admin, job.id);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ id: job.id, status: "pending", retried: false });
    expect(await db.aiAnswerJob.findUniqueOrThrow({ where: { id: job.id } })).toEqual(pending);

    expect(await processOwedAnswers({ questionIds: [question.id] })).toMatchObject({ claimed: 1, done: 1 });
    expect(await db.aiAnswerJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect(await db.answer.count({ where: { questionId: question.id, isAutoGenerated: true } })).toBe(1);

    // Retrying a finished job changes nothing either.
    expect(await (await retryJob(admin, job.id)).json()).toEqual({ id: job.id, status: "done", retried: false });
  });

  it("moves a job once under 50 identical retries from two admins at the same moment", async () => {
    const other = await db.user.update({ where: { id: (await createUser({ tag: "admin2" })).id }, data: { role: "admin" } });
    const { job } = await failedJob();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => retryJob(i % 2 ? other : admin, job.id)));
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ retried: boolean; status: string }>));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((b) => b.retried)).toHaveLength(1);
    expect(bodies.every((b) => b.status === "pending")).toBe(true);
    expect(await db.aiAnswerJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("answers 404 for a job that does not exist or an id that is not one", async () => {
    for (const id of ["999999999", "abc", "0"]) {
      const res = await retryJob(admin, id);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe("AI answer job not found");
    }
  });
});

describe("the mail outbox", () => {
  it("shows pending and failed messages, with the recipient and any address in the error masked", async () => {
    const before = await overviewAs(admin);
    const to = `reader-${unique()}@example.com`;
    const message = await failedEmail(to);
    await db.emailOutbox.create({ data: { to: `someone-${unique()}@example.com`, subject: "Waiting", text: "x", html: "x" } });
    const after = await overviewAs(admin);
    expect(after.mail.outbox.failed - before.mail.outbox.failed).toBe(1);
    expect(after.mail.outbox.pending - before.mail.outbox.pending).toBe(1);
    expect(after.mail.failed[0]).toEqual({
      id: message.id,
      to: `r…@example.com`,
      subject: message.subject,
      attempts: 8,
      lastError: "550 5.1.1 <r…@example.com>: Recipient address rejected",
      createdAt: message.createdAt.toISOString(),
    });
    expect(JSON.stringify(after)).not.toContain(to);
    expect(after.mail.transport).toEqual({ kind: "file", host: null });
  });

  it("puts a failed e-mail back in the outbox once, and the sender then delivers it", async () => {
    const message = await failedEmail();
    const first = await retryMail(admin, message.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: message.id, status: "pending", retried: true });
    expect(await db.emailOutbox.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
    expect(await (await retryMail(admin, message.id)).json()).toEqual({ id: message.id, status: "pending", retried: false });

    // Other suites share the outbox (their e-mails may fill a batch, or their sender may hold this
    // one's lease a moment): deliver until this e-mail has left, a bounded number of rounds.
    const stored = () => db.emailOutbox.findUniqueOrThrow({ where: { id: message.id } });
    for (let round = 0; round < 50 && (await stored()).status !== "sent"; round++) await deliverPendingEmails();
    expect(await stored()).toMatchObject({ status: "sent", attempts: 1 });
    expect(fs.readdirSync(path.join(dataDir, "outbox")).length).toBeGreaterThan(0);
    expect(await (await retryMail(admin, message.id)).json()).toEqual({ id: message.id, status: "sent", retried: false });
  });

  it("moves a message once under 50 identical retries, and answers 404 for one that does not exist", async () => {
    const message = await failedEmail();
    const bodies = await Promise.all(Array.from({ length: 50 }, async () => (await retryMail(admin, message.id)).json() as Promise<{ retried: boolean }>));
    expect(bodies.filter((b) => b.retried)).toHaveLength(1);
    const missing = await retryMail(admin, 999_999_999);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("E-mail not found");
  });
});

describe("no secrets", () => {
  it("names the AI provider and the SMTP server by host and model only", async () => {
    process.env.OPENAI_API_KEY = "sk-test-SECRETKEY-1234567890";
    process.env.OPENAI_BASE_URL = "https://llmuser:llmpassword@llm.example.com:8443/v1?token=querysecret";
    process.env.AI_MODEL = "llama-3.1-8b";
    process.env.SMTP_URL = "smtps://mailer:hunter2@smtp.example.com:465";
    const res = await getOverview(await signedInRequest(admin, "/api/admin/overview"), routeContext());
    const text = await res.text();
    const body = JSON.parse(text) as AdminOverviewJson;
    expect(body.ai.provider).toEqual({ configured: true, kind: "openai-compatible", host: "llm.example.com:8443", model: "llama-3.1-8b" });
    expect(body.mail.transport).toEqual({ kind: "smtp", host: "smtp.example.com:465" });
    for (const secret of ["SECRETKEY", "sk-test", "llmuser", "llmpassword", "querysecret", "hunter2", "mailer", moderator.email, member.email]) {
      expect(text).not.toContain(secret);
    }
  });

  it("calls OpenAI itself by its host when only a key is set", async () => {
    process.env.OPENAI_API_KEY = "sk-only-a-key";
    const body = await overviewAs(admin);
    expect(body.ai.provider).toEqual({ configured: true, kind: "openai", host: "api.openai.com", model: "gpt-4o-mini" });
  });

  it("masks addresses", () => {
    expect(maskEmail("pat.doe@example.com")).toBe("p…@example.com");
    expect(maskEmail("not an address")).toBe("…");
    expect(maskEmailsIn("to a@b.co and <c.d@e.org>")).toBe("to a…@b.co and <c…@e.org>");
    expect(maskEmailsIn(null)).toBeNull();
  });
});
