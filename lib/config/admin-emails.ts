// AGORA_ADMIN_EMAILS (issue 14): the accounts that are admins, as a comma-separated list of
// e-mail addresses, compared case-insensitively. Read here so that the configuration check
// (lib/config/env.ts) and the server (lib/server/auth/admin-emails.ts) agree on its meaning.

/** The 400-style message of a list entry that is not an e-mail address (start-up stops with it). */
export const ADMIN_EMAILS_MESSAGE = "AGORA_ADMIN_EMAILS must be a comma-separated list of e-mail addresses";

const EMAIL = /^[^\s@,]+@[^\s@,]+$/;

/** The lower-cased addresses of a raw AGORA_ADMIN_EMAILS value (blank entries ignored), or null when one is not an address. */
export function parseAdminEmails(raw: string | undefined | null): string[] | null {
  const entries = (raw ?? "").split(",").map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (entries.some((e) => !EMAIL.test(e) || e.length > 254)) return null;
  return [...new Set(entries)];
}
