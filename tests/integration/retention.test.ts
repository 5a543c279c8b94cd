/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as cronGet, POST as cronPost } from "@/app/api/cron/retention/route";
import { runRetention, startRetentionLoop } from "@/lib/server/retention";
import { createQuestion, createUser, routeContext, unique, visitorRequest } from "@/tests/factories";

const savedSecret = process.env.CRON_SECRET;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

afterAll(async () => {
  if (savedSecret === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = savedSecret;
  await db.$disconnect();
});

async function seedOldAndRecent() {
  const user = await createUser({ tag: "retention" });
  const question = await createQuestion({ author: user });
  const done = await createQuestion({ author: user });
  const running = await createQuestion({ author: user });
  const tag = unique();
  // Three old views (more than one batch of 2) and one recent.
  await db.questionView.createMany({
    data: [
      { questionId: question.id, viewerKey: `${tag}-old-1`, viewedAt: hoursAgo(48) },
      { questionId: question.id, viewerKey: `${tag}-old-2`, viewedAt: hoursAgo(30) },
      { questionId: question.id, viewerKey: `${tag}-old-3`, viewedAt: hoursAgo(25) },
      { questionId: question.id, viewerKey: `${tag}-new`, viewedAt: hoursAgo(1) },
    ],
  });
  const mail = (status: string, sentAt: Date | null, createdAt: Date) =>
    db.emailOutbox.create({ data: { to: `${tag}@example.com`, subject: `${tag} ${status}`, text: "body", html: "<p>body</p>", status, sentAt, createdAt } });
  const oldSent = await mail("sent", hoursAgo(24 * 8), hoursAgo(24 * 8));
  const recentSent = await mail("sent", hoursAgo(24 * 6), hoursAgo(24 * 6));
  const oldPending = await mail("pending", null, hoursAgo(24 * 30));
  const oldFailed = await mail("failed", null, hoursAgo(24 * 30));
  await db.session.createMany({
    data: [
      { sid: `${tag}-expired`, userId: user.id, sess: {}, expire: hoursAgo(1) },
      { sid: `${tag}-live`, userId: user.id, sess: {}, expire: new Date(Date.now() + 3600_000) },
    ],
  });
  await db.rateLimit.createMany({
    data: [
      { key: `${tag}:expired`, points: 3, expire: BigInt(Date.now() - 1000) },
      { key: `${tag}:live`, points: 3, expire: BigInt(Date.now() + 60_000) },
      { key: `${tag}:forever`, points: 3, expire: null },
    ],
  });
  const doneJob = await db.aiAnswerJob.create({ data: { questionId: done.id, status: "done", partialContent: "the whole answer" } });
  await db.$executeRaw`UPDATE ai_answer_jobs SET updated_at = (now() AT TIME ZONE 'UTC') - interval '2 hours' WHERE id = ${doneJob.id}`;
  const runningJob = await db.aiAnswerJob.create({ data: { questionId: running.id, status: "running", partialContent: "half an answer" } });
  await db.$executeRaw`UPDATE ai_answer_jobs SET updated_at = (now() AT TIME ZONE 'UTC') - interval '2 hours' WHERE id = ${runningJob.id}`;
  const link = (name: string, expiresAt: Date) =>
    db.emailToken.create({ data: { userId: user.id, purpose: "verify_email", tokenHash: `${tag}-${name}`.padEnd(64, "0"), email: user.email, expiresAt } });
  const oldLink = await link("old", hoursAgo(25));
  const recentlyExpiredLink = await link("recent", hoursAgo(2));
  const liveLink = await link("live", new Date(Date.now() + 3600_000));
  return { tag, user, question, oldSent, recentSent, oldPending, oldFailed, doneJob, runningJob, oldLink, recentlyExpiredLink, liveLink };
}

describe("retention", () => {
  it("prunes old rows of every table in small batches and keeps the recent and still-needed ones", async () => {
    const s = await seedOldAndRecent();
    const result = await runRetention({ batch: 2 });
    expect(result.complete).toBe(true);
    expect(result.deleted.question_views).toBeGreaterThanOrEqual(3);
    expect(result.deleted.email_outbox).toBeGreaterThanOrEqual(1);

    const views = await db.questionView.findMany({ where: { questionId: s.question.id }, select: { viewerKey: true } });
    expect(views.map((v) => v.viewerKey)).toEqual([`${s.tag}-new`]);

    const mails = await db.emailOutbox.findMany({ where: { to: `${s.tag}@example.com` }, select: { id: true } });
    expect(mails.map((m) => m.id).sort((a, b) => a - b)).toEqual([s.recentSent.id, s.oldPending.id, s.oldFailed.id].sort((a, b) => a - b));

    const sessions = await db.session.findMany({ where: { sid: { startsWith: s.tag } }, select: { sid: true } });
    expect(sessions.map((x) => x.sid)).toEqual([`${s.tag}-live`]);

    const limits = await db.rateLimit.findMany({ where: { key: { startsWith: s.tag } }, select: { key: true }, orderBy: { key: "asc" } });
    expect(limits.map((l) => l.key)).toEqual([`${s.tag}:forever`, `${s.tag}:live`]);

    expect((await db.aiAnswerJob.findUniqueOrThrow({ where: { id: s.doneJob.id } })).partialContent).toBeNull();
    expect((await db.aiAnswerJob.findUniqueOrThrow({ where: { id: s.runningJob.id } })).partialContent).toBe("half an answer");

    const links = await db.emailToken.findMany({ where: { userId: s.user.id }, select: { id: true }, orderBy: { id: "asc" } });
    expect(links.map((l) => l.id)).toEqual([s.recentlyExpiredLink.id, s.liveLink.id]);

    // A second run finds nothing of these left to do.
    const again = await runRetention({ batch: 2 });
    expect(again.deleted).toEqual({ question_views: 0, email_outbox: 0, push_outbox: 0, sessions: 0, rate_limits: 0, ai_answer_jobs: 0, email_tokens: 0, ai_draft_answers: 0 });
  });

  it("stops at its time budget and says it did not finish", async () => {
    const result = await runRetention({ budgetMs: 0 });
    expect(result.complete).toBe(false);
  });

  it("GET/POST /api/cron/retention needs the cron secret, then prunes", async () => {
    process.env.CRON_SECRET = "retention-secret-for-tests";
    const refused = await cronGet(visitorRequest("/api/cron/retention"), routeContext());
    expect(refused.status).toBe(401);
    const wrong = await cronGet(visitorRequest("/api/cron/retention", { headers: { Authorization: "Bearer nope" } }), routeContext());
    expect(wrong.status).toBe(401);

    const s = await seedOldAndRecent();
    const res = await cronPost(visitorRequest("/api/cron/retention", { method: "POST", headers: { Authorization: "Bearer retention-secret-for-tests", Origin: "http://localhost" } }), routeContext());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ deleted: expect.objectContaining({ question_views: expect.any(Number) }), complete: true });
    expect(await db.session.count({ where: { sid: `${s.tag}-expired` } })).toBe(0);
    expect(await db.emailOutbox.count({ where: { id: s.oldSent.id } })).toBe(0);
  });

  it("runs by itself in the server's background loop", async () => {
    const user = await createUser({ tag: "retention-loop" });
    const sid = `loop-${unique()}`;
    await db.session.create({ data: { sid, userId: user.id, sess: {}, expire: hoursAgo(2) } });
    const stop = startRetentionLoop(50);
    try {
      const deadline = Date.now() + 10_000;
      while ((await db.session.count({ where: { sid } })) > 0) {
        if (Date.now() > deadline) throw new Error("the loop did not prune the expired session");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      stop();
    }
  });
});
