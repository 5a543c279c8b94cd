import { screen, within } from "@testing-library/react";

import { QuestionDetail } from "@/components/question/question-detail";

import { jsonResponse, makeQuestion, mockFetch, renderWithClient } from "./answer-fixtures";
import { settleOnDemandCode } from "./feed-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const router = { replace: jest.fn(), push: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/questions/1", useSearchParams: () => new URLSearchParams() }));

beforeEach(() => {
  mockFetch(() => jsonResponse({}));
});

const tags = ["react", "hooks", "refs", "state", "rendering"].map((name, i) => ({ id: i + 1, name, color: "#6366f1" }));

describe("question page", () => {
  it("shows the question with one h1, up to 3 tags then '+N more', counts and share", () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ tags, viewCount: 1234 })} loadedAt={Date.now()} isMember={false} aiAvailable />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("How do I keep a value between renders?");
    const tagList = within(screen.getByRole("list", { name: "Tags" }));
    expect(tagList.getAllByRole("link").map((a) => a.textContent)).toEqual(["react", "hooks", "refs"]);
    expect(tagList.getByText("+2 more")).toBeInTheDocument();
    expect(screen.getByText("details", { selector: "strong" })).toBeInTheDocument();
    expect(screen.getByText("1 answer")).toBeInTheDocument();
    expect(screen.getByText("1,234 views")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ada Lovelace" })).toHaveAttribute("href", "/users/u1");
    expect(screen.getByRole("button", { name: /Share/ })).toBeInTheDocument();
  });

  it("invites visitors to sign up instead of the member tools", async () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ viewerCan: { edit: false, delete: false, save: false, accept: false, vote: false, close: false, lock: false } })} loadedAt={Date.now()} isMember={false} aiAvailable />);
    await settleOnDemandCode();
    expect(screen.getByRole("heading", { name: "Want to contribute to the discussion?" })).toBeInTheDocument();
    // The Create account tab, and back to this question afterwards.
    expect(screen.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/api/login?mode=signup&callbackUrl=%2Fquestions%2F1");
    expect(screen.getByText(/generate your own AI answers/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Generate AI Answer" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Answer" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Save/ })).not.toBeInTheDocument();
  });

  it("gives members the Generate AI Answer box, the answer form and Save", async () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion()} loadedAt={Date.now()} isMember aiAvailable />);
    expect(await screen.findByRole("heading", { name: "Generate AI Answer" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Your Answer" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^Save/ })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByText("Want to contribute to the discussion?")).not.toBeInTheDocument();
  });

  it("puts the members' Generate AI Answer box after the answers in reading order (phones), before the answer form", async () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion()} loadedAt={Date.now()} isMember aiAvailable />);
    const generate = await screen.findByRole("heading", { name: "Generate AI Answer" });
    const answers = screen.getByRole("heading", { name: /^\d+ Answers?$/ });
    const form = await screen.findByRole("heading", { name: "Your Answer" });
    expect(answers.compareDocumentPosition(generate) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(generate.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // From the large breakpoint the box is shown above the answers.
    expect(generate.closest(".lg\\:order-1")).not.toBeNull();
    expect(answers.closest(".lg\\:order-2")).not.toBeNull();
  });

  describe("without an AI provider", () => {
    const unconfigured = { status: "unconfigured", attempts: 0, nextAttemptAt: "2026-01-01T00:00:00.000Z" } as const;

    it("offers members no Generate AI Answer box, and tells them plainly that AI answers are not available", async () => {
      renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ aiStatus: unconfigured })} loadedAt={Date.now()} isMember aiAvailable={false} />);
      expect(await screen.findByRole("heading", { name: "Your Answer" })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Generate AI Answer" })).not.toBeInTheDocument();
      expect(screen.getByTestId("ai-answer-status")).toHaveTextContent(/^AI answers are not available on this site yet\.$/);
      expect(screen.queryByText(/provider|configured/i)).not.toBeInTheDocument();
    });

    it("invites visitors without promising AI answers of their own", async () => {
      renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ aiStatus: unconfigured })} loadedAt={Date.now()} isMember={false} aiAvailable={false} />);
      await settleOnDemandCode();
      expect(screen.getByText("Sign up to answer, vote and comment.")).toBeInTheDocument();
      expect(screen.queryByText(/provider|configured/i)).not.toBeInTheDocument();
    });
  });

  it("gives the author the question's Edit and Delete menu, and nobody else", async () => {
    const { unmount } = renderWithClient(<QuestionDetail initialQuestion={makeQuestion()} loadedAt={Date.now()} isMember aiAvailable />);
    await settleOnDemandCode();
    expect(screen.queryByRole("button", { name: /^Question actions/ })).not.toBeInTheDocument();
    unmount();
    renderWithClient(
      <QuestionDetail initialQuestion={makeQuestion({ viewerCan: { edit: true, delete: true, save: true, accept: true, vote: false, close: false, lock: false } })} loadedAt={Date.now()} isMember aiAvailable />,
    );
    expect(await screen.findByRole("button", { name: /^Question actions/ })).toBeInTheDocument();
  });

  it.each([
    ["pending", "Agora AI is writing an answer…"],
    ["running", "Agora AI is writing an answer…"],
    ["failed", "The AI answer failed and will be retried"],
    ["unconfigured", "AI answers are not available on this site yet."],
  ] as const)("shows the %s state of the automatic answer", (status, text) => {
    renderWithClient(
      <QuestionDetail initialQuestion={makeQuestion({ aiStatus: { status, attempts: 1, nextAttemptAt: null } })} loadedAt={Date.now()} isMember={false} aiAvailable />,
    );
    expect(screen.getByTestId("ai-answer-status")).toHaveTextContent(text);
  });

  it("shows no AI state once the answer is done", () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ aiStatus: { status: "done", attempts: 1, nextAttemptAt: null } })} loadedAt={Date.now()} isMember={false} aiAvailable />);
    expect(screen.queryByTestId("ai-answer-status")).not.toBeInTheDocument();
  });
});
