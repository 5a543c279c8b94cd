import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ReactNode } from "react";

import { NotificationBell } from "@/components/notifications/notification-bell";
import { NotificationsView } from "@/components/notifications/notifications-view";
import type { NotificationItem } from "@/lib/api-client/notifications";
import { makeQueryClient } from "@/lib/api-client/query-client";
import { IntlProvider } from "@/tests/support/intl";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

function renderWithClient(ui: ReactNode) {
  return render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>);
}

// jsdom has no fetch Response; the fetcher only reads ok, status, statusText, headers and text().
function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text, headers: new Headers(headers) };
}

const actor = { id: "u2", firstName: "Grace", lastName: "Hopper", profileImageUrl: null, handle: "grace" };

function note(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    type: "answer",
    title: `Notification ${id}`,
    message: `Message ${id}`,
    relatedId: 7,
    relatedType: "question",
    questionId: 7,
    link: `/questions/7#answer-${id}`,
    isRead: false,
    createdAt: new Date().toISOString(),
    actor,
    ...overrides,
    // The text in the reader's language, which the list and the bell show (issue 15): here the same as the API's English.
    text: overrides.text ?? { title: overrides.title ?? `Notification ${id}`, message: overrides.message ?? `Message ${id}` },
  };
}

type Handler = (url: string, init?: RequestInit) => ReturnType<typeof jsonResponse> | undefined;
let fetchMock: jest.Mock;
function mockFetch(handler: Handler) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => handler(url, init) ?? jsonResponse({ message: "Not found" }, 404));
  global.fetch = fetchMock as unknown as typeof fetch;
}

const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? "GET") === method);

beforeEach(() => {
  jest.clearAllMocks();
});

describe("NotificationBell", () => {
  it("shows '9+' above 9 and the exact number up to 9", () => {
    mockFetch(() => undefined);
    const { unmount } = renderWithClient(<NotificationBell initialUnreadCount={10} />);
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("9+");
    expect(screen.getByRole("button", { name: "Notifications, 10 unread" })).toBeInTheDocument();
    unmount();
    renderWithClient(<NotificationBell initialUnreadCount={3} />);
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("3");
  });

  it("shows no badge at 0, and the empty state in its dropdown", async () => {
    mockFetch((url) => (url === "/api/notifications?limit=3" ? jsonResponse([]) : undefined));
    renderWithClient(<NotificationBell initialUnreadCount={0} />);
    expect(screen.queryByTestId("unread-badge")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    const menu = await screen.findByRole("menu");
    expect(await within(menu).findByText("No notifications yet")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "View all notifications" })).toHaveAttribute("href", "/notifications");
  });

  it("marks an item read when it is followed, and the badge goes down", async () => {
    let unread = 1;
    mockFetch((url, init) => {
      if (url === "/api/notifications/unread-count") return jsonResponse({ count: unread });
      if (url === "/api/notifications?limit=3") return jsonResponse([note(1, { isRead: unread === 0 }), note(2, { isRead: true })]);
      if (url === "/api/notifications/1/read" && init?.method === "POST") {
        unread = 0;
        return jsonResponse(note(1, { isRead: true }));
      }
      return undefined;
    });
    renderWithClient(<NotificationBell initialUnreadCount={1} />);
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("1");
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    const menu = await screen.findByRole("menu");
    const item = await within(menu).findByRole("menuitem", { name: /Notification 1/ });
    expect(item).toHaveAttribute("href", "/questions/7#answer-1");
    expect(within(item).getByRole("img", { name: "Unread" })).toBeInTheDocument();
    item.addEventListener("click", (e) => e.preventDefault()); // no navigation in jsdom
    await userEvent.click(item);

    await waitFor(() => expect(screen.queryByTestId("unread-badge")).not.toBeInTheDocument());
    expect(calls("POST", "/api/notifications/1/read")).toHaveLength(1);
  });

  it("names the actor and the question, and counts the unread items it shows against the total", async () => {
    mockFetch((url) => {
      if (url === "/api/notifications/unread-count") return jsonResponse({ count: 4 });
      if (url === "/api/notifications?limit=3")
        return jsonResponse([
          note(1, { type: "follow", title: "New follower", message: "Grace Hopper started following you", link: "/users/u2" }),
          note(2, { title: "New answer to your question", message: "Grace Hopper answered “How do I read a CSV?”" }),
          note(3, { isRead: true }),
        ]);
      return undefined;
    });
    renderWithClient(<NotificationBell initialUnreadCount={4} />);
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 4 unread" }));
    const menu = await screen.findByRole("menu");
    expect(await within(menu).findByRole("menuitem", { name: /Grace Hopper started following you/ })).toHaveAttribute("href", "/users/u2");
    expect(within(menu).getByRole("menuitem", { name: /How do I read a CSV\?/ })).toBeInTheDocument();
    expect(within(menu).getByTestId("bell-unread-count")).toHaveTextContent("2 of 4 unread");
  });

  it("says just 'n unread' when every unread item is in the list", async () => {
    mockFetch((url) => {
      if (url === "/api/notifications/unread-count") return jsonResponse({ count: 1 });
      if (url === "/api/notifications?limit=3") return jsonResponse([note(1), note(2, { isRead: true })]);
      return undefined;
    });
    renderWithClient(<NotificationBell initialUnreadCount={1} />);
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    const menu = await screen.findByRole("menu");
    await within(menu).findByRole("menuitem", { name: /Message 1/ });
    expect(within(menu).getByTestId("bell-unread-count")).toHaveTextContent(/^1 unread$/);
  });
});

