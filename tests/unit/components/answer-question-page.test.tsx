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
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ tags, viewCount: 1234 })} loadedAt={Date.now()} isMember={false} />);
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
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ viewerCan: { edit: false, delete: false, save: false } })} loadedAt={Date.now()} isMember={false} />);
    await settleOnDemandCode();
    expect(screen.getByRole("heading", { name: "Want to contribute to the discussion?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/api/login");
    expect(screen.queryByRole("heading", { name: "Generate AI Answer" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Answer" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Save/ })).not.toBeInTheDocument();
  });

  it("gives members the Generate AI Answer box, the answer form and Save", async () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion()} loadedAt={Date.now()} isMember />);
    expect(await screen.findByRole("heading", { name: "Generate AI Answer" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Your Answer" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^Save/ })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByText("Want to contribute to the discussion?")).not.toBeInTheDocument();
  });

  it("gives the author the question's Edit and Delete menu, and nobody else", async () => {
    const { unmount } = renderWithClient(<QuestionDetail initialQuestion={makeQuestion()} loadedAt={Date.now()} isMember />);
    await settleOnDemandCode();
    expect(screen.queryByRole("button", { name: /^Question actions/ })).not.toBeInTheDocument();
    unmount();
    renderWithClient(
      <QuestionDetail initialQuestion={makeQuestion({ viewerCan: { edit: true, delete: true, save: true } })} loadedAt={Date.now()} isMember />,
    );
    expect(await screen.findByRole("button", { name: /^Question actions/ })).toBeInTheDocument();
  });

  it.each([
    ["pending", "Agora AI is writing an answer…"],
    ["running", "Agora AI is writing an answer…"],
    ["failed", "The AI answer failed and will be retried"],
    ["unconfigured", "AI answers are waiting for an AI provider to be configured"],
  ] as const)("shows the %s state of the automatic answer", (status, text) => {
    renderWithClient(
      <QuestionDetail initialQuestion={makeQuestion({ aiStatus: { status, attempts: 1, nextAttemptAt: null } })} loadedAt={Date.now()} isMember={false} />,
    );
    expect(screen.getByTestId("ai-answer-status")).toHaveTextContent(text);
  });

  it("shows no AI state once the answer is done", () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ aiStatus: { status: "done", attempts: 1, nextAttemptAt: null } })} loadedAt={Date.now()} isMember={false} />);
    expect(screen.queryByTestId("ai-answer-status")).not.toBeInTheDocument();
  });
});
