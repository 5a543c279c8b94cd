// Relative times as SPEC.md section 9 words them, shared by server and client components.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/**
 * "Just now" under a minute, then "N minutes ago", "N hours ago" and "N days ago"
 * under 7 days, then the date in the local short format (of `locale`, default the runtime's).
 */
export function timeAgo(date: Date | string | number, now: Date | number = Date.now(), locale?: string): string {
  const then = new Date(date);
  const diff = new Date(now).getTime() - then.getTime();
  if (Number.isNaN(diff)) return "";
  if (diff < MINUTE) return "Just now";
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour");
  if (diff < 7 * DAY) return plural(Math.floor(diff / DAY), "day");
  return then.toLocaleDateString(locale);
}

/**
 * A member's activity status (issue 15), as coarse as it is recorded (every 5 minutes at most):
 * "Active now" under 5 minutes, "Active N minutes ago" under an hour, "Active today" under a day,
 * "Active yesterday" under two, "Active N days ago" under 30, then "Active over a month ago".
 * Empty for a missing or invalid time.
 */
export function activityLabel(date: Date | string | number | null | undefined, now: Date | number = Date.now()): string {
  if (date == null) return "";
  const diff = Math.max(0, new Date(now).getTime() - new Date(date).getTime());
  if (Number.isNaN(diff)) return "";
  if (diff < 5 * MINUTE) return "Active now";
  if (diff < HOUR) return `Active ${Math.floor(diff / MINUTE)} minutes ago`;
  if (diff < DAY) return "Active today";
  if (diff < 2 * DAY) return "Active yesterday";
  if (diff < 30 * DAY) return `Active ${Math.floor(diff / DAY)} days ago`;
  return "Active over a month ago";
}
