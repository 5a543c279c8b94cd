import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";

import { NotificationBell } from "@/components/notifications/notification-bell";
import { NotificationsView } from "@/components/notifications/notifications-view";
import type { NotificationItem } from "@/lib/api-client/notifications";
import { makeQueryClient } from "@/lib/api-client/query-client";
import { IntlProvider } from "@/tests/support/intl";

/*
 * The notifications page and the bell show each notification's `text`, the server's rendering
 * in the reader's language (issue 15), not the API's English title and message.
 */

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const german: NotificationItem = {
  id: 1,
  type: "answer",
  title: "New answer to your question",
  message: "Grace Hopper answered “Wie lese ich eine CSV?”",
  text: { title: "Neue Antwort auf deine Frage", message: "Grace Hopper hat „Wie lese ich eine CSV?“ beantwortet" },
  relatedId: 7,
  relatedType: "question",
  questionId: 7,
  link: "/questions/7#answer-1",
  isRead: false,
  createdAt: new Date().toISOString(),
  actor: { id: "u2", firstName: "Grace", lastName: "Hopper", profileImageUrl: null, handle: "grace" },
};

function renderInGerman(ui: React.ReactNode) {
  return render(
    <IntlProvider locale="de">
      <QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>
    </IntlProvider>,
  );
}

function jsonResponse(body: unknown) {
  const text = JSON.stringify(body);
  return { ok: true, status: 200, statusText: "", text: async () => text, headers: new Headers() };
}

describe("notification texts in the reader's language", () => {
  it("the notifications page shows the localized title and message", () => {
    renderInGerman(<NotificationsView initialPage={{ items: [german], nextCursor: null, total: 1 }} initialUnread={1} />);
    expect(screen.getByText("Neue Antwort auf deine Frage")).toBeInTheDocument();
    expect(screen.getByText("Grace Hopper hat „Wie lese ich eine CSV?“ beantwortet")).toBeInTheDocument();
    expect(screen.queryByText("Grace Hopper answered “Wie lese ich eine CSV?”")).not.toBeInTheDocument();
  });

  it("the bell's dropdown shows the localized message and title", async () => {
    global.fetch = jest.fn(async (url: string) =>
      url === "/api/notifications?limit=3" ? jsonResponse([german]) : jsonResponse({ count: 1 }),
    ) as unknown as typeof fetch;
    renderInGerman(<NotificationBell initialUnreadCount={1} />);
    await userEvent.click(screen.getByRole("button", { name: /1/ }));
    const menu = await screen.findByRole("menu");
    const item = await within(menu).findByRole("menuitem", { name: /Grace Hopper hat „Wie lese ich eine CSV\?“ beantwortet/ });
    expect(item).toHaveTextContent("Neue Antwort auf deine Frage");
    expect(item).not.toHaveTextContent("answered");
  });
});
