import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { DELETE_QUESTION_CONFIRMATION, OwnerMenu } from "@/components/question/owner-menu";
import { QuestionCardActions } from "@/components/question/question-card-actions";
import { SaveToggle } from "@/components/question/save-toggle";

import { dismissToasts, installDomShims, jsonResponse, makeSummary, renderWithClient } from "./feed-fixtures";

beforeAll(installDomShims);
afterEach(dismissToasts);

let fetchMock: jest.Mock;
let routes: Record<string, () => ReturnType<typeof jsonResponse>>;
beforeEach(() => {
  routes = {};
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? "GET"} ${url}`];
    return route ? route() : jsonResponse({ message: "Not found" }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const question = { id: 5, title: "How do I memoise a selector?" };

describe("SaveToggle", () => {
  it("reads Save, saves, then reads Saved with the spec's toast", async () => {
    routes["POST /api/questions/5/save"] = () => jsonResponse({ saved: true });
    routes["GET /api/questions/5/saved"] = () => jsonResponse({ saved: true });
    renderWithClient(<SaveToggle question={question} initialSaved={false} />);

    const button = screen.getByRole("button", { name: /^Save/ });
    expect(button).toHaveTextContent("Save");
    expect(button).toHaveAttribute("aria-pressed", "false");
    // The rendered flag is enough: nothing is fetched until it changes.
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(await screen.findByText("Question saved")).toBeInTheDocument();
    expect(screen.getByText("Question added to your saved list")).toBeInTheDocument();
    const saved = screen.getByRole("button", { name: /^Saved/ });
    expect(saved).toHaveAttribute("aria-pressed", "true");
    // The saved status refreshes afterwards (SPEC.md section 4).
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/questions/5/saved", expect.anything()));
  });

  it("unsaves with 'Question unsaved'", async () => {
    routes["DELETE /api/questions/5/save"] = () => jsonResponse({ saved: false });
    routes["GET /api/questions/5/saved"] = () => jsonResponse({ saved: false });
    renderWithClient(<SaveToggle question={question} initialSaved />);
    await userEvent.click(screen.getByRole("button", { name: /^Saved/ }));
    expect(await screen.findByText("Question unsaved")).toBeInTheDocument();
    expect(screen.getByText("Question removed from your saved list")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Save\s*:/ })).toHaveTextContent("Save");
  });

  it("shows 'Error' and the spec's message when saving fails", async () => {
    routes["POST /api/questions/5/save"] = () => jsonResponse({ message: "Boom" }, 500);
    renderWithClient(<SaveToggle question={question} initialSaved={false} />);
    await userEvent.click(screen.getByRole("button", { name: /^Save/ }));
    expect(await screen.findByText("Failed to save question. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Save/ })).toHaveTextContent("Save");
  });
});

describe("OwnerMenu", () => {
  it("is absent when the viewer may neither edit nor delete", () => {
    renderWithClient(<OwnerMenu question={{ ...question, tags: [] }} viewerCan={{ edit: false, delete: false }} />);
    expect(screen.queryByRole("button", { name: /Question actions/ })).not.toBeInTheDocument();
  });

  it("offers Edit and Delete, and asks before deleting", async () => {
    routes["DELETE /api/questions/5"] = () => jsonResponse(null, 204);
    const onDeleted = jest.fn();
    renderWithClient(<OwnerMenu question={{ ...question, tags: [] }} viewerCan={{ edit: true, delete: true }} onDeleted={onDeleted} />);

    await userEvent.click(screen.getByRole("button", { name: `Question actions: ${question.title}` }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent?.trim())).toEqual(["Edit", "Delete"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Delete" }));

    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(DELETE_QUESTION_CONFIRMATION)).toBeInTheDocument();
    expect(DELETE_QUESTION_CONFIRMATION).toBe("Are you sure you want to delete this question? This action cannot be undone.");
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Question deleted")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/questions/5", expect.objectContaining({ method: "DELETE" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
  });

  it("shows the spec's failure toast when deleting fails", async () => {
    routes["DELETE /api/questions/5"] = () => jsonResponse({ message: "Nope" }, 500);
    renderWithClient(<OwnerMenu question={{ ...question, tags: [] }} viewerCan={{ edit: false, delete: true }} />);
    await userEvent.click(screen.getByRole("button", { name: /Question actions/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete question. Please try again.")).toBeInTheDocument();
  });

  it("opens Edit Question on the Markdown source it reads first", async () => {
    routes["GET /api/questions/5"] = () =>
      jsonResponse({ ...makeSummary({ id: 5, title: question.title }), description: "Source **text**", descriptionHtml: "", answers: [] });
    routes["GET /api/tags?limit=12"] = () => jsonResponse([]);
    renderWithClient(
      <OwnerMenu question={{ ...question, tags: [{ id: 1, name: "react", color: "#000000" }] }} viewerCan={{ edit: true, delete: true }} />,
    );
    await userEvent.click(screen.getByRole("button", { name: /Question actions/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Question" });
    expect(await within(dialog).findByDisplayValue("Source **text**")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Title")).toHaveValue(question.title);
    expect(within(dialog).getByRole("list", { name: "Selected tags" })).toHaveTextContent("react");
  });

  it("sends the edit summary with the edit", async () => {
    const detail = { ...makeSummary({ id: 5, title: question.title }), description: "Source", descriptionHtml: "", answers: [], editedAt: null };
    routes["GET /api/questions/5"] = () => jsonResponse(detail);
    routes["PUT /api/questions/5"] = () => jsonResponse(detail);
    routes["GET /api/tags?limit=12"] = () => jsonResponse([]);
    renderWithClient(
      <OwnerMenu question={{ ...question, tags: [{ id: 1, name: "react", color: "#000000" }] }} viewerCan={{ edit: true, delete: true }} />,
    );
    await userEvent.click(screen.getByRole("button", { name: /Question actions/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Question" });
    await within(dialog).findByDisplayValue("Source");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Edit summary/ }), "Clarified the title");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/questions/5", expect.objectContaining({ method: "PUT" })));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PUT")!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ title: question.title, description: "Source", tagIds: [1], summary: "Clarified the title" });
  });
});

describe("QuestionCardActions", () => {
  it("shows share and save for members, and the owner menu only to the author", async () => {
    // Save and the owner menu load on demand (next/dynamic), so they appear a moment after render.
    const { unmount } = renderWithClient(<QuestionCardActions question={makeSummary({ id: 8 })} />);
    expect(screen.getByRole("button", { name: /^Share/ })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^Save/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Question actions/ })).not.toBeInTheDocument();
    unmount();
    renderWithClient(<QuestionCardActions question={makeSummary({ id: 9, viewerCan: { edit: true, delete: true, save: true, accept: true, vote: false, close: false, lock: false } })} />);
    expect(await screen.findByRole("button", { name: /Question actions/ })).toBeInTheDocument();
  });

  it("shows no save toggle to visitors", () => {
    renderWithClient(<QuestionCardActions question={makeSummary({ viewerCan: { edit: false, delete: false, save: false, accept: false, vote: false, close: false, lock: false } })} />);
    expect(screen.queryByRole("button", { name: /^Save/ })).not.toBeInTheDocument();
  });
});
