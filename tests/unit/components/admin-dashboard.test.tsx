import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import axe from "axe-core";
import { toast } from "sonner";

import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { AdminForbidden } from "@/components/admin/admin-forbidden";
import { makeQueryClient } from "@/lib/api-client/query-client";
import type { AdminOverviewJson } from "@/lib/server/admin/presenters";
import { IntlProvider } from "@/tests/support/intl";

const router = { refresh: jest.fn(), push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/admin", useSearchParams: () => new URLSearchParams() }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const days = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
  return { day, members: i === 29 ? 2 : 0, questions: i % 3, answers: i % 4, aiAnswers: i % 2, tokens: i === 10 ? 1500 : 0 };
});

const overview: AdminOverviewJson = {
  totals: { members: 11, questions: 42, answers: 106, aiAnswers: 48 },
  activity: days,
  ai: {
    provider: { configured: true, kind: "openai-compatible", host: "llm.example.com", model: "llama-3.1-8b" },
    workerEnabled: true,
    jobs: { pending: 2, running: 1, failed: 1, done: 40 },
    failed: [
      { id: 7, questionId: 12, questionTitle: "Why does my counter reset?", attempts: 3, lastError: "The AI provider did not answer in time.", nextAttemptAt: "2026-11-25T19:00:00.000Z", failedAt: "2026-11-25T18:00:00.000Z" },
    ],
  },
  mail: {
    transport: { kind: "file", host: null },
    outbox: { pending: 0, sending: 0, failed: 1, sent: 30 },
    failed: [{ id: 9, to: "r…@example.com", subject: "Your weekly digest", attempts: 8, lastError: "550 <r…@example.com> rejected", createdAt: "2026-11-25T17:00:00.000Z" }],
  },
  flags: { open: 1234 },
  staff: [
    { id: "a1", firstName: "Ada", lastName: "Admin", profileImageUrl: null, handle: "ada", role: "admin" },
    { id: "m1", firstName: "Mo", lastName: "Derator", profileImageUrl: null, handle: "mo", role: "moderator" },
  ],
};

function renderDashboard(data: AdminOverviewJson = overview) {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <AdminDashboard overview={data} />
    </QueryClientProvider>,
  );
}

