/** @jest-environment node */
// GET /api/answers/{id}/comments: the comments the question page leaves for "Show N more comments".
import { db } from "@/lib/server/db";
import { GET as commentsRoute } from "@/app/api/answers/[id]/comments/route";
import { getQuestionDetail } from "@/lib/server/questions/queries";
import { createAnswer, createComment, createGroup, createQuestion, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

afterAll(async () => {
  await db.$disconnect();
});

type CommentBody = { id: number; parentCommentId: number | null; replies: unknown[]; author: { email?: string }; viewerCan: { edit: boolean } };

async function list(answerId: number | string, query = "", user?: { id: string } | null) {
  const url = `/api/answers/${answerId}/comments${query}`;
  const res = await commentsRoute(user ? await signedInRequest(user, url) : visitorRequest(url), routeContext({ id: String(answerId) }));
  return { res, body: await res.json() };
}

describe("GET /api/answers/{id}/comments", () => {
  let author: { id: string };
  let answer: { id: number; questionId: number };
  const ids: number[] = [];

  beforeAll(async () => {
    author = await createUser({ tag: "more-author" });
    answer = await createAnswer({ question: await createQuestion({ author }), author });
    for (let i = 0; i < 6; i += 1) {
      const comment = await createComment({ answer, author });
      const reply = await createComment({ answer, author, parent: comment });
      ids.push(comment.id, reply.id);
    }
  });

  it("continues where the question page stopped, flat and oldest first, page by page", async () => {
    const page = await getQuestionDetail(answer.questionId, null);
    const cursor = page!.answers[0]!.commentsCursor!;
    const first = await list(answer.id, `?cursor=${cursor}&limit=4`);
    expect(first.res.status).toBe(200);
    expect(first.body.map((c: CommentBody) => c.id)).toEqual(ids.slice(5, 9));
    expect(first.body.every((c: CommentBody) => c.replies.length === 0)).toBe(true);
    expect(first.body[0].parentCommentId).toBe(ids[4]);
    const next = first.res.headers.get("X-Next-Cursor");
    expect(next).toBeTruthy();
    const second = await list(answer.id, `?cursor=${next}&limit=4`);
    expect(second.body.map((c: CommentBody) => c.id)).toEqual(ids.slice(9));
    expect(second.res.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("lists from the first comment without a cursor, with what the viewer may do and no e-mail", async () => {
    const visitor = await list(answer.id);
    expect(visitor.body.map((c: CommentBody) => c.id)).toEqual(ids);
    expect(JSON.stringify(visitor.body)).not.toContain("@");
    const own = await list(answer.id, "?limit=1", author);
    expect(own.body[0].viewerCan.edit).toBe(true);
  });

  it("answers 404 for a missing answer or one in a private group the viewer is outside of, 400 for a bad cursor", async () => {
    expect((await list(999_999_999)).res.status).toBe(404);
    expect((await list("abc")).body.message).toBe("Answer not found");
    const creator = await createUser({ tag: "more-creator" });
    const hidden = await createAnswer({ question: await createQuestion({ author: creator, group: await createGroup({ creator, isPrivate: true }) }), author: creator });
    expect((await list(hidden.id)).res.status).toBe(404);
    expect((await list(hidden.id, "", await createUser({ tag: "more-outsider" }))).res.status).toBe(404);
    expect((await list(hidden.id, "", creator)).res.status).toBe(200);
    expect((await list(answer.id, "?cursor=nonsense")).res.status).toBe(400);
  });
});
