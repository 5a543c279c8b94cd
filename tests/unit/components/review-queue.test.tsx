import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { ReviewQueue } from "@/components/review/review-queue";
import { ReviewTabs } from "@/components/review/review-tabs";
import type { Locale } from "@/lib/i18n/locales";
import type { ReviewItemJson } from "@/lib/server/flags/presenters";
import { IntlProvider } from "@/tests/support/intl";

jest.mock("next/navigation", () => ({ usePathname: () => "/review", useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

const author = { id: "u1", firstName: "Ada", lastName: "Lovelace", handle: "ada", profileImageUrl: null, reputation: 10, role: "member", isDeleted: false };

const item = {
  targetType: "answer",
  targetId: 5,
  latestFlagAt: new Date().toISOString(),
  flagCount: 2,
  reasons: [{ reason: "spam", label: "Spam", count: 2 }],
  flaggers: [{ id: "u2", name: "Grace Hopper" }],
  flags: [],
  post: {
    questionId: 3,
    questionTitle: "How do lifetimes work?",
    link: "/questions/3#answer-5",
    editLink: "/questions/3?edit=answer-5",
    excerpt: "Buy now",
    contentHtml: "<p>Buy now</p>",
    isAi: false,
    hidden: true,
    createdAt: new Date().toISOString(),
    author,
  },
} as unknown as ReviewItemJson;

function renderIn(locale: Locale, ui: ReactNode) {
  const client = new QueryClient();
  return render(
    <IntlProvider locale={locale}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </IntlProvider>,
  );
}

describe("Review queue", () => {
  it("shows a flagged answer with its counts and actions in English", () => {
    renderIn("en", <ReviewQueue initialItems={[item]} />);
    expect(screen.getByRole("link", { name: "Answer on “How do lifetimes work?”" })).toHaveAttribute("href", "/questions/3#answer-5");
    expect(screen.getByText(/2 flags · latest/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Dismiss flags" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unhide" })).toBeInTheDocument();
  });

  it("speaks German: tabs, the empty queue, and a flagged answer", () => {
    const { unmount } = renderIn(
      "de",
      <>
        <ReviewTabs />
        <ReviewQueue initialItems={[]} />
      </>,
    );
    expect(screen.getByRole("navigation", { name: "Prüfwarteschlangen" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Meldungen" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Nichts zu prüfen")).toBeInTheDocument();
    unmount();

    renderIn("de", <ReviewQueue initialItems={[item]} />);
    expect(screen.getByRole("link", { name: "Antwort zu „How do lifetimes work?“" })).toBeInTheDocument();
    expect(screen.getByText(/2 Meldungen · zuletzt/)).toBeInTheDocument();
    expect(screen.getByText("Ausgeblendet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Meldungen verwerfen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Autor sperren" })).toBeInTheDocument();
  });
});
