import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { ConversationView } from "@/components/messages/conversation-view";
import { MessageComposer } from "@/components/messages/message-composer";
import { messagesInOrder, type Conversation, type DirectMessage } from "@/lib/api-client/direct-messages";
import { makeQueryClient } from "@/lib/api-client/query-client";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => "/messages/5" }));

function renderWithClient(ui: ReactNode) {
  return render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>);
}

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text, headers: new Headers(headers) };
}

let fetchMock: jest.Mock;
function mockFetch(handler: (url: string, init?: RequestInit) => ReturnType<typeof jsonResponse> | undefined) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => handler(url, init) ?? jsonResponse({ message: "Not found" }, 404));
  global.fetch = fetchMock as unknown as typeof fetch;
}
const posts = (url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === "POST");

const grace = { id: "u2", firstName: "Grace", lastName: "Hopper", profileImageUrl: null, handle: "grace" };
const me = { id: "u1", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, handle: "ada" };

function message(id: number, own: boolean, text = `Message ${id}`): DirectMessage {
  return { id, conversationId: 5, sender: own ? me : grace, content: text, contentHtml: `<p>${text}</p>`, isOwn: own, createdAt: new Date().toISOString() };
}

const conversation = (send = true): Conversation => ({
  id: 5,
  otherParticipant: grace,
  lastMessage: null,
  unreadCount: 1,
  lastMessageAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  viewerCan: { send },
});

beforeEach(() => jest.clearAllMocks());

describe("messagesInOrder", () => {
  it("reads the newest page first and shows the messages oldest first, each once", () => {
    const pages = [
      { items: [message(3, false), message(4, true)], nextCursor: "c", total: null },
      { items: [message(1, true), message(2, false), message(3, false)], nextCursor: null, total: null },
    ];
    expect(messagesInOrder({ pages }).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
});

describe("MessageComposer", () => {
  it("sends on Enter, keeps Shift+Enter for a new line, and clears the field", async () => {
    mockFetch((url, init) => (url === "/api/messages" && init?.method === "POST" ? jsonResponse(message(9, true, "Hello"), 201) : undefined));
    const user = userEvent.setup();
    renderWithClient(<MessageComposer recipient={{ id: "u2", name: "Grace Hopper" }} />);
    const field = screen.getByRole("textbox", { name: "Message to Grace Hopper" });
    await user.type(field, "Hello{Shift>}{Enter}{/Shift}there");
    expect(field).toHaveValue("Hello\nthere");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(posts("/api/messages")).toHaveLength(1));
    expect(JSON.parse(String(posts("/api/messages")[0]![1].body))).toEqual({ recipientId: "u2", content: "Hello\nthere" });
    await waitFor(() => expect(field).toHaveValue(""));
  });

  it("shows the server's refusal under the field", async () => {
    mockFetch(() => jsonResponse({ message: "This member does not accept direct messages", code: "forbidden" }, 403));
    const user = userEvent.setup();
    renderWithClient(<MessageComposer recipient={{ id: "u2", name: "Grace Hopper" }} />);
    await user.type(screen.getByRole("textbox"), "Hi{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("This member does not accept direct messages");
  });
});

describe("ConversationView", () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = jest.fn();
  });

  it("shows the messages, marks the conversation read, and offers the composer", async () => {
    mockFetch((url, init) => (url === "/api/conversations/5/read" && init?.method === "POST" ? jsonResponse(conversation()) : undefined));
    renderWithClient(<ConversationView conversation={conversation()} initialPage={{ items: [message(1, false, "Hi Ada"), message(2, true, "Hi Grace")], nextCursor: null, total: null }} />);
    expect(screen.getByRole("heading", { name: "Grace Hopper" })).toBeInTheDocument();
    expect(screen.getByText("Hi Ada")).toBeInTheDocument();
    expect(screen.getByText("Hi Grace")).toBeInTheDocument();
    await waitFor(() => expect(posts("/api/conversations/5/read")).toHaveLength(1));
    expect(screen.getByRole("textbox", { name: "Message to Grace Hopper" })).toBeInTheDocument();
  });

  it("replaces the composer with a notice when the other no longer accepts messages", () => {
    mockFetch(() => jsonResponse(conversation(false)));
    renderWithClient(<ConversationView conversation={conversation(false)} initialPage={{ items: [message(1, false)], nextCursor: null, total: null }} />);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByText(/You can't reply to this conversation/)).toBeInTheDocument();
  });
});
