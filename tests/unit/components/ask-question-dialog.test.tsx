import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SiteFeaturesProvider } from "@/components/common/site-features";
import { AskQuestionDialog } from "@/components/question/ask-question-dialog";
import { TagPicker } from "@/components/question/tag-picker";

import { dismissToasts, installDomShims, jsonResponse, makeTag, renderWithClient } from "./feed-fixtures";

const router = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router }));

beforeAll(installDomShims);
afterEach(dismissToasts);

const react = makeTag({ id: 1, name: "react" });
const rust = makeTag({ id: 2, name: "rust", color: "#dea584" });

let fetchMock: jest.Mock;
let posted: unknown[];
let createResponse: () => ReturnType<typeof jsonResponse>;
beforeEach(() => {
  router.push.mockClear();
  posted = [];
  createResponse = () => jsonResponse({ id: 77, title: "x", tags: [] }, 201);
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "GET" && url.startsWith("/api/tags")) return jsonResponse(url.includes("search=ru") ? [rust] : [react, rust]);
    if (method === "POST" && url === "/api/tags") return jsonResponse(makeTag({ id: 3, name: JSON.parse(String(init?.body)).name }), 201);
    if (method === "POST" && url === "/api/questions") {
      posted.push(JSON.parse(String(init?.body)));
      return createResponse();
    }
    return jsonResponse({ message: "Not found" }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

function openDialog(props: Partial<Parameters<typeof AskQuestionDialog>[0]> = {}) {
  renderWithClient(<AskQuestionDialog open onOpenChange={() => {}} {...props} />);
  return screen.getByRole("dialog", { name: "Ask a Question" });
}

describe("AskQuestionDialog", () => {
  it("promises an AI answer only when the site has an AI provider", () => {
    const { unmount } = renderWithClient(<AskQuestionDialog open onOpenChange={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Ask a Question" })).toHaveTextContent("an AI answer is written for every question");
    unmount();
    renderWithClient(
      <SiteFeaturesProvider value={{ aiAnswers: false }}>
        <AskQuestionDialog open onOpenChange={() => {}} />
      </SiteFeaturesProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "Ask a Question" });
    expect(dialog).not.toHaveTextContent(/AI answer/);
    expect(dialog).toHaveTextContent("Be specific and tag it well, so the right people find it and answer.");
  });

  it("shows the spec's messages inline on an empty submit, and posts nothing", async () => {
    const dialog = openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Post Question" }));
    expect(await within(dialog).findByText("Title must be at least 10 characters")).toBeInTheDocument();
    expect(within(dialog).getByText("Please select at least one tag")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(posted).toEqual([]);
  });

  it("counts the title as n/200 and refuses more than 200 characters", async () => {
    const dialog = openDialog();
    expect(within(dialog).getByText("0/200")).toBeInTheDocument();
    const title = within(dialog).getByLabelText("Title");
    await userEvent.type(title, "How to test");
    expect(within(dialog).getByText("11/200")).toBeInTheDocument();
    fireEvent.change(title, { target: { value: "x".repeat(201) } });
    expect(within(dialog).getByText("201/200")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Post Question" }));
    expect(await within(dialog).findByText("Title must not exceed 200 characters")).toBeInTheDocument();
  });

  it("posts the title, description, chosen tags and 'No group', then says so and opens the question's page", async () => {
    const onOpenChange = jest.fn();
    renderWithClient(<AskQuestionDialog open onOpenChange={onOpenChange} groups={[{ id: 4, name: "Rustaceans" }]} />);
    const dialog = screen.getByRole("dialog", { name: "Ask a Question" });
    await userEvent.type(within(dialog).getByLabelText("Title"), "How do lifetimes work in Rust?");
    await userEvent.click(await within(dialog).findByRole("button", { name: /rust/ }));
    await userEvent.type(within(dialog).getByLabelText(/Description/), "Borrowing **confuses** me");
    expect(within(dialog).getByRole("combobox", { name: "Group" })).toHaveTextContent("No group");

    await userEvent.click(within(dialog).getByRole("button", { name: "Post Question" }));
    // No AI job in the answer (no provider): the toast promises no AI answer.
    expect(await screen.findByText("Your question has been posted.")).toBeInTheDocument();
    expect(screen.getByText("Success")).toBeInTheDocument();
    expect(screen.queryByText(/has been generated/)).not.toBeInTheDocument();
    expect(posted).toEqual([{ title: "How do lifetimes work in Rust?", description: "Borrowing **confuses** me", tagIds: [2], groupId: null }]);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(router.push).toHaveBeenCalledWith("/questions/77");
  });

  it.each([
    [{ status: "pending", attempts: 0, nextAttemptAt: "2026-01-01T00:00:00.000Z" }, "Your question has been posted. The AI answer will appear on its page."],
    [{ status: "unconfigured", attempts: 0, nextAttemptAt: "2026-01-01T00:00:00.000Z" }, "Your question has been posted."],
  ])("tells the asker where the AI answer will be only when one is coming (%j)", async (aiStatus, text) => {
    createResponse = () => jsonResponse({ id: 78, title: "x", tags: [], aiStatus }, 201);
    renderWithClient(<AskQuestionDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Ask a Question" });
    await userEvent.type(within(dialog).getByLabelText("Title"), "How do lifetimes work in Rust?");
    await userEvent.click(await within(dialog).findByRole("button", { name: /rust/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Post Question" }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.push).toHaveBeenCalledWith("/questions/78");
  });

  it("leaves the navigation to onCreated when given", async () => {
    const onCreated = jest.fn();
    renderWithClient(<AskQuestionDialog open onOpenChange={() => {}} onCreated={onCreated} />);
    const dialog = screen.getByRole("dialog", { name: "Ask a Question" });
    await userEvent.type(within(dialog).getByLabelText("Title"), "How do lifetimes work in Rust?");
    await userEvent.click(await within(dialog).findByRole("button", { name: /rust/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Post Question" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 77 })));
    expect(router.push).not.toHaveBeenCalled();
  });

  it("preselects a group from defaultGroupId", () => {
    const dialog = openDialog({ groups: [{ id: 4, name: "Rustaceans" }], defaultGroupId: 4 });
    expect(within(dialog).getByRole("combobox", { name: "Group" })).toHaveTextContent("Rustaceans");
  });

  it("shows a rate limit's message from the server", async () => {
    createResponse = () => jsonResponse({ message: "You're asking too fast. Try again in 12 seconds.", code: "rate_limited" }, 429);
    const dialog = openDialog();
    await userEvent.type(within(dialog).getByLabelText("Title"), "A perfectly fine title");
    await userEvent.click(await within(dialog).findByRole("button", { name: /react/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Post Question" }));
    expect(await within(dialog).findByText("You're asking too fast. Try again in 12 seconds.")).toBeInTheDocument();
  });

  it("shows the server's field messages next to their fields", async () => {
    createResponse = () =>
      jsonResponse({ message: "Please select at least one tag", issues: [{ path: "tagIds", message: "Please select at least one tag" }] }, 400);
    const dialog = openDialog();
    await userEvent.type(within(dialog).getByLabelText("Title"), "A perfectly fine title");
    await userEvent.click(await within(dialog).findByRole("button", { name: /react/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Post Question" }));
    expect(await within(dialog).findByText("Please select at least one tag")).toBeInTheDocument();
    expect(await screen.findByText("Failed to post question. Please try again.")).toBeInTheDocument();
  });

  it("previews the Markdown description", async () => {
    const dialog = openDialog();
    await userEvent.type(within(dialog).getByLabelText(/Description/), "Some **bold** words");
    await userEvent.click(within(dialog).getByRole("tab", { name: /Preview/ }));
    const bold = await within(dialog).findByText("bold");
    expect(bold.tagName).toBe("STRONG");
  });
});

describe("TagPicker", () => {
  function Harness({ onChange = jest.fn() }: { onChange?: jest.Mock }) {
    return <TagPicker value={[]} onChange={onChange} />;
  }

  it("keeps Add Tag disabled while the new name is blank", async () => {
    renderWithClient(<Harness />);
    const add = screen.getByRole("button", { name: "Add Tag" });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText("New tag name"), "   ");
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText("New tag name"), "go");
    expect(add).toBeEnabled();
  });

  it("creates a new tag with the trimmed name and selects it", async () => {
    const onChange = jest.fn();
    renderWithClient(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByLabelText("New tag name"), "  Svelte  ");
    await userEvent.click(screen.getByRole("button", { name: "Add Tag" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ id: 3, name: "svelte", color: "#6366f1" }]));
    const post = fetchMock.mock.calls.find(([url, init]) => url === "/api/tags" && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "svelte" });
  });

  it("shows 'Failed to create tag. Please try again.' when the server refuses", async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      init?.method === "POST" ? jsonResponse({ message: "Boom" }, 500) : jsonResponse([react]),
    );
    renderWithClient(<Harness />);
    await userEvent.type(screen.getByLabelText("New tag name"), "elm");
    await userEvent.click(screen.getByRole("button", { name: "Add Tag" }));
    expect(await screen.findByText("Failed to create tag. Please try again.")).toBeInTheDocument();
  });

  it("searches existing tags by name", async () => {
    renderWithClient(<Harness />);
    expect(await screen.findByRole("button", { name: /react/ })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Search tags"), "ru");
    await waitFor(() => expect(screen.queryByRole("button", { name: /react/ })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: /rust/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/tags?search=ru&limit=12", expect.anything());
  });
});
