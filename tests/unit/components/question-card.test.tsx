import { render, screen, within } from "@testing-library/react";

import { QuestionCard } from "@/components/question/question-card";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";

const base: QuestionSummaryJson = {
  id: 42,
  title: "Why does my useEffect run twice?",
  description: "In development it fires twice.",
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  updatedAt: new Date().toISOString(),
  lastActivityAt: new Date().toISOString(),
  viewCount: 10,
  voteScore: 7,
  answerCount: 2,
  commentCount: 5,
  hasAcceptedAnswer: false,
  isClosed: false,
  _count: { answers: 2 },
  author: { id: "u1", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, handle: "ada" },
  group: { id: 3, name: "Frontend Guild", isPrivate: false },
  tags: ["react", "hooks", "strict-mode", "debugging"].map((name, i) => ({ id: i + 1, name, color: "#6366f1" })),
  aiAnswer: { id: 99, snippet: "React 18 Strict Mode mounts components twice in development." },
  saved: false,
  viewerCan: { edit: true, delete: true, save: true, accept: true, vote: false, close: false, lock: false },
};

describe("QuestionCard", () => {
  it("shows votes, group, author, time ago, up to 3 tags, the AI snippet and counts", () => {
    render(<QuestionCard question={base} />);
    const card = within(screen.getByRole("article"));
    expect(card.getByRole("heading", { level: 2, name: base.title })).toBeInTheDocument();
    expect(card.getByRole("link", { name: base.title })).toHaveAttribute("href", "/questions/42");
    expect(card.getByRole("link", { name: /Frontend Guild/ })).toHaveAttribute("href", "/groups/3");
    expect(card.getByRole("link", { name: "Ada Lovelace" })).toHaveAttribute("href", "/users/u1");
    expect(card.getByText("5 minutes ago")).toBeInTheDocument();
    expect(within(card.getByRole("list", { name: "Tags" })).getAllByRole("link").map((a) => a.textContent)).toEqual([
      "react",
      "hooks",
      "strict-mode",
    ]);
    expect(card.getByText(base.aiAnswer!.snippet)).toBeInTheDocument();
    expect(card.getByRole("link", { name: /Read full answer/ })).toHaveAttribute("href", "/questions/42#answer-99");
    expect(card.getByText("5 comments")).toBeInTheDocument();
    expect(card.getAllByText("7").length).toBeGreaterThan(0);
  });

  it("leaves out the group and the AI box when there are none", () => {
    render(<QuestionCard question={{ ...base, group: null, aiAnswer: null }} />);
    expect(screen.queryByText("Frontend Guild")).not.toBeInTheDocument();
    expect(screen.queryByText(/Read full answer/)).not.toBeInTheDocument();
  });
});
