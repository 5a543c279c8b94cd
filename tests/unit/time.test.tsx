import type { ReactNode } from "react";
import { renderHook } from "@testing-library/react";

import { useTimeAgo } from "@/components/common/time-ago";
import type { Locale } from "@/lib/i18n/locales";
import { IntlProvider } from "@/tests/support/intl";

const now = new Date("2026-11-21T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The hook's function in a language. */
function timeAgoIn(locale: Locale = "en") {
  const wrapper = ({ children }: { children: ReactNode }) => <IntlProvider locale={locale}>{children}</IntlProvider>;
  const { result } = renderHook(() => useTimeAgo(), { wrapper });
  return (date: Date | string | number) => result.current(date, now.getTime());
}

describe("useTimeAgo", () => {
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
    expect(timeAgoIn()(ago(ms))).toBe(expected);
  });

  it("shows the short date in the interface's language from 7 days on", () => {
    expect(timeAgoIn("en")(ago(7 * DAY))).toBe("11/14/26");
    expect(timeAgoIn("de")(ago(7 * DAY))).toBe("14.11.26");
    expect(timeAgoIn("fr")(ago(7 * DAY))).toBe("14/11/2026");
  });

  it.each([
    ["es", 3 * MINUTE, "hace 3 minutos"],
    ["es", HOUR, "hace 1 hora"],
    ["fr", 2 * DAY, "il y a 2 jours"],
    ["de", 5 * HOUR, "vor 5 Stunden"],
    ["de", 0, "Gerade eben"],
  ] as const)("speaks %s: %i ms ago reads %s", (locale, ms, expected) => {
    expect(timeAgoIn(locale)(ago(ms))).toBe(expected);
  });

  it("treats a time in the future (clock skew) as just now", () => {
    expect(timeAgoIn()(new Date(now.getTime() + 5 * MINUTE))).toBe("Just now");
  });

  it("accepts ISO strings and timestamps", () => {
    expect(timeAgoIn()(ago(3 * HOUR).toISOString())).toBe("3 hours ago");
    expect(timeAgoIn()(ago(3 * DAY).getTime())).toBe("3 days ago");
  });

  it("answers an empty string for an invalid date", () => {
    expect(timeAgoIn()("not a date")).toBe("");
  });
});
