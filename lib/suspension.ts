/*
 * The words of a suspension (issue 14), shared by the server's 403 and the member's banner so
 * both say the same thing. Dates are written in full in UTC with the time of day, e.g.
 * "December 4, 2026, 15:00 UTC": no numeric day/month order to misread, no local time zone
 * that differs between the server, the e-mail and the browser.
 */

/** The `code` of the 403 every write of a suspended member answers. */
export const SUSPENDED_CODE = "suspended";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The title of the toast a suspended member's write shows in the browser; the server's message is its text. */
export const SUSPENDED_TOAST_TITLE = "You cannot do this while suspended";

/** What the banner above every page of a suspended member adds to the server's sentence. */
export const SUSPENDED_BANNER_HINT = "You can read, but not post, vote or comment.";

/** The end of a suspension as people read it, in UTC: "December 4, 2026, 15:00 UTC". */
export function formatSuspensionEnd(until: Date | string): string {
  const date = typeof until === "string" ? new Date(until) : until;
  const hh = String(date.getUTCHours()).padStart(2, "0");
  const mm = String(date.getUTCMinutes()).padStart(2, "0");
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** The message of the 403: "Your account is suspended until December 4, 2026, 15:00 UTC." */
export function suspensionMessage(until: Date | string): string {
  return `Your account is suspended until ${formatSuspensionEnd(until)}.`;
}
