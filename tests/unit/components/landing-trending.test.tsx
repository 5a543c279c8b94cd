import { render, screen, within } from "@testing-library/react";

import { TrendingQuestions, TrendingQuestionsSkeleton } from "@/components/landing/trending-questions";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";

function question(id: number, overrides: Partial<QuestionSummaryJson> = {}): QuestionSummaryJson {
  return {
    id,
    title: `How do I do thing ${id}?`,
    description: "A plain-text snippet of the question.",
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    lastActivityAt: "2026-11-01T10:00:00.000Z",
    viewCount: 1234,
    voteScore: 3,
    answerCount: 4,
    commentCount: 0,
    hasAcceptedAnswer: false,
    isClosed: false,
    _count: { answers: 4 },
    author: { id: "u1", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, handle: "ada" },
    group: null,
    tags: [
      { id: 1, name: "react", color: "#61dafb" },
      { id: 2, name: "typescript", color: "#3178c6" },
      { id: 3, name: "nextjs", color: "#000000" },
    ],
    aiAnswer: null,
    saved: false,
    viewerCan: { edit: false, delete: false, save: false, accept: false, vote: false, close: false, lock: false },
    ...overrides,
  };
}

describe("landing Trending Questions", () => {
  it("is hidden when there are no questions", () => {
    const { container } = render(<TrendingQuestions questions={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText("Trending Questions")).not.toBeInTheDocument();
    expect(screen.queryByText("Join the Discussion - Sign Up Free")).not.toBeInTheDocument();
  });

  it("shows a card per question with its details, at most 2 tags, and the sign-up button", () => {
    render(<TrendingQuestions questions={[question(1), question(2)]} />);
    expect(screen.getByRole("heading", { level: 2, name: "Trending Questions" })).toBeInTheDocument();
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(2);

    const card = within(cards[0]);
    expect(card.getByRole("link", { name: "How do I do thing 1?" })).toHaveAttribute("href", "/questions/1");
    expect(card.getByRole("link", { name: /View Discussion/ })).toHaveAttribute("href", "/questions/1");
    expect(card.getByText("A plain-text snippet of the question.")).toHaveClass("line-clamp-2");
    expect(card.getByText("Ada Lovelace")).toBeInTheDocument();
    expect(card.getByText("Nov 1, 2026")).toBeInTheDocument();
    expect(card.getByText("1,234")).toBeInTheDocument();
    expect(card.getByText("4")).toBeInTheDocument();
    expect(card.getAllByRole("link", { name: /react|typescript|nextjs/ }).map((a) => a.textContent)).toEqual(["react", "typescript"]);

    expect(screen.getByRole("link", { name: "Join the Discussion - Sign Up Free" })).toHaveAttribute("href", "/api/login?mode=signup");
  });

  it("has three placeholders while loading", () => {
    render(<TrendingQuestionsSkeleton />);
    expect(screen.getAllByTestId("trending-skeleton")).toHaveLength(3);
  });
});
