import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { ada, AnswersFromCache, grace, jsonResponse, makeAnswer, makeComment, makeQuestion, mockFetch, renderWithClient } from "./answer-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

beforeEach(() => jest.clearAllMocks());

const memberCan = { edit: false, delete: false, reply: true };
const visitorCan = { edit: false, delete: false, reply: false };

/** A three-level thread: 100 (depth 0) > 101 (depth 1) > 102 (depth 2). */
function thread(can = memberCan, depth2Can = { ...can, reply: false }) {
  const deepest = makeComment({ id: 102, parentCommentId: 101, depth: 2, content: "Deepest", contentHtml: "<p>Deepest</p>", viewerCan: depth2Can });
  const middle = makeComment({ id: 101, parentCommentId: 100, depth: 1, content: "Middle", contentHtml: "<p>Middle</p>", viewerCan: can, replies: [deepest] });
  return makeComment({ id: 100, content: "Top", contentHtml: "<p>Top</p>", viewerCan: can, replies: [middle] });
}

const commentEl = (id: number) => document.getElementById(`comment-${id}`)!;
/** The actions of a comment itself, not of its replies. */
const ownButton = (id: number, name: string) =>
  within(commentEl(id))
    .queryAllByRole("button", { name })
    .find((b) => b.closest("li") === commentEl(id)) ?? null;

function renderThread(comments = [thread()], options: { isMember?: boolean; comment?: boolean } = {}) {
  const answer = makeAnswer({ comments, commentCount: 3, viewerCan: { edit: false, delete: false, vote: options.isMember !== false, comment: options.comment ?? options.isMember !== false } });
  return renderWithClient(<AnswersFromCache isMember={options.isMember ?? true} question={makeQuestion({ answers: [answer], commentCount: 3 })} />);
}

