// Where a profile's social usernames and website lead (SPEC.md section 2: links built from usernames).
import { useFormatter, useTranslations } from "next-intl";

/** The profile URLs of the three social sites, built from a username (encoded, so it cannot leave the site). */
export const socialUrl = {
  twitter: (username: string) => `https://twitter.com/${encodeURIComponent(username)}`,
  linkedin: (username: string) => `https://www.linkedin.com/in/${encodeURIComponent(username)}`,
  github: (username: string) => `https://github.com/${encodeURIComponent(username)}`,
} as const;

/** A website URL only when it is http(s), else null (never a javascript: or data: link). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A website as shown: its host and path without the scheme or a trailing slash. */
export function websiteLabel(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

/** "Joined {month year}" in the interface's language, in UTC (the provider's time zone), so the server and the browser print the same month. */
export function useJoinedLabel(): (iso: string) => string {
  const t = useTranslations("profile.header");
  const format = useFormatter();
  return (iso) => t("joined", { date: format.dateTime(new Date(iso), { month: "long", year: "numeric" }) });
}
