import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { AnswersFromCache, makeAnswer, makeComment, makeQuestion, mockFetch, renderWithClient } from "./answer-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

beforeEach(() => jest.clearAllMocks());

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const comment = (id: number, minute: number, parentCommentId: number | null = null) =>
  makeComment({ id, createdAt: at(minute), updatedAt: at(minute), parentCommentId, depth: parentCommentId ? 1 : 0, content: `Comment ${id}`, contentHtml: `<p>Comment ${id}</p>` });

/** A page of GET /api/answers/{id}/comments, with X-Next-Cursor when there is more. */
function page(items: unknown[], nextCursor: string | null = null) {
  const text = JSON.stringify(items);
  return { ok: true, status: 200, statusText: "", headers: new Headers(nextCursor ? { "X-Next-Cursor": nextCursor } : {}), text: async () => text };
}

/** An answer with 9 comments of which the page loaded the first 5 (one of them a reply). */
function renderAnswer() {
  const first = [comment(1, 1), { ...comment(2, 2), replies: [comment(3, 3, 2)] }, comment(4, 4), comment(5, 5)];
  const answer = makeAnswer({ comments: first, commentCount: 9, commentsCursor: "after-5" });
  return renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [answer], commentCount: 9 })} />);
}

describe("Show N more comments", () => {
  it("loads the rest of an answer's comments through the comments API, page after page, and nests replies", async () => {
    const fetchMock = mockFetch((url) => {
      const cursor = new URL(url, "http://localhost").searchParams.get("cursor");
      if (cursor === "after-5") return page([comment(6, 6), comment(7, 7, 1)], "after-7");
      if (cursor === "after-7") return page([comment(8, 8), comment(9, 9, 8)]);
      throw new Error(`unexpected ${url}`);
    });
    renderAnswer();
    expect(screen.getByText("Comment 5")).toBeInTheDocument();
    expect(screen.queryByText("Comment 6")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Show 4 more comments" }));

    await waitFor(() => expect(screen.getByText("Comment 9")).toBeInTheDocument());
    const urls = fetchMock.mock.calls.map(([url]) => new URL(url, "http://localhost"));
    expect(urls.map((u) => u.pathname)).toEqual(["/api/answers/10/comments", "/api/answers/10/comments"]);
    expect(urls.map((u) => u.searchParams.get("cursor"))).toEqual(["after-5", "after-7"]);
    // A reply to a comment already shown lands under it.
    expect(within(document.getElementById("comment-1")!).getByText("Comment 7")).toBeInTheDocument();
    expect(within(document.getElementById("comment-8")!).getByText("Comment 9")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /more comment/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById("comment-6")));
  });

  it("says 'comment' for one, and offers nothing when every comment is shown", () => {
    mockFetch(() => page([]));
    const one = makeAnswer({ id: 10, comments: [comment(1, 1)], commentCount: 2, commentsCursor: "c" });
    const all = makeAnswer({ id: 11, comments: [comment(20, 1)], commentCount: 1, commentsCursor: null });
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [one, all] })} />);
    expect(screen.getAllByRole("button", { name: /more comment/ }).map((b) => b.textContent)).toEqual(["Show 1 more comment"]);
  });

  it("keeps the button and says so when loading fails", async () => {
    mockFetch(() => ({ ok: false, status: 500, statusText: "Internal Server Error", headers: new Headers(), text: async () => "" }));
    renderAnswer();
    await userEvent.click(screen.getByRole("button", { name: "Show 4 more comments" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(screen.getByRole("button", { name: "Show 4 more comments" })).toBeEnabled();
  });
});
