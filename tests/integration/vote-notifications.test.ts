/** @jest-environment node */
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { POST as vote, DELETE as unvote } from "@/app/api/answers/[id]/vote/route";
import { POST as voteQuestion } from "@/app/api/questions/[id]/vote/route";
import { createAnswer, createQuestion, createUser, routeContext, setNotificationSettings, signedInRequest, type TestUser } from "@/tests/factories";

/*
 * Vote notifications (issue 15): up- and down-votes on one answer fold into one notification per
 * recipient, answer and UTC day, updated in place; the "upvotes" switch covers both.
 */

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

const votesOf = (user: { id: string }) =>
  db.notification.findMany({ where: { userId: user.id, type: "vote" }, orderBy: { id: "asc" } });

async function cast(user: TestUser, answerId: number, voteType: "up" | "down" = "up") {
  const res = await vote(await signedInRequest(user, `/api/answers/${answerId}/vote`, { method: "POST", json: { voteType } }), routeContext({ id: String(answerId) }));
  expect(res.status).toBe(200);
}

async function withdraw(user: TestUser, answerId: number) {
  const res = await unvote(await signedInRequest(user, `/api/answers/${answerId}/vote`, { method: "DELETE" }), routeContext({ id: String(answerId) }));
  expect(res.status).toBe(200);
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

async function answerOf(author: TestUser, title = "Which database for a small app?") {
  const asker = await createUser();
  const question = await createQuestion({ author: asker, title });
  return { question, answer: await createAnswer({ question, author }) };
}

describe("vote notifications fold per answer per day", () => {
  it("tells the answer's author of a first up-vote, with a link to the answer", async () => {
    const alice = await createUser();
    const bob = await createUser({ firstName: "Bob", lastName: "Voter" });
    const { question, answer } = await answerOf(alice);
    await cast(bob, answer.id);
    await cast(bob, answer.id); // a repeat changes nothing

    const list = await votesOf(alice);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: "vote",
      title: "Your answer received 1 upvote",
      message: "Bob Voter upvoted your answer to “Which database for a small app?”",
      relatedId: answer.id,
      relatedType: "answer",
      questionId: question.id,
      link: `/questions/${question.id}#answer-${answer.id}`,
      actorId: bob.id,
      upCount: 1,
      downCount: 0,
      eventCount: 1,
      isRead: false,
    });
    expect(utcDay(list[0]!.foldDay!)).toBe(utcDay(new Date()));
  });

  it("counts up- and down-votes in one row, and a down-vote names nobody", async () => {
    const alice = await createUser();
    const [bob, carol, dave, erin] = await Promise.all([createUser(), createUser(), createUser({ firstName: "Dave", lastName: "Last" }), createUser()]);
    const { answer } = await answerOf(alice);
    await cast(erin, answer.id, "down");
    let [fold] = await votesOf(alice);
    expect(fold).toMatchObject({ title: "Your answer received 1 downvote", upCount: 0, downCount: 1, actorId: null });
    expect(fold!.message).toBe("Your answer to “Which database for a small app?” received 1 downvote");

    await cast(bob, answer.id);
    await cast(carol, answer.id);
    await cast(dave, answer.id);
    const list = await votesOf(alice);
    expect(list).toHaveLength(1);
    fold = list[0];
    expect(fold).toMatchObject({ title: "Your answer received 3 upvotes and 1 downvote", upCount: 3, downCount: 1, eventCount: 4, actorId: dave.id });
    expect(fold!.message).toBe("Dave Last and 2 others upvoted your answer to “Which database for a small app?” (and 1 downvote)");
  });

  it("becomes unread again, newest first, when a new vote changes it", async () => {
    const alice = await createUser();
    const [bob, carol] = await Promise.all([createUser(), createUser()]);
    const { answer } = await answerOf(alice);
    await cast(bob, answer.id);
    const [first] = await votesOf(alice);
    const earlier = new Date(Date.now() - 60 * 60_000);
    await db.notification.update({ where: { id: first!.id }, data: { isRead: true, createdAt: earlier } });

    await cast(carol, answer.id, "down");
    const list = await votesOf(alice);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first!.id, isRead: false, upCount: 1, downCount: 1 });
    expect(list[0]!.createdAt.getTime()).toBeGreaterThan(earlier.getTime());
  });

  it("lowers the count when a vote is withdrawn or switched, and disappears at none", async () => {
    const alice = await createUser();
    const [bob, carol] = await Promise.all([createUser({ firstName: "Bob", lastName: "B" }), createUser({ firstName: "Carol", lastName: "C" })]);
    const { answer } = await answerOf(alice);
    await cast(bob, answer.id);
    await cast(carol, answer.id);
    expect(await votesOf(alice)).toMatchObject([{ upCount: 2, downCount: 0, actorId: carol.id }]);

    await db.notification.updateMany({ where: { userId: alice.id }, data: { isRead: true } });
    await withdraw(carol, answer.id);
    // A withdrawal changes the counts quietly: it stays read.
    expect(await votesOf(alice)).toMatchObject([{ title: "Your answer received 1 upvote", upCount: 1, downCount: 0, actorId: bob.id, isRead: true }]);

    await cast(bob, answer.id, "down"); // switched: one fewer up, one more down
    expect(await votesOf(alice)).toMatchObject([{ title: "Your answer received 1 downvote", upCount: 0, downCount: 1, actorId: null, isRead: false }]);

    await withdraw(bob, answer.id);
    expect(await votesOf(alice)).toEqual([]);
  });

  it("starts a new fold on a new UTC day; withdrawing an older vote lowers that day's fold", async () => {
    const alice = await createUser();
    const [bob, carol] = await Promise.all([createUser(), createUser()]);
    const { answer } = await answerOf(alice);
    await cast(bob, answer.id);
    // Move Bob's vote and its fold to yesterday.
    const yesterday = new Date(Date.now() - 24 * 60 * 60_000);
    await db.vote.updateMany({ where: { answerId: answer.id, userId: bob.id }, data: { createdAt: yesterday } });
    await db.notification.updateMany({ where: { userId: alice.id }, data: { foldDay: new Date(`${utcDay(yesterday)}T00:00:00Z`), createdAt: yesterday } });

    await cast(carol, answer.id);
    let list = await votesOf(alice);
    expect(list.map((n) => [utcDay(n.foldDay!), n.upCount])).toEqual([
      [utcDay(yesterday), 1],
      [utcDay(new Date()), 1],
    ]);

    // Bob switches to a down-vote today: yesterday's fold loses his up-vote (and disappears), today's gains a down-vote.
    await cast(bob, answer.id, "down");
    list = await votesOf(alice);
    expect(list.map((n) => [utcDay(n.foldDay!), n.upCount, n.downCount])).toEqual([[utcDay(new Date()), 1, 1]]);
  });

  it("folds 20 simultaneous up-votes into one notification saying 20 upvotes, e-mailed once", async () => {
    const alice = await createUser();
    const voters = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser({ tag: `fold${i}` })));
    const { answer } = await answerOf(alice);
    await Promise.all(voters.map((voter) => cast(voter, answer.id)));

    const list = await votesOf(alice);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: "Your answer received 20 upvotes", upCount: 20, downCount: 0 });
    expect(list[0]!.message).toMatch(/ and 19 others upvoted your answer/);
    expect(await db.emailOutbox.count({ where: { to: alice.email } })).toBe(1);
  });

  it("20 simultaneous mixed votes and withdrawals end with counts matching the votes", async () => {
    const alice = await createUser();
    const voters = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser({ tag: `mix${i}` })));
    const { answer } = await answerOf(alice);
    await Promise.all(voters.slice(0, 10).map((voter) => cast(voter, answer.id)));
    await Promise.all(voters.map((voter, i) => (i < 5 ? withdraw(voter, answer.id) : cast(voter, answer.id, i % 2 ? "down" : "up"))));

    const up = await db.vote.count({ where: { answerId: answer.id, voteType: "up" } });
    const down = await db.vote.count({ where: { answerId: answer.id, voteType: "down" } });
    const list = await votesOf(alice);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ upCount: up, downCount: down });
    expect(up + down).toBe(15);
  });

  it("the upvotes switch off sends none, for up- or down-votes, and no e-mail", async () => {
    const alice = await createUser();
    const [bob, carol] = await Promise.all([createUser(), createUser()]);
    await setNotificationSettings(alice, { upvotes: false });
    const { answer } = await answerOf(alice);
    await cast(bob, answer.id);
    await cast(carol, answer.id, "down");
    expect(await votesOf(alice)).toEqual([]);
    expect(await db.emailOutbox.count({ where: { to: alice.email } })).toBe(0);
  });

  it("tells nobody about votes on the AI's answer, and question votes notify nobody", async () => {
    const ai = await createUser({ isAssistant: true });
    const bob = await createUser();
    const asker = await createUser();
    const question = await createQuestion({ author: asker });
    const a = await createAnswer({ question, author: ai, isAutoGenerated: true });
    await cast(bob, a.id);
    await cast(bob, a.id, "down");
    expect(await votesOf(ai)).toEqual([]);

    const res = await voteQuestion(
      await signedInRequest(bob, `/api/questions/${question.id}/vote`, { method: "POST", json: { voteType: "up" } }),
      routeContext({ id: String(question.id) }),
    );
    expect(res.status).toBe(200);
    expect(await db.notification.count({ where: { userId: asker.id } })).toBe(0);
  });
});
