/** @jest-environment node */
import { db } from "@/lib/server/db";
import { countingStatements } from "@/tests/support/statement-counter";
import { getQuestionDetail } from "@/lib/server/questions/queries";
import { createAnswer, createComment, createQuestion, createTag, createUser, createVote } from "@/tests/factories";

const statementsOf = countingStatements();

afterAll(async () => {
  await db.$disconnect();
});

/** A question with `answers` answers, each with a comment, a reply and a vote by the viewer. */
async function questionWith(answers: number, viewer: { id: string }) {
  const author = await createUser({ tag: "detail-author" });
  const tag = await createTag();
  const question = await createQuestion({ author, tags: [tag], description: "Some *Markdown*" });
  for (let i = 0; i < answers; i += 1) {
    const answerer = await createUser({ tag: "detail-answerer" });
    const answer = await createAnswer({ question, author: answerer });
    const comment = await createComment({ answer, author: answerer });
    await createComment({ answer, author: author, parent: comment });
    await createVote({ answer, user: viewer, voteType: i % 2 === 0 ? "up" : "down" });
  }
  await db.savedQuestion.create({ data: { userId: viewer.id, questionId: question.id } });
  return question;
}

describe("getQuestionDetail", () => {
  it("loads a question, its answers, comments, the viewer's votes and saved flag in a fixed number of queries", async () => {
    const viewer = await createUser({ tag: "detail-viewer" });
    const small = await questionWith(1, viewer);
    const large = await questionWith(12, viewer);

    // The connection pool is warm after the first load; count from the second on.
    await getQuestionDetail(small.id, viewer);
    const one = await statementsOf(() => getQuestionDetail(small.id, viewer));
    const twelve = await statementsOf(() => getQuestionDetail(large.id, viewer));

    expect(one.result?.answers).toHaveLength(1);
    expect(twelve.result?.answers).toHaveLength(12);
    expect(twelve.result?.savedBy).toHaveLength(1);
    for (const answer of twelve.result!.answers) {
      expect(answer.viewerVote).not.toBeNull();
      expect(answer.comments).toHaveLength(1);
      expect(answer.comments[0]!.replies).toHaveLength(1);
    }

    expect(one.count).toBeGreaterThan(0);
    expect(one.count).toBeLessThanOrEqual(6);
    expect(twelve.count).toBe(one.count);
    // One read with relation joins: the question, its answers, their comments and the viewer's votes.
    expect(one.count).toBe(1);
  });

  it("answers a visitor in as many queries as a member", async () => {
    const viewer = await createUser({ tag: "detail-viewer" });
    const question = await questionWith(5, viewer);
    const visitor = await statementsOf(() => getQuestionDetail(question.id, null));
    expect(visitor.result?.answers).toHaveLength(5);
    expect(visitor.count).toBeLessThanOrEqual(6);
    expect(visitor.count).toBe(1);
  });
});