let fetchMock: jest.Mock;
beforeEach(() => {
  router.refresh.mockClear();
  (toast.success as jest.Mock).mockClear();
  fetchMock = jest.fn(async (url: string) => {
    const text = JSON.stringify({ id: url.includes("ai-jobs") ? 7 : 9, status: "pending", retried: true });
    return { ok: true, status: 200, statusText: "", text: async () => text };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("the admin dashboard", () => {
  it("shows the totals, a described chart per series and the numbers in a table", () => {
    renderDashboard();
    const totals = screen.getByRole("region", { name: "Totals" });
    expect(within(totals).getByText("106")).toBeInTheDocument();
    expect(within(totals).getByText("1,234")).toBeInTheDocument(); // open flags
    expect(within(totals).getByRole("link", { name: "Review queue" })).toHaveAttribute("href", "/review");
    for (const name of ["New members per day", "Questions per day", "Answers per day", "AI answers per day", "Tokens used per day"]) {
      expect(screen.getByRole("img", { name })).toBeInTheDocument();
    }
    const tokens = screen.getByRole("img", { name: "Tokens used per day" });
    expect(tokens).toHaveAccessibleDescription("1,500 tokens in the last 30 days, most on Nov 6 (1,500); today 0.");
    expect(tokens.querySelectorAll("rect")).toHaveLength(30);
    const table = screen.getByRole("table", { name: /Activity per day/ });
    expect(within(table).getAllByRole("row")).toHaveLength(31);
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Nov 25");
  });

  it("names the provider and model, and lists the failed jobs and e-mails with their errors", () => {
    renderDashboard();
    expect(screen.getByText("OpenAI-compatible at llm.example.com")).toBeInTheDocument();
    expect(screen.getByText("llama-3.1-8b")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Why does my counter reset?" })).toHaveAttribute("href", "/questions/12");
    expect(screen.getByText("The AI provider did not answer in time.")).toBeInTheDocument();
    expect(screen.getByText(".eml files in the data folder")).toBeInTheDocument();
    expect(screen.getByText("550 <r…@example.com> rejected")).toBeInTheDocument();
    const staff = screen.getByRole("heading", { name: "Moderators and admins" }).closest("[data-slot=card]") as HTMLElement;
    expect(within(staff).getByRole("link", { name: "Mo Derator" })).toHaveAttribute("href", "/users/m1");
    expect(within(staff).getByText("moderator")).toBeInTheDocument();
  });

  it("retries a failed job and a failed e-mail, then reads the dashboard again", async () => {
    renderDashboard();
    await userEvent.click(screen.getByRole("button", { name: "Retry the AI answer to “Why does my counter reset?”" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/ai-jobs/7/retry", expect.objectContaining({ method: "POST", credentials: "include" }));
    expect(toast.success).toHaveBeenCalledWith("AI answer queued again", expect.anything());
    await userEvent.click(screen.getByRole("button", { name: "Retry the e-mail “Your weekly digest”" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/mail/9/retry", expect.objectContaining({ method: "POST" }));
    expect(toast.success).toHaveBeenCalledWith("E-mail queued again", expect.anything());
    expect(router.refresh).toHaveBeenCalledTimes(2);
  });

  it("says when nothing failed and when no provider is configured", () => {
    renderDashboard({
      ...overview,
      ai: { ...overview.ai, provider: { configured: false, kind: null, host: null, model: null }, failed: [], jobs: { pending: 3, running: 0, failed: 0, done: 0 } },
      mail: { ...overview.mail, failed: [] },
    });
    expect(screen.getByText("Not configured")).toBeInTheDocument();
    expect(screen.getByText(/Answers wait until/)).toBeInTheDocument();
    expect(screen.getByText("No failed AI answers.")).toBeInTheDocument();
    expect(screen.getByText("No failed e-mails.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it("has no accessibility violations axe can see without a layout", async () => {
    const { container } = renderDashboard();
    const results = await axe.run(container, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"], rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

describe("the 403 page", () => {
  it("tells a member the dashboard is for admins", () => {
    render(<AdminForbidden role="member" />);
    expect(screen.getByRole("heading", { level: 1, name: "Admins only" })).toBeInTheDocument();
    expect(screen.getByText("Error 403")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Open the review queue" })).not.toBeInTheDocument();
  });

  it("sends a moderator to the review queue", () => {
    render(<AdminForbidden role="moderator" />);
    expect(screen.getByRole("link", { name: "Open the review queue" })).toHaveAttribute("href", "/review");
  });
});

describe("the admin pages in other languages", () => {
  it("shows the dashboard in German, numbers and days included", () => {
    render(
      <IntlProvider locale="de">
        <QueryClientProvider client={makeQueryClient()}>
          <AdminDashboard overview={overview} />
        </QueryClientProvider>
      </IntlProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Verwaltung" })).toBeInTheDocument();
    const tokens = screen.getByRole("img", { name: "Verbrauchte Tokens pro Tag" });
    expect(tokens).toHaveAccessibleDescription("1.500 Tokens in den letzten 30 Tagen, die meisten am 6. Nov. (1.500); heute 0.");
    expect(screen.getByText("OpenAI-kompatibel unter llm.example.com")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "die KI-Antwort auf „Why does my counter reset?“ wiederholen" })).toBeInTheDocument();
    expect(screen.getByText("2 Personen können diese Website moderieren.")).toBeInTheDocument();
  });

  it("shows the 403 page in Spanish", () => {
    render(
      <IntlProvider locale="es">
        <AdminForbidden role="moderator" />
      </IntlProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Solo para administradores" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Abrir la cola de revisión" })).toHaveAttribute("href", "/review");
  });
});
