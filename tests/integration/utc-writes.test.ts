/** @jest-environment node */
// Times are stored as UTC in `timestamp` columns. A write that used the database's now() would
// store the session's local time instead; with the session 14 hours from UTC it shows at once.
import { FAR_TIME_ZONE } from "@/tests/support/far-time-zone";
import { db } from "@/lib/server/db";
import { deleteComment } from "@/lib/server/comments/mutations";
import { setVote } from "@/lib/server/votes/mutations";
import { enqueuePush, pushPayload } from "@/lib/server/push/outbox";
import { savePushSubscription } from "@/lib/server/push/subscriptions";
import { findRelatedQuestions } from "@/lib/server/similar/related";
import { createAnswer, createComment, createQuestion, createUser } from "@/tests/factories";
import { createBrowserKeys, createVapidKeys } from "@/tests/support/fake-push-service";

afterAll(async () => {
  await db.$disconnect();
});

const MINUTE = 60_000;
const closeToNow = (date: Date) => expect(Math.abs(date.getTime() - Date.now())).toBeLessThan(MINUTE);

describe("writes store UTC whatever the database session's time zone", () => {
  it("runs these tests in a session far from UTC", async () => {
    const [row] = await db.$queryRaw<{ zone: string }[]>`SELECT current_setting('TimeZone') AS zone`;
    expect(row?.zone).toBe(FAR_TIME_ZONE);
  });

  it("a vote's time", async () => {
    const author = await createUser({ tag: "utc-author" });
    const voter = await createUser({ tag: "utc-voter" });
    const answer = await createAnswer({ question: await createQuestion({ author }), author });
    await setVote({ answer, voter, voteType: "up" });
    const vote = await db.vote.findUniqueOrThrow({ where: { userId_answerId: { userId: voter.id, answerId: answer.id } } });
    closeToNow(vote.createdAt);
  });

  it("a kept Related questions list's time, read back as fresh (issue 18)", async () => {
    const author = await createUser({ tag: "utc-related" });
    const question = await createQuestion({ author, title: `Kept related list ${Math.random().toString(36).slice(2, 10)}` });
    await findRelatedQuestions(null, question);
    const kept = await db.relatedQuestions.findUniqueOrThrow({ where: { questionId: question.id } });
    closeToNow(kept.computedAt);
    // Twelve hours old is fresh (a day's time to live), read against UTC: not looked up again.
    const twelveHoursAgo = new Date(Date.now() - 12 * 3_600_000);
    await db.relatedQuestions.update({ where: { questionId: question.id }, data: { computedAt: twelveHoursAgo } });
    await findRelatedQuestions(null, question);
    expect((await db.relatedQuestions.findUniqueOrThrow({ where: { questionId: question.id } })).computedAt).toEqual(twelveHoursAgo);
  });

  it("the question's last activity when a comment is deleted", async () => {
    const author = await createUser({ tag: "utc-commenter" });
    const question = await createQuestion({ author });
    const answer = await createAnswer({ question, author });
    const comment = await createComment({ answer, author });
    await db.question.update({ where: { id: question.id }, data: { lastActivityAt: new Date(Date.now() - 10 * 86_400_000) } });
    await deleteComment(comment);
    closeToNow((await db.question.findUniqueOrThrow({ where: { id: question.id } })).lastActivityAt);
  });

  it("a push subscription's times and a queued push's times (issue 15)", async () => {
    const saved = { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY };
    const vapid = createVapidKeys();
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    try {
      const member = await createUser({ tag: "utc-push" });
      const keys = createBrowserKeys();
      await savePushSubscription({ id: member.id }, { endpoint: `https://push.example.com/send/${member.id}`, keys: { p256dh: keys.p256dh, auth: keys.auth } });
      const subscription = await db.pushSubscription.findFirstOrThrow({ where: { userId: member.id } });
      closeToNow(subscription.createdAt);
      closeToNow(subscription.updatedAt);
      await db.$transaction((tx) => enqueuePush(tx, member.id, 1, pushPayload({ id: 1, title: "T", message: "M", link: "/" })));
      const queued = await db.pushOutbox.findFirstOrThrow({ where: { userId: member.id } });
      closeToNow(queued.createdAt);
      closeToNow(queued.nextAttemptAt);
    } finally {
      if (saved.publicKey === undefined) delete process.env.VAPID_PUBLIC_KEY;
      else process.env.VAPID_PUBLIC_KEY = saved.publicKey;
      if (saved.privateKey === undefined) delete process.env.VAPID_PRIVATE_KEY;
      else process.env.VAPID_PRIVATE_KEY = saved.privateKey;
    }
  });
});