describe("comment threads", () => {
  it("nests replies and offers Reply to members only below depth 2", () => {
    mockFetch(() => jsonResponse({}));
    renderThread();
    expect(within(commentEl(100)).getByText("Deepest")).toBeInTheDocument();
    expect(commentEl(102).closest("ul")?.closest("li")).toBe(commentEl(101));
    expect(ownButton(100, "Reply")).not.toBeNull();
    expect(ownButton(101, "Reply")).not.toBeNull();
    expect(ownButton(102, "Reply")).toBeNull();
  });

  it("hides Reply at depth 2 even if the server were to allow it", () => {
    mockFetch(() => jsonResponse({}));
    renderThread([thread(memberCan, memberCan)]);
    expect(ownButton(102, "Reply")).toBeNull();
  });

  it("shows visitors no Reply and no comment box", () => {
    mockFetch(() => jsonResponse({}));
    renderThread([thread(visitorCan, visitorCan)], { isMember: false });
    expect(screen.queryByRole("button", { name: "Reply" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add a comment" })).not.toBeInTheDocument();
    expect(screen.getByText("Top")).toBeInTheDocument();
  });

  it("marks edited comments '(edited)'", () => {
    mockFetch(() => jsonResponse({}));
    renderThread([makeComment({ id: 100, edited: true }), makeComment({ id: 103, edited: false })]);
    expect(within(commentEl(100)).getByText("(edited)")).toBeInTheDocument();
    expect(within(commentEl(103)).queryByText("(edited)")).not.toBeInTheDocument();
  });

  it("cannot submit a blank comment", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderThread([]);
    await userEvent.click(screen.getByRole("button", { name: "Add a comment" }));
    const submit = screen.getByRole("button", { name: "Post Comment" });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "    ");
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "{Control>}{Enter}{/Control}");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts a comment, shows it and says 'Comment posted'", async () => {
    const created = makeComment({ id: 200, content: "Nice", contentHtml: "<p>Nice</p>", author: ada, viewerCan: { edit: true, delete: true, reply: true } });
    const fetchMock = mockFetch(() => jsonResponse(created, 201));
    renderThread([]);
    await userEvent.click(screen.getByRole("button", { name: "Add a comment" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "  Nice ");
    await userEvent.click(screen.getByRole("button", { name: "Post Comment" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/answers/10/comments", expect.objectContaining({ method: "POST", body: JSON.stringify({ content: "Nice" }) }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Comment posted", expect.anything()));
    expect(await screen.findByText("Nice")).toBeInTheDocument();
    await waitFor(() => expect(commentEl(200)).toHaveFocus());
  });

  it("says 'Failed to add comment. Please try again.' when a comment fails", async () => {
    mockFetch(() => jsonResponse({ message: "Boom" }, 500));
    renderThread([]);
    await userEvent.click(screen.getByRole("button", { name: "Add a comment" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "Nice");
    await userEvent.click(screen.getByRole("button", { name: "Post Comment" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Failed to add comment. Please try again." })),
    );
    expect(screen.getByRole("textbox", { name: "Add a comment" })).toHaveValue("Nice");
  });

  it("replies under the parent with 'Success' - 'Comment added successfully'", async () => {
    const reply = makeComment({ id: 201, parentCommentId: 100, depth: 1, content: "Agreed", contentHtml: "<p>Agreed</p>", author: ada });
    const fetchMock = mockFetch(() => jsonResponse(reply, 201));
    renderThread([makeComment({ id: 100 })]);
    await userEvent.click(ownButton(100, "Reply")!);
    await userEvent.type(screen.getByRole("textbox", { name: "Reply to Grace Hopper" }), "Agreed");
    await userEvent.click(screen.getByRole("button", { name: "Post Reply" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/comments/100/replies", expect.objectContaining({ method: "POST", body: JSON.stringify({ content: "Agreed" }) }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Success", expect.objectContaining({ description: "Comment added successfully" })));
    expect(within(commentEl(100)).getByText("Agreed")).toBeInTheDocument();
  });

  it("says 'Failed to post comment' when a reply fails", async () => {
    mockFetch(() => jsonResponse({ message: "Boom" }, 500));
    renderThread([makeComment({ id: 100 })]);
    await userEvent.click(ownButton(100, "Reply")!);
    await userEvent.type(screen.getByRole("textbox", { name: "Reply to Grace Hopper" }), "Agreed");
    await userEvent.click(screen.getByRole("button", { name: "Post Reply" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Failed to post comment" })));
  });

  it("edits inline with Save and Cancel, for the author only", async () => {
    const own = makeComment({ id: 100, author: ada, content: "Old", contentHtml: "<p>Old</p>", viewerCan: { edit: true, delete: true, reply: true } });
    const updated = { ...own, content: "New", contentHtml: "<p>New</p>", edited: true, updatedAt: new Date().toISOString() };
    const fetchMock = mockFetch(() => jsonResponse(updated));
    renderThread([own, makeComment({ id: 103, author: grace })]);
    expect(ownButton(103, "Edit")).toBeNull();

    await userEvent.click(ownButton(100, "Edit")!);
    const box = screen.getByRole("textbox", { name: "Edit comment" });
    expect(box).toHaveValue("Old");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("textbox", { name: "Edit comment" })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(ownButton(100, "Edit")!);
    await userEvent.clear(screen.getByRole("textbox", { name: "Edit comment" }));
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await userEvent.type(screen.getByRole("textbox", { name: "Edit comment" }), "New");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/comments/100", expect.objectContaining({ method: "PATCH", body: JSON.stringify({ content: "New" }) }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Comment updated", expect.anything()));
    expect(within(commentEl(100)).getByText("New")).toBeInTheDocument();
    expect(within(commentEl(100)).getByText("(edited)")).toBeInTheDocument();
  });

  it("says 'Failed to update comment' when an edit fails", async () => {
    mockFetch(() => jsonResponse({ message: "Boom" }, 500));
    renderThread([makeComment({ id: 100, author: ada, viewerCan: { edit: true, delete: true, reply: true } })]);
    await userEvent.click(ownButton(100, "Edit")!);
    await userEvent.type(screen.getByRole("textbox", { name: "Edit comment" }), "!");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Failed to update comment" })));
  });

  it("deletes a comment and its replies after confirming", async () => {
    const fetchMock = mockFetch(() => jsonResponse(null, 204));
    const own = { ...thread(), author: ada, viewerCan: { edit: true, delete: true, reply: true } };
    renderThread([own]);
    await userEvent.click(ownButton(100, "Delete")!);
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Are you sure you want to delete this comment?")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/comments/100", expect.objectContaining({ method: "DELETE" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Comment deleted", expect.anything()));
    expect(screen.queryByText("Top")).not.toBeInTheDocument();
    expect(screen.queryByText("Deepest")).not.toBeInTheDocument();
  });

  it("says 'Failed to delete comment' when deleting fails", async () => {
    mockFetch(() => jsonResponse({ message: "Boom" }, 500));
    renderThread([makeComment({ id: 100, author: ada, viewerCan: { edit: true, delete: true, reply: true } })]);
    await userEvent.click(ownButton(100, "Delete")!);
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Failed to delete comment" })));
    expect(screen.getByText("A comment")).toBeInTheDocument();
  });
});
