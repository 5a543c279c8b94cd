import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { navigateTo } from "@/components/answer/navigate";

import { AnswersFromCache, jsonResponse, makeAnswer, makeQuestion, mockFetch, renderWithClient } from "./answer-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/components/answer/navigate", () => ({ navigateTo: jest.fn() }));

const answerEl = () => document.getElementById("answer-10")!;
const score = () => within(answerEl()).getByTestId("vote-score");
const up = () => within(answerEl()).getByRole("button", { name: "Upvote" });
const down = () => within(answerEl()).getByRole("button", { name: "Downvote" });

beforeEach(() => jest.clearAllMocks());

describe("answer votes", () => {
  it("highlights the viewer's existing vote with aria-pressed", () => {
    mockFetch(() => jsonResponse({}));
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [makeAnswer({ viewerVote: "up", voteScore: 3 })] })} />);
    expect(up()).toHaveAttribute("aria-pressed", "true");
    expect(down()).toHaveAttribute("aria-pressed", "false");
    expect(score()).toHaveTextContent("3");
  });

  it("withdraws the vote with DELETE when the highlighted arrow is clicked again", async () => {
    let resolve!: (value: ReturnType<typeof jsonResponse>) => void;
    const fetchMock = mockFetch(() => new Promise((r) => (resolve = r)));
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [makeAnswer({ viewerVote: "up", voteScore: 3 })] })} />);

    await userEvent.click(up());
    expect(fetchMock).toHaveBeenCalledWith("/api/answers/10/vote", expect.objectContaining({ method: "DELETE", credentials: "include" }));
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
    // Optimistic: the highlight and the point go at once.
    await waitFor(() => expect(up()).toHaveAttribute("aria-pressed", "false"));
    expect(score()).toHaveTextContent("2");

    resolve(jsonResponse({ answerId: 10, voteScore: 2, viewerVote: null }));
    await waitFor(() => expect(score()).toHaveTextContent("2"));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("sends POST with the vote type for the other arrow, switching the highlight", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ answerId: 10, voteScore: 1, viewerVote: "down" }));
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [makeAnswer({ viewerVote: "up", voteScore: 3 })] })} />);

    await userEvent.click(down());
    expect(fetchMock).toHaveBeenCalledWith("/api/answers/10/vote", expect.objectContaining({ method: "POST", body: JSON.stringify({ voteType: "down" }) }));
    await waitFor(() => expect(down()).toHaveAttribute("aria-pressed", "true"));
    expect(up()).toHaveAttribute("aria-pressed", "false");
    expect(score()).toHaveTextContent("1");
  });

  it("rolls the vote back and says so when the call fails", async () => {
    mockFetch(() => jsonResponse({ message: "Something went wrong" }, 500));
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [makeAnswer({ viewerVote: null, voteScore: 3 })] })} />);

    await userEvent.click(up());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "Failed to vote. Please try again." })));
    expect(up()).toHaveAttribute("aria-pressed", "false");
    expect(score()).toHaveTextContent("3");
  });

  it("sends visitors to sign in instead of voting", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderWithClient(
      <AnswersFromCache isMember={false} question={makeQuestion({ answers: [makeAnswer({ viewerCan: { edit: false, delete: false, vote: false, comment: false } })] })} />,
    );
    await userEvent.click(up());
    expect(navigateTo).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/login(\?|$)/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("does not let authors vote on their own answer", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderWithClient(<AnswersFromCache question={makeQuestion({ answers: [makeAnswer({ viewerCan: { edit: false, delete: true, vote: false, comment: true } })] })} />);
    expect(up()).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(up());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
