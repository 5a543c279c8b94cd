// Relative times as SPEC.md section 9 words them, in the interface's language (messages/*/time.json),
// shared by server and client components.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A relative time to put into words: a message of the `time` namespace with its count, or an absolute date. */
export type RelativeTime =
  | { key: "justNow" }
  | { key: "minutesAgo" | "hoursAgo" | "daysAgo"; count: number }
  | { key: "date"; date: Date }
  | { key: "invalid" };

/**
 * "Just now" under a minute, then "N minutes ago", "N hours ago" and "N days ago" under 7 days,
 * then the date.
 */
export function relativeTime(date: Date | string | number, now: Date | number = Date.now()): RelativeTime {
  const then = new Date(date);
  const diff = new Date(now).getTime() - then.getTime();
  if (Number.isNaN(diff)) return { key: "invalid" };
  if (diff < MINUTE) return { key: "justNow" };
  if (diff < HOUR) return { key: "minutesAgo", count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { key: "hoursAgo", count: Math.floor(diff / HOUR) };
  if (diff < 7 * DAY) return { key: "daysAgo", count: Math.floor(diff / DAY) };
  return { key: "date", date: then };
}

/** A member's activity status to put into words (the messages of the `activity` namespace), as coarse as it is recorded. */
export type ActivityTime =
  | { key: "now" }
  | { key: "minutesAgo" | "daysAgo"; count: number }
  | { key: "today" | "yesterday" | "overAMonth" }
  | null;

/**
 * A member's activity status (issue 15), as coarse as it is recorded (every 5 minutes at most):
 * "Active now" under 5 minutes, "Active N minutes ago" under an hour, "Active today" under a day,
 * "Active yesterday" under two, "Active N days ago" under 30, then "Active over a month ago".
 * Null for a missing or invalid time.
 */
export function activityTime(date: Date | string | number | null | undefined, now: Date | number = Date.now()): ActivityTime {
  if (date == null) return null;
  const diff = Math.max(0, new Date(now).getTime() - new Date(date).getTime());
  if (Number.isNaN(diff)) return null;
  if (diff < 5 * MINUTE) return { key: "now" };
  if (diff < HOUR) return { key: "minutesAgo", count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { key: "today" };
  if (diff < 2 * DAY) return { key: "yesterday" };
  if (diff < 30 * DAY) return { key: "daysAgo", count: Math.floor(diff / DAY) };
  return { key: "overAMonth" };
}
