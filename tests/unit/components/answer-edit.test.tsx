import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { AnswersFromCache, jsonResponse, makeAnswer, makeQuestion, mockFetch, renderWithClient } from "./answer-fixtures";
import { settleOnDemandCode } from "./feed-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

beforeEach(() => jest.clearAllMocks());

const own = { edit: true, delete: true, vote: false, comment: true };

describe("editing an answer", () => {
  it("lets the author edit in the Markdown editor with a summary; the list shows the new text and links '(edited)' to the revisions", async () => {
    const answer = makeAnswer({ viewerCan: own, content: "Use a ref.", contentHtml: "<p>Use a ref.</p>" });
    const fetchMock = mockFetch((_url, init) => {
      const body = JSON.parse(String(init.body)) as { content: string };
      return jsonResponse({ ...answer, content: body.content, contentHtml: `<p>${body.content}</p>`, editedAt: "2026-11-25T12:00:00.000Z" });
    });
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [answer] })} />);
    expect(screen.queryByRole("link", { name: /edited/ })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole("button", { name: "Edit answer" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit answer" });
    const editor = within(dialog).getByRole("textbox", { name: "Answer" });
    expect(editor).toHaveValue("Use a ref.");
    await userEvent.clear(editor);
    await userEvent.type(editor, "Use useRef to keep the value.");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Edit summary/ }), "Named the hook");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Answer updated", expect.anything()));
    expect(fetchMock).toHaveBeenCalledWith("/api/answers/10", expect.objectContaining({ method: "PUT" }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ content: "Use useRef to keep the value.", summary: "Named the hook" });
    expect(await screen.findByText("Use useRef to keep the value.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /edited/ })).toHaveAttribute("href", "/answers/10/revisions");
  });

  it("refuses empty content and a summary over 200 characters before sending anything", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [makeAnswer({ viewerCan: own })] })} />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit answer" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit answer" });
    await userEvent.clear(within(dialog).getByRole("textbox", { name: "Answer" }));
    const summary = within(dialog).getByRole("textbox", { name: /Edit summary/ });
    await userEvent.click(summary);
    await userEvent.paste("s".repeat(201));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(within(dialog).getByText("Answer cannot be empty")).toBeInTheDocument();
    expect(within(dialog).getByText("Edit summary must not exceed 200 characters")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers Edit only to those who may edit", async () => {
    mockFetch(() => jsonResponse({}));
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [makeAnswer({ editedAt: "2026-11-25T12:00:00.000Z" })] })} />);
    await settleOnDemandCode();
    expect(screen.queryByRole("button", { name: "Edit answer" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /edited/ })).toHaveAttribute("href", "/answers/10/revisions");
  });
});
