import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { TopBar } from "@/components/layout/top-bar";
import { makeQueryClient } from "@/lib/api-client/query-client";
import { IntlProvider } from "@/tests/support/intl";

// The phone menu's language select refreshes the page through the router.
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }), usePathname: () => null, useSearchParams: () => new URLSearchParams() }));

const member = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null };

function renderWithClient(ui: ReactNode) {
  return render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>);
}

// jsdom has no fetch Response; the fetcher only reads ok, status, statusText and text().
function jsonResponse(body: unknown, status = 200) {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text };
}

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn(async (url: string) => {
    if (url === "/api/notifications/unread-count") return jsonResponse({ count: 12 });
    if (url.startsWith("/api/notifications")) {
      return jsonResponse(
        [1, 2, 3].map((id) => ({
          id,
          type: "answer",
          title: `Notification ${id}`,
          message: "",
          text: { title: `Notification ${id}`, message: "" },
          relatedId: 7,
          relatedType: "question",
          questionId: 7,
          link: "/questions/7",
          isRead: id > 1,
          createdAt: new Date().toISOString(),
          actor: { id: "u2", firstName: "Grace", lastName: "Hopper", profileImageUrl: null, handle: "grace" },
        })),
      );
    }
    return jsonResponse({ message: "Not found" }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("TopBar for a visitor", () => {
  it("offers Questions, About and Sign In, and a search that works for visitors", () => {
    renderWithClient(<TopBar user={null} />);
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Questions" })).toHaveAttribute("href", "/questions");
    expect(within(account).getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    expect(within(account).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
    const search = screen.getByRole("searchbox", { name: "Search questions" });
    expect(search).toBeEnabled();
    expect(search).toHaveAttribute("placeholder", "Search questions...");
    expect(search.closest("form")).toHaveAttribute("action", "/search");
    expect(screen.getByRole("link", { name: "Agora" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("link", { name: /Create Group/ })).not.toBeInTheDocument();
    // No unread-count call for visitors.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("has a menu button that lists what a visitor may read, About and Sign In", async () => {
    renderWithClient(<TopBar user={null} />);
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("navigation", { name: "Mobile" });
    expect(within(menu).getAllByRole("link").map((a) => a.textContent)).toEqual(["Questions", "Search", "Tags", "Groups", "Users", "About", "Sign In"]);
    expect(within(menu).getByRole("link", { name: "Questions" })).toHaveAttribute("href", "/questions");
    expect(within(menu).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
  });
});

describe("TopBar in German", () => {
  it("speaks German to a visitor: links, search, and the phone menu", async () => {
    renderWithClient(
      <IntlProvider locale="de">
        <TopBar user={null} />
      </IntlProvider>,
    );
    const account = screen.getByRole("navigation", { name: "Konto" });
    expect(within(account).getByRole("link", { name: "Fragen" })).toHaveAttribute("href", "/questions");
    expect(within(account).getByRole("link", { name: "Über uns" })).toHaveAttribute("href", "/about");
    expect(within(account).getByRole("link", { name: "Anmelden" })).toHaveAttribute("href", "/api/login");
    expect(screen.getByRole("searchbox", { name: "Fragen durchsuchen" })).toHaveAttribute("placeholder", "Fragen durchsuchen...");
    expect(screen.getByRole("button", { name: "Design ändern" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Menü öffnen" }));
    const menu = await screen.findByRole("navigation", { name: "Mobil" });
    expect(within(menu).getAllByRole("link").map((a) => a.textContent)).toEqual(["Fragen", "Suche", "Tags", "Gruppen", "Mitglieder", "Über uns", "Anmelden"]);
    expect(screen.getByText("Melde dich an, um Fragen zu stellen und mitzudiskutieren.")).toBeInTheDocument();
  });
});

describe("TopBar for a member", () => {
  it("shows Create Group, an enabled search and a 9+ badge for 12 unread", async () => {
    renderWithClient(<TopBar user={member} />);
    expect(screen.getByRole("link", { name: /Create Group/ })).toHaveAttribute("href", "/groups?create=true");
    const search = screen.getByRole("searchbox", { name: "Search questions" });
    expect(search).toBeEnabled();
    expect(search.closest("form")).toHaveAttribute("action", "/search");
    expect(await screen.findByTestId("unread-badge")).toHaveTextContent("9+");
    expect(screen.getByRole("button", { name: "Notifications, 12 unread" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/notifications/unread-count", expect.objectContaining({ credentials: "include" }));
  });

  it("shows the exact count when it is 9 or less, and no badge at 0", () => {
    const { unmount } = renderWithClient(<TopBar user={member} initialUnreadCount={9} />);
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("9");
    unmount();
    renderWithClient(<TopBar user={member} initialUnreadCount={0} />);
    expect(screen.queryByTestId("unread-badge")).not.toBeInTheDocument();
  });

  it("opens the bell on the first 3 notifications and a link to all of them", async () => {
    renderWithClient(<TopBar user={member} initialUnreadCount={12} />);
    await userEvent.click(await screen.findByRole("button", { name: "Notifications, 12 unread" }));
    const menu = await screen.findByRole("menu");
    expect(await within(menu).findByText("Notification 1")).toBeInTheDocument();
    expect(within(menu).getAllByRole("menuitem").map((item) => item.getAttribute("href"))).toEqual([
      "/questions/7",
      "/questions/7",
      "/questions/7",
      "/notifications",
    ]);
    expect(within(menu).getByRole("menuitem", { name: "View all notifications" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/notifications?limit=3", expect.anything());
  });

  it("has a user menu with profile, settings and log out", async () => {
    renderWithClient(<TopBar user={member} initialUnreadCount={0} />);
    await userEvent.click(await screen.findByRole("button", { name: "Account menu for Ada Lovelace" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/users/u1");
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(within(menu).getByRole("menuitem", { name: "Log out" })).toHaveAttribute("href", "/api/logout");
    expect(within(menu).queryByRole("menuitem", { name: "Admin" })).not.toBeInTheDocument();
  });

  it("links admins, and only admins, to the admin dashboard from the user menu and the mobile menu", async () => {
    for (const role of ["member", "moderator"] as const) {
      const { unmount } = renderWithClient(<TopBar user={{ ...member, role }} initialUnreadCount={0} />);
      await userEvent.click(await screen.findByRole("button", { name: "Account menu for Ada Lovelace" }));
      expect(within(await screen.findByRole("menu")).queryByRole("menuitem", { name: "Admin" })).not.toBeInTheDocument();
      unmount();
    }
    renderWithClient(<TopBar user={{ ...member, role: "admin" }} initialUnreadCount={0} />);
    await userEvent.click(await screen.findByRole("button", { name: "Account menu for Ada Lovelace" }));
    expect(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Admin" })).toHaveAttribute("href", "/admin");
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const mobile = await screen.findByRole("navigation", { name: "Mobile" });
    expect(within(mobile).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  });

  it("lists the member links in the mobile menu, with the unread badge", async () => {
    renderWithClient(<TopBar user={member} initialUnreadCount={12} />);
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("navigation", { name: "Mobile" });
    const labels = within(menu)
      .getAllByRole("link")
      .map((a) => a.textContent?.replace("9+", "").trim());
    // SPEC.md's list, plus Messages after Notifications (issue 15: direct messages, with their own badge).
    expect(labels).toEqual(["Home", "Users", "Tags", "Groups", "Notifications", "Messages", "About", "Ask Question", "Profile", "Settings", "Log out"]);
    expect(within(menu).getByRole("link", { name: /Notifications/ })).toHaveTextContent("9+");
    expect(within(menu).getByRole("link", { name: "Log out" })).toHaveAttribute("href", "/api/logout");
  });
});
