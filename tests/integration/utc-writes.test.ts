/** @jest-environment node */
// Times are stored as UTC in `timestamp` columns. A write that used the database's now() would
// store the session's local time instead; with the session 14 hours from UTC it shows at once.
import { FAR_TIME_ZONE } from "@/tests/support/far-time-zone";
import { db } from "@/lib/server/db";
import { deleteComment } from "@/lib/server/comments/mutations";
import { setVote } from "@/lib/server/votes/mutations";
import { createAnswer, createComment, createQuestion, createUser } from "@/tests/factories";

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

  it("the question's last activity when a comment is deleted", async () => {
    const author = await createUser({ tag: "utc-commenter" });
    const question = await createQuestion({ author });
    const answer = await createAnswer({ question, author });
    const comment = await createComment({ answer, author });
    await db.question.update({ where: { id: question.id }, data: { lastActivityAt: new Date(Date.now() - 10 * 86_400_000) } });
    await deleteComment(comment);
    closeToNow((await db.question.findUniqueOrThrow({ where: { id: question.id } })).lastActivityAt);
  });
});
