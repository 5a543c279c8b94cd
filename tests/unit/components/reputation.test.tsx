import { render, screen, within } from "@testing-library/react";

import { AuthorReputation } from "@/components/common/author-reputation";
import { ReputationEventText, signedPoints } from "@/components/profile/reputation-panel";
import { QuestionCard } from "@/components/question/question-card";
import { MemberCard } from "@/components/users/member-card";
import type { ReputationEvent } from "@/lib/api-client/users";
import type { MemberJson } from "@/lib/server/members/presenters";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";

const event = (reason: ReputationEvent["reason"], points: number, question: ReputationEvent["question"] = { id: 7, title: "Why ledgers?" }, answerId: number | null = null): ReputationEvent => ({
  id: 1,
  points,
  reason,
  question,
  answerId,
  createdAt: new Date().toISOString(),
});

describe("AuthorReputation", () => {
  it("shows the number with a spoken unit, and nothing for the AI, deleted accounts or an author without it", () => {
    const { container, rerender } = render(<AuthorReputation author={{ reputation: 12345 }} />);
    expect(screen.getByTitle("Reputation")).toHaveTextContent("12,345 reputation");
    rerender(<AuthorReputation author={{ reputation: 1, isAssistant: true }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<AuthorReputation author={{ reputation: 5, isDeleted: true }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<AuthorReputation author={{}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("sits beside the author's link on a question card, outside the link's name", () => {
    const question = {
      id: 42,
      title: "A question",
      description: "",
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      lastActivityAt: new Date().toISOString(),
      viewCount: 0,
      voteScore: 0,
      answerCount: 0,
      commentCount: 0,
      hasAcceptedAnswer: false,
      isClosed: false,
      _count: { answers: 0 },
      author: { id: "u1", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, handle: "ada", reputation: 1234 },
      group: null,
      tags: [],
      aiAnswer: null,
      saved: false,
      viewerCan: { edit: false, delete: false, save: false, accept: false, vote: false, close: false, lock: false },
    } as QuestionSummaryJson;
    render(<QuestionCard question={question} />);
    const card = within(screen.getByRole("article"));
    expect(card.getByRole("link", { name: "Ada Lovelace" })).toBeInTheDocument();
    expect(card.getByTitle("Reputation")).toHaveTextContent("1,234");
  });
});

describe("ReputationEventText", () => {
  it.each([
    ["answer_upvoted", true, "Upvote on your answer to Why ledgers?"],
    ["answer_downvoted", false, "Downvote on their answer to Why ledgers?"],
    ["question_upvoted", true, "Upvote on your question Why ledgers?"],
    ["question_downvoted", true, "Downvote on your question Why ledgers?"],
    ["downvoted_answer", true, "Downvoted an answer to Why ledgers?"],
    ["answer_accepted", true, "Your answer to Why ledgers? was accepted"],
    ["accepted_answer", false, "Accepted an answer to Why ledgers?"],
    ["suggested_edit_approved", false, "Their suggested edit on Why ledgers? was approved"],
  ] as const)("words %s (own profile: %s) as a sentence", (reason, own, text) => {
    const { container } = render(<ReputationEventText event={event(reason, 10)} own={own} />);
    expect(container).toHaveTextContent(text);
    expect(screen.getByRole("link", { name: "Why ledgers?" })).toHaveAttribute("href", "/questions/7");
  });

  it("links to the answer when there is one, and names no post the viewer may not see", () => {
    const { container, rerender } = render(<ReputationEventText event={event("answer_accepted", 15, { id: 7, title: "Why ledgers?" }, 9)} own />);
    expect(screen.getByRole("link", { name: "Why ledgers?" })).toHaveAttribute("href", "/questions/7#answer-9");
    rerender(<ReputationEventText event={event("answer_upvoted", 10, null)} own={false} />);
    expect(container).toHaveTextContent("Upvote on their answer");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("signs points with a plus or a real minus", () => {
    expect([signedPoints(10), signedPoints(-2), signedPoints(1500)]).toEqual(["+10", "−2", "+1,500"]);
  });
});

describe("MemberCard on the reputation tabs", () => {
  const member = {
    id: "m1",
    firstName: "Grace",
    lastName: "Hopper",
    profileImageUrl: null,
    handle: "grace",
    reputation: 2048,
    joinedAt: new Date().toISOString(),
    questionsCount: 0,
    answersCount: 0,
    votesCount: 0,
    reputationMonth: 120,
    topTags: [],
    followerCount: 3,
    isFollowing: false,
    lastActiveAt: null,
    viewerCan: { follow: false },
  } as MemberJson;

  it("shows all-time reputation on Top Reputation and the 30 days' gain on its monthly view", () => {
    const { rerender } = render(<MemberCard member={member} tab="reputation" />);
    expect(screen.getByText("2,048 reputation")).toBeInTheDocument();
    rerender(<MemberCard member={member} tab="reputation-month" />);
    expect(screen.getByText("+120 reputation in 30 days")).toBeInTheDocument();
    rerender(<MemberCard member={{ ...member, reputationMonth: -3 }} tab="reputation-month" />);
    expect(screen.getByText("−3 reputation in 30 days")).toBeInTheDocument();
  });
});
