import { timeAgo } from "@/lib/time";

const now = new Date("2026-11-21T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("timeAgo", () => {
  it.each([
    [0, "Just now"],
    [59 * SECOND, "Just now"],
    [60 * SECOND, "1 minute ago"],
    [2 * MINUTE, "2 minutes ago"],
    [59 * MINUTE + 59 * SECOND, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [23 * HOUR + 59 * MINUTE, "23 hours ago"],
    [DAY, "1 day ago"],
    [6 * DAY + 23 * HOUR, "6 days ago"],
  ])("%i ms ago reads %s", (ms, expected) => {
    expect(timeAgo(ago(ms), now)).toBe(expected);
  });

  it("shows the local short date from 7 days on", () => {
    const date = ago(7 * DAY);
    expect(timeAgo(date, now, "en-US")).toBe(date.toLocaleDateString("en-US"));
    expect(timeAgo(date, now, "en-US")).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  });

  it("treats a time in the future (clock skew) as just now", () => {
    expect(timeAgo(new Date(now.getTime() + 5 * MINUTE), now)).toBe("Just now");
  });

  it("accepts ISO strings and timestamps", () => {
    expect(timeAgo(ago(3 * HOUR).toISOString(), now)).toBe("3 hours ago");
    expect(timeAgo(ago(3 * DAY).getTime(), now.getTime())).toBe("3 days ago");
  });

  it("answers an empty string for an invalid date", () => {
    expect(timeAgo("not a date", now)).toBe("");
  });
});
