import { applyVote, insertAnswer, insertComment, removeAnswer, removeComment, replaceComment } from "@/lib/api-client/question-cache";
import { voteRequest } from "@/lib/api-client/votes";

import { makeAnswer, makeComment, makeQuestion } from "../components/answer-fixtures";

describe("question cache edits", () => {
  it("inserts a new answer where the server would list it and counts it", () => {
    const q = makeQuestion({ answers: [makeAnswer({ id: 1, voteScore: 3 }), makeAnswer({ id: 2, voteScore: 0 }), makeAnswer({ id: 3, voteScore: -2 })] });
    const next = insertAnswer(q, makeAnswer({ id: 9, voteScore: 0 }));
    expect(next.answers.map((a) => a.id)).toEqual([1, 2, 9, 3]);
    expect(next.answerCount).toBe(4);
    expect(next._count.answers).toBe(4);
    expect(insertAnswer(next, makeAnswer({ id: 9 }))).toBe(next);
  });

  it("removes an answer with its comments from the counts", () => {
    const q = makeQuestion({ answers: [makeAnswer({ id: 1, commentCount: 2 })], commentCount: 5 });
    const next = removeAnswer(q, 1);
    expect(next.answers).toEqual([]);
    expect(next.answerCount).toBe(0);
    expect(next.commentCount).toBe(3);
  });

  it("moves the score with the vote", () => {
    const a = makeAnswer({ voteScore: 3, viewerVote: "up" });
    expect(applyVote(a, null)).toMatchObject({ voteScore: 2, viewerVote: null });
    expect(applyVote(a, "down")).toMatchObject({ voteScore: 1, viewerVote: "down" });
    expect(applyVote({ ...a, viewerVote: null }, "up")).toMatchObject({ voteScore: 4, viewerVote: "up" });
  });

  it("withdraws with DELETE when the highlighted arrow is clicked, sets with POST otherwise", () => {
    expect(voteRequest("up", "up")).toEqual({ method: "DELETE", next: null });
    expect(voteRequest("up", "down")).toEqual({ method: "POST", next: "down" });
    expect(voteRequest(null, "down")).toEqual({ method: "POST", next: "down" });
  });

  it("adds, replaces and removes comments in the tree, keeping the counts", () => {
    let q = makeQuestion({ answers: [makeAnswer({ id: 10, comments: [makeComment({ id: 1 })], commentCount: 1 })], commentCount: 1 });
    q = insertComment(q, makeComment({ id: 2, parentCommentId: 1, depth: 1 }));
    q = insertComment(q, makeComment({ id: 3, parentCommentId: 2, depth: 2 }));
    q = insertComment(q, makeComment({ id: 4 }));
    expect(q.answers[0].comments.map((c) => c.id)).toEqual([1, 4]);
    expect(q.answers[0].comments[0].replies[0].replies[0].id).toBe(3);
    expect(q.answers[0].commentCount).toBe(4);
    expect(q.commentCount).toBe(4);

    q = replaceComment(q, makeComment({ id: 2, parentCommentId: 1, depth: 1, content: "changed", edited: true }));
    expect(q.answers[0].comments[0].replies[0]).toMatchObject({ content: "changed", edited: true });
    expect(q.answers[0].comments[0].replies[0].replies[0].id).toBe(3);

    q = removeComment(q, 10, 2);
    expect(q.answers[0].comments[0].replies).toEqual([]);
    expect(q.answers[0].commentCount).toBe(2);
    expect(q.commentCount).toBe(2);
  });
});