describe("NotificationsView", () => {
  it("shows the empty states of both tabs and no Mark all read", async () => {
    mockFetch((url) => {
      if (url.startsWith("/api/notifications?") && url.includes("unread=true")) return jsonResponse([], 200, { "X-Total-Count": "0" });
      if (url === "/api/notifications/unread-count") return jsonResponse({ count: 0 });
      return undefined;
    });
    renderWithClient(<NotificationsView initialPage={{ items: [], nextCursor: null, total: 0 }} initialUnread={0} />);
    expect(screen.getByRole("tab", { name: "All (0)" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("No notifications yet")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Mark all read/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Unread (0)" }));
    expect(await screen.findByText("No unread notifications")).toBeInTheDocument();
  });

  it("lists notifications with their parts, and the Unread tab only the unread ones", async () => {
    const items = [note(1), note(2, { type: "vote", isRead: true, title: "Your answer was upvoted" }), note(3, { type: "follow", link: "/users/u2", title: "New follower" })];
    mockFetch((url) => {
      if (url.includes("unread=true")) return jsonResponse([items[0], items[2]], 200, { "X-Total-Count": "2" });
      if (url === "/api/notifications/unread-count") return jsonResponse({ count: 2 });
      return undefined;
    });
    renderWithClient(<NotificationsView initialPage={{ items, nextCursor: null, total: 3 }} initialUnread={2} />);

    expect(screen.getByRole("tab", { name: "All (3)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Unread (2)" })).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "All notifications" });
    const rows = within(list).getAllByTestId("notification-item");
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows;
    expect(within(first!).getByRole("link", { name: "Notification 1" })).toHaveAttribute("href", "/questions/7#answer-1");
    expect(within(first!).getByText("Message 1")).toBeInTheDocument();
    expect(within(first!).getByText("Answer")).toBeInTheDocument();
    expect(within(first!).getByText("Just now")).toBeInTheDocument();
    expect(within(first!).getByRole("img", { name: "Unread" })).toHaveClass("bg-blue-600");
    expect(within(first!).getByRole("button", { name: "Mark “Notification 1” as read" })).toBeInTheDocument();
    expect(within(second!).getByText("Vote")).toBeInTheDocument();
    expect(within(second!).getByRole("img", { name: "Read" })).toHaveClass("bg-muted-foreground/40");
    expect(within(second!).queryByRole("button", { name: /as read/ })).not.toBeInTheDocument();
    expect(within(third!).getByRole("link", { name: "New follower" })).toHaveAttribute("href", "/users/u2");
    expect(within(third!).getByText("Follow")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Unread (2)" }));
    const unreadList = await screen.findByRole("list", { name: "Unread notifications" });
    expect(within(unreadList).getAllByTestId("notification-item")).toHaveLength(2);
  });

  it("marks one read with its button", async () => {
    mockFetch((url, init) => {
      if (url === "/api/notifications/1/read" && init?.method === "POST") return jsonResponse(note(1, { isRead: true }));
      if (url === "/api/notifications/unread-count") return jsonResponse({ count: 0 });
      if (url.startsWith("/api/notifications?")) return jsonResponse([note(1, { isRead: true })], 200, { "X-Total-Count": "1" });
      return undefined;
    });
    renderWithClient(<NotificationsView initialPage={{ items: [note(1)], nextCursor: null, total: 1 }} initialUnread={1} />);
    await userEvent.click(screen.getByRole("button", { name: "Mark “Notification 1” as read" }));
    expect(await screen.findByRole("img", { name: "Read" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Unread (0)" })).toBeInTheDocument();
    expect(calls("POST", "/api/notifications/1/read")).toHaveLength(1);
  });

  it("marks all read with the spec's toast, and says so when it fails", async () => {
    let fail = false;
    mockFetch((url, init) => {
      if (url === "/api/notifications/mark-all-read" && init?.method === "POST") return fail ? jsonResponse({ message: "boom" }, 500) : jsonResponse({ updated: 2 });
      if (url === "/api/notifications/unread-count") return jsonResponse({ count: fail ? 2 : 0 });
      if (url.startsWith("/api/notifications?")) return jsonResponse([note(1, { isRead: !fail }), note(2, { isRead: !fail })], 200, { "X-Total-Count": "2" });
      return undefined;
    });
    const { unmount } = renderWithClient(<NotificationsView initialPage={{ items: [note(1), note(2)], nextCursor: null, total: 2 }} initialUnread={2} />);
    await userEvent.click(screen.getByRole("button", { name: /Mark all read/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("All notifications marked as read", expect.anything()));
    await waitFor(() => expect(screen.queryByRole("button", { name: /Mark all read/ })).not.toBeInTheDocument());
    expect(screen.getAllByRole("img", { name: "Read" })).toHaveLength(2);
    unmount();

    fail = true;
    renderWithClient(<NotificationsView initialPage={{ items: [note(1), note(2)], nextCursor: null, total: 2 }} initialUnread={2} />);
    await userEvent.click(screen.getByRole("button", { name: /Mark all read/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Failed to mark notifications as read" })),
    );
  });

  it("loads more by cursor", async () => {
    mockFetch((url) => {
      if (url === "/api/notifications?limit=20&cursor=next") return jsonResponse([note(30)], 200, { "X-Total-Count": "21" });
      return undefined;
    });
    const first = Array.from({ length: 20 }, (_, i) => note(i + 1, { isRead: true }));
    renderWithClient(<NotificationsView initialPage={{ items: first, nextCursor: "next", total: 21 }} initialUnread={0} />);
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    expect(await screen.findByRole("link", { name: "Notification 30" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
  });
});

describe("Notifications in other languages", () => {
  it("shows the page's tabs, count, type badge and Mark all read in German", () => {
    mockFetch((url) => (url === "/api/notifications/unread-count" ? jsonResponse({ count: 1 }) : undefined));
    renderWithClient(
      <IntlProvider locale="de">
        <NotificationsView initialPage={{ items: [note(1)], nextCursor: null, total: 1 }} initialUnread={1} />
      </IntlProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Benachrichtigungen" })).toBeInTheDocument();
    expect(screen.getByText("1 ungelesen")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Alle (1)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Ungelesen (1)" })).toBeInTheDocument();
    expect(screen.getByText("Antwort")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Alle gelesen/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "„Notification 1“ als gelesen markieren" })).toBeInTheDocument();
  });
});
