import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { QuestionCard } from "@/components/question/question-card";
import { QuestionDetail } from "@/components/question/question-detail";

import { jsonResponse, makeQuestion, mockFetch, renderWithClient } from "./answer-fixtures";
import { installDomShims, makeSummary, settleOnDemandCode } from "./feed-fixtures";

beforeAll(installDomShims);

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const router = { replace: jest.fn(), push: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/questions/1", useSearchParams: () => new URLSearchParams() }));

const moderator = { id: "mod", firstName: "Mo", lastName: "Derator", profileImageUrl: null, handle: "mo" };
const member = { edit: false, delete: false, save: true, accept: false, vote: true, close: false, lock: false };

describe("closed and locked questions", () => {
  it("shows why a duplicate was closed, linking the original, and no answer form", async () => {
    mockFetch(() => jsonResponse({}));
    const closed = { reason: "duplicate" as const, duplicateOf: { id: 7, title: "How do refs work?" }, closedAt: new Date().toISOString(), closedBy: moderator as never, byCommunity: false };
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ isClosed: true, closed })} loadedAt={Date.now()} isMember aiAvailable />);
    await settleOnDemandCode();
    const notice = within(screen.getByTestId("closed-notice"));
    expect(notice.getByRole("heading", { name: "This question already has an answer here:" })).toBeInTheDocument();
    expect(notice.getByRole("link", { name: "How do refs work?" })).toHaveAttribute("href", "/questions/7");
    expect(notice.getByText(/Closed by Mo Derator/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Answer" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Generate AI Answer" })).not.toBeInTheDocument();
    expect(screen.getByText("This question is closed, so it takes no new answers.")).toBeInTheDocument();
    // A member without the privilege gets no Reopen or Close.
    expect(screen.queryByRole("button", { name: /reopen|close/i })).not.toBeInTheDocument();
  });

  it.each([
    ["off_topic", "Closed as off topic"],
    ["needs_details", "Closed: needs details"],
  ] as const)("names the reason %s and the community", async (reason, heading) => {
    const closed = { reason, duplicateOf: null, closedAt: new Date().toISOString(), closedBy: null, byCommunity: true };
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ isClosed: true, closed, viewerCan: { ...member, close: true }, reopenVotes: 1 })} loadedAt={Date.now()} isMember aiAvailable={false} />);
    expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
    expect(screen.getByText(/Closed by the community/)).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Vote to reopen" })).toBeInTheDocument();
    expect(screen.getByText("1 of 3 reopen votes")).toBeInTheDocument();
  });

  it("offers a 250-reputation member 'Vote to close' with the reasons, and shows the votes so far", async () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ viewerCan: { ...member, close: true }, closeVotes: 2 })} loadedAt={Date.now()} isMember aiAvailable={false} />);
    await userEvent.click(await screen.findByRole("button", { name: "Vote to close" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Vote to close this question" }));
    expect(dialog.getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      expect.stringContaining("Duplicate"),
      expect.stringContaining("Off topic"),
      expect.stringContaining("Needs details"),
    ]);
    expect(screen.getByText("2 of 3 close votes")).toBeInTheDocument();
  });

  it("shows a locked question's scores without vote buttons, and no answer form", async () => {
    renderWithClient(<QuestionDetail initialQuestion={makeQuestion({ locked: { lockedAt: new Date().toISOString() } })} loadedAt={Date.now()} isMember aiAvailable />);
    await settleOnDemandCode();
    expect(screen.getByTestId("locked-notice")).toHaveTextContent("This question is locked.");
    expect(screen.queryByRole("button", { name: "Upvote" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Answer" })).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Question votes (locked)" })).toBeInTheDocument();
  });

  it("marks a closed question's card", () => {
    renderWithClient(<QuestionCard question={makeSummary({ isClosed: true })} />);
    expect(screen.getByTestId("closed-marker")).toHaveTextContent("Closed");
    renderWithClient(<QuestionCard question={makeSummary({ id: 2 })} />);
    expect(screen.getAllByTestId("closed-marker")).toHaveLength(1);
  });
});
