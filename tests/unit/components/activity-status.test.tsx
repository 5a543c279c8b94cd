import { render, screen } from "@testing-library/react";

import { ActivityStatus } from "@/components/users/activity-status";
import { MemberCard } from "@/components/users/member-card";
import type { MemberJson } from "@/lib/server/members/presenters";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = new Date("2026-11-27T12:00:00Z").getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("the activity label", () => {
  beforeEach(() => jest.useFakeTimers({ now }));
  afterEach(() => jest.useRealTimers());
  const label = (lastActiveAt: string | null) => {
    const { container, unmount } = render(<ActivityStatus lastActiveAt={lastActiveAt} />);
    const text = container.textContent ?? "";
    unmount();
    return text;
  };

  it.each([
    [30_000, "Active now"],
    [4 * MINUTE, "Active now"],
    [5 * MINUTE, "Active 5 minutes ago"],
    [59 * MINUTE, "Active 59 minutes ago"],
    [3 * 60 * MINUTE, "Active today"],
    [30 * 60 * MINUTE, "Active yesterday"],
    [3 * DAY + MINUTE, "Active 3 days ago"],
    [45 * DAY, "Active over a month ago"],
  ])("%d ms ago reads %s", (ms, text) => {
    expect(label(ago(ms))).toBe(text);
  });

  it("is empty without a time, and never in the future", () => {
    expect(label(null)).toBe("");
    expect(label("not a date")).toBe("");
    expect(label(new Date(now + 10 * MINUTE).toISOString())).toBe("Active now");
  });
});

describe("ActivityStatus", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now });
  });
  afterEach(() => jest.useRealTimers());

  it("shows the label with the exact time in a <time> element", () => {
    render(<ActivityStatus lastActiveAt={ago(3 * DAY + MINUTE)} />);
    const time = screen.getByText("Active 3 days ago");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("dateTime", ago(3 * DAY + MINUTE));
  });

  it("renders nothing when the server hands out no time (hidden or never seen)", () => {
    const { container } = render(<ActivityStatus lastActiveAt={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("appears on a member card only when the member's time is there", () => {
    const member = {
      id: "m1",
      firstName: "Grace",
      lastName: "Hopper",
      profileImageUrl: null,
      handle: "grace",
      reputation: 10,
      joinedAt: ago(100 * DAY),
      questionsCount: 0,
      answersCount: 0,
      votesCount: 0,
      reputationMonth: 0,
      topTags: [],
      followerCount: 0,
      isFollowing: false,
      lastActiveAt: ago(10 * MINUTE),
      viewerCan: { follow: false },
    } as MemberJson;
    const { rerender } = render(<MemberCard member={member} tab="new" />);
    expect(screen.getByText("Active 10 minutes ago")).toBeInTheDocument();
    rerender(<MemberCard member={{ ...member, lastActiveAt: null }} tab="new" />);
    expect(screen.queryByTestId("activity-status")).toBeNull();
  });
});
