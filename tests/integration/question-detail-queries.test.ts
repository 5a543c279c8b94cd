/** @jest-environment node */
import { db } from "@/lib/server/db";
import { countingStatements } from "@/tests/support/statement-counter";
import { getQuestionDetail } from "@/lib/server/questions/queries";
import { COMMENTS_PER_ANSWER } from "@/lib/server/comments/queries";
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

  it("loads at most the first 5 comments of each answer, in the same one statement however many there are", async () => {
    const viewer = await createUser({ tag: "detail-viewer" });
    const author = await createUser({ tag: "detail-author" });
    const question = await createQuestion({ author, tags: [await createTag()] });
    const talkative = await createAnswer({ question, author });
    const quiet = await createAnswer({ question, author });
    // 40 comments: a comment, a reply to it, and so on; the first five are 3 comments and 2 replies.
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const comment = await createComment({ answer: talkative, author });
      const reply = await createComment({ answer: talkative, author: viewer, parent: comment });
      ids.push(comment.id, reply.id);
    }
    await createComment({ answer: quiet, author });

    await getQuestionDetail(question.id, viewer);
    const { result, count } = await statementsOf(() => getQuestionDetail(question.id, viewer));
    expect(count).toBe(1);
    const [first, second] = [result!.answers.find((a) => a.id === talkative.id)!, result!.answers.find((a) => a.id === quiet.id)!];
    const flat = (comments: typeof first.comments): number[] => comments.flatMap((c) => [c.id, ...flat(c.replies)]);
    expect(flat(first.comments)).toEqual(ids.slice(0, COMMENTS_PER_ANSWER));
    expect(first.comments.map((c) => c.replies.length)).toEqual([1, 1, 0]);
    expect(first.commentCount).toBe(40);
    expect(first.commentsCursor).toEqual(expect.any(String));
    expect(flat(second.comments)).toHaveLength(1);
    expect(second.commentsCursor).toBeNull();
  });

  it("reads the pending suggested edits of the question and every answer in the same one statement", async () => {
    const viewer = await createUser({ tag: "detail-viewer" });
    const question = await questionWith(6, viewer);
    const suggester = await createUser({ tag: "detail-suggester" });
    const answers = await db.answer.findMany({ where: { questionId: question.id }, select: { id: true } });
    await db.suggestedEdit.create({ data: { targetType: "question", questionId: question.id, suggesterId: suggester.id, title: "A clearer title, suggested", summary: "Clearer" } });
    for (const answer of answers) {
      await db.suggestedEdit.create({ data: { targetType: "answer", questionId: question.id, answerId: answer.id, suggesterId: suggester.id, content: "A clearer answer, suggested.", summary: "Clearer" } });
    }
    await getQuestionDetail(question.id, viewer);
    const { result, count } = await statementsOf(() => getQuestionDetail(question.id, viewer));
    expect(count).toBe(1);
    expect(result!.suggestedEdits).toHaveLength(1);
    expect(result!.answers.every((a) => a.pendingEdit?.mine === false)).toBe(true);
  });
});
