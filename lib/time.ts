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
