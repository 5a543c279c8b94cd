import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { QuestionCard } from "@/components/question/question-card";
import { QuestionDetail } from "@/components/question/question-detail";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";

import { grace, jsonResponse, makeAnswer, makeQuestion, mockFetch, renderWithClient } from "./answer-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const router = { replace: jest.fn(), push: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/questions/1", useSearchParams: () => new URLSearchParams() }));

const other = { ...grace, id: "u3", firstName: "Linus", lastName: "Torvalds", handle: "linus" };
const asker = { edit: true, delete: true, save: true, accept: true, vote: false, close: false, lock: false };
const answerArticles = () => screen.getAllByRole("article", { name: /^Answer by/ });

describe("accepted answers on the question page", () => {
  it("shows the accepted answer first with its check mark, to visitors without Accept buttons", () => {
    const question = makeQuestion({
      acceptedAnswerId: 11,
      hasAcceptedAnswer: true,
      isClosed: false,
      viewerCan: { edit: false, delete: false, save: false, accept: false, vote: false, close: false, lock: false },
      answers: [makeAnswer({ id: 11, author: other, isAccepted: true, voteScore: 0 }), makeAnswer({ id: 10, voteScore: 5 })],
    });
    renderWithClient(<QuestionDetail initialQuestion={question} loadedAt={Date.now()} isMember={false} aiAvailable={false} />);
    const [first, second] = answerArticles();
    expect(first).toHaveAccessibleName("Answer by Linus Torvalds");
    expect(within(first!).getByText("Accepted by the asker")).toBeInTheDocument();
    expect(within(second!).queryByText("Accepted by the asker")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
  });

  it("lets the asker accept an answer: it moves first with the mark, and Unaccept takes it back", async () => {
    const fetchMock = mockFetch((_url, init) =>
      jsonResponse({ questionId: 1, acceptedAnswerId: init.method === "DELETE" ? null : 11 }),
    );
    const question = makeQuestion({
      viewerCan: asker,
      answers: [makeAnswer({ id: 10, voteScore: 5 }), makeAnswer({ id: 11, author: other, voteScore: 1 })],
    });
    renderWithClient(<QuestionDetail initialQuestion={question} loadedAt={Date.now()} isMember aiAvailable={false} />);
    expect(answerArticles()[0]).toHaveAccessibleName("Answer by Grace Hopper");

    await userEvent.click(screen.getByRole("button", { name: "Accept the answer by Linus Torvalds" }));
    expect(await screen.findByText("Accepted by the asker")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/questions/1/accept", expect.objectContaining({ method: "POST", body: JSON.stringify({ answerId: 11 }) }));
    const [first] = answerArticles();
    expect(first).toHaveAccessibleName("Answer by Linus Torvalds");
    expect(within(first!).getByText("Accepted by the asker")).toBeInTheDocument();

    await userEvent.click(within(first!).getByRole("button", { name: "Unaccept the answer by Linus Torvalds" }));
    await screen.findByRole("button", { name: "Accept the answer by Linus Torvalds" });
    expect(screen.queryByText("Accepted by the asker")).not.toBeInTheDocument();
    expect(answerArticles()[0]).toHaveAccessibleName("Answer by Grace Hopper");
  });
});

describe("answered state on question cards", () => {
  const card = (hasAcceptedAnswer: boolean): QuestionSummaryJson => ({
    id: 42,
    title: "Why does my useEffect run twice?",
    description: "In development it fires twice.",
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    lastActivityAt: new Date().toISOString(),
    viewCount: 10,
    voteScore: 7,
    answerCount: 2,
    commentCount: 0,
    hasAcceptedAnswer,
    isClosed: false,
    _count: { answers: 2 },
    author: { id: "u1", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, handle: "ada" },
    group: null,
    tags: [],
    aiAnswer: null,
    saved: false,
    viewerCan: { edit: false, delete: false, save: true, accept: false, vote: true, close: false, lock: false },
  });

  it("turns the answer count solid green with a check once an answer is accepted", () => {
    const { unmount } = render(<QuestionCard question={card(true)} />);
    const box = screen.getByTestId("answer-count-box");
    expect(box).toHaveClass("bg-emerald-700");
    expect(box).toHaveTextContent("2answers, one accepted");
    unmount();
    render(<QuestionCard question={card(false)} />);
    expect(screen.getByTestId("answer-count-box")).not.toHaveClass("bg-emerald-700");
    expect(screen.getByTestId("answer-count-box")).not.toHaveTextContent("accepted");
  });
});

describe("votes on the question itself", () => {
  const questionVotes = () => screen.getByRole("group", { name: "Question votes" });

  it("shows the question's own score and the viewer's vote, and switches it with the same control as answers", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ questionId: 1, voteScore: 3, viewerVote: "down" }));
    const question = makeQuestion({ voteScore: 5, viewerVote: "up", viewerCan: { edit: false, delete: false, save: true, accept: false, vote: true, close: false, lock: false } });
    renderWithClient(<QuestionDetail initialQuestion={question} loadedAt={Date.now()} isMember aiAvailable={false} />);
    const group = within(questionVotes());
    expect(group.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "true");
    expect(group.getByTestId("vote-score")).toHaveTextContent("5");

    await userEvent.click(group.getByRole("button", { name: "Downvote" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/questions/1/vote", expect.objectContaining({ method: "POST", body: JSON.stringify({ voteType: "down" }) }));
    expect(group.getByRole("button", { name: "Downvote" })).toHaveAttribute("aria-pressed", "true");
    expect(await group.findByText("3")).toBeInTheDocument();
  });

  it("does not let the asker vote on their own question", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const question = makeQuestion({ viewerCan: { edit: true, delete: true, save: true, accept: true, vote: false, close: false, lock: false } });
    renderWithClient(<QuestionDetail initialQuestion={question} loadedAt={Date.now()} isMember aiAvailable={false} />);
    const upvote = within(questionVotes()).getByRole("button", { name: "Upvote" });
    expect(upvote).toHaveAttribute("title", "You can't vote on your own question");
    await userEvent.click(upvote);
    expect(fetchMock).not.toHaveBeenCalledWith("/api/questions/1/vote", expect.anything());
  });
});
