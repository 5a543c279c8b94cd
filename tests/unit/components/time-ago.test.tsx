import { act, render, screen } from "@testing-library/react";

import { TimeAgo } from "@/components/common/time-ago";

const MINUTE = 60_000;
const start = new Date("2026-03-02T12:00:00Z").getTime();

afterEach(() => jest.useRealTimers());

describe("TimeAgo", () => {
  it("shows the relative time and keeps it current every minute", () => {
    jest.useFakeTimers({ now: start });
    render(<TimeAgo date={new Date(start - 5 * MINUTE)} />);
    const time = screen.getByText("5 minutes ago");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("dateTime", new Date(start - 5 * MINUTE).toISOString());
    act(() => {
      jest.advanceTimersByTime(MINUTE);
    });
    expect(time).toHaveTextContent("6 minutes ago");
  });

  it("reads the clock afresh when it mounts again later, and the labels of one page agree", () => {
    jest.useFakeTimers({ now: start });
    render(<TimeAgo date={new Date(start)} />).unmount();
    jest.setSystemTime(start + 3 * 60 * MINUTE);
    render(
      <>
        <TimeAgo date={new Date(start)} />
        <TimeAgo date={new Date(start).toISOString()} />
      </>,
    );
    expect(screen.getAllByText("3 hours ago")).toHaveLength(2);
  });
});
