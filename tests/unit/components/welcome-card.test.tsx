import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { RecentActivityPanel } from "@/components/home/recent-activity-panel";
import { WelcomeCard } from "@/components/home/welcome-card";
import { makeQueryClient } from "@/lib/api-client/query-client";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

function renderWithClient(ui: ReactNode) {
  return render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>);
}

function response(status: number, body?: unknown) {
  const text = body === undefined ? "" : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => text, headers: new Headers() };
}

let fetchMock: jest.Mock;
const tags = [
  { id: 1, name: "python", color: "#3776ab", isFollowing: false },
  { id: 2, name: "rust", color: "#dea584", isFollowing: true },
];

describe("WelcomeCard", () => {
  it("greets the member, offers popular tags to follow and a first question", () => {
    fetchMock = jest.fn(async () => response(404, { message: "Not found" }));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderWithClient(<WelcomeCard name="Priya" tags={tags} />);
    expect(screen.getByRole("heading", { name: "Welcome to Agora, Priya!" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Follow python" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unfollow rust" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask your first question" })).toHaveAttribute("href", "/?ask=1");
  });

  it("hides at once when dismissed and stores the dismissal on the account", async () => {
    fetchMock = jest.fn(async (url: string, init?: RequestInit) => (url === "/api/users/me/welcome" && init?.method === "DELETE" ? response(204) : response(404)));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderWithClient(<WelcomeCard name={null} tags={[]} />);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss welcome" }));
    expect(screen.queryByRole("heading", { name: "Welcome to Agora!" })).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u, i]) => u === "/api/users/me/welcome" && i?.method === "DELETE")).toHaveLength(1));
  });

  it("comes back when the dismissal could not be stored", async () => {
    fetchMock = jest.fn(async () => response(500, { message: "Something went wrong" }));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderWithClient(<WelcomeCard name={null} tags={[]} />);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss welcome" }));
    expect(await screen.findByRole("heading", { name: "Welcome to Agora!" })).toBeInTheDocument();
  });
});

describe("RecentActivityPanel", () => {
  it("lists the member's own recent posts with links", () => {
    render(
      <RecentActivityPanel
        activity={[
          { kind: "answer", id: 9, questionId: 4, questionTitle: "Why is my Docker build slow?", createdAt: new Date().toISOString(), link: "/questions/4#answer-9" },
          { kind: "question", id: 3, questionId: 3, questionTitle: "How do I read a CSV?", createdAt: new Date().toISOString(), link: "/questions/3" },
        ]}
      />,
    );
    expect(screen.getByRole("heading", { name: "Recent Activity" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Why is my Docker build slow?" })).toHaveAttribute("href", "/questions/4#answer-9");
    expect(screen.getByText(/You answered/)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome to Agora!/)).not.toBeInTheDocument();
  });

  it("shows no Recent Activity block when there is none", () => {
    render(<RecentActivityPanel activity={[]} />);
    expect(screen.queryByRole("heading", { name: "Recent Activity" })).not.toBeInTheDocument();
  });
});
