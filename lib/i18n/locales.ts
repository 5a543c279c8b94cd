// The interface's languages (issue 15) and how a request's language is chosen: pure functions,
// shared by next-intl's request configuration (i18n/request.ts), the page cache's variants
// (lib/server/page-cache/rules.ts) and the language menu.
import { match } from "@formatjs/intl-localematcher";

export const locales = ["en", "es", "fr", "de"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** The cookie the language menu sets (a year, the whole site); a member's saved preference wins over it. */
export const LOCALE_COOKIE = "agora-locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language's own name, as the language menu shows it. */
export const localeNames: Record<Locale, string> = { en: "English", es: "Español", fr: "Français", de: "Deutsch" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The best of our languages for an Accept-Language header (q-values honoured), else null. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage || acceptLanguage.length > 1_000) return null;
  const requested = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag, ...parameters] = part.trim().split(";");
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
  if (!requested.length) return null;
  try {
    const found = match(requested, locales as unknown as string[], "none");
    return isLocale(found) ? found : null;
  } catch {
    return null; // a malformed language tag
  }
}

/** The language menu's cookie in a Cookie header, when it names one of our languages. */
export function localeFromCookieHeader(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== LOCALE_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    if (isLocale(value)) return value;
  }
  return null;
}

/** The language a member chose in their preferences (Settings, or the language menu), when they chose one. */
export function chosenLocale(preferences: unknown): Locale | null {
  const language = preferences && typeof preferences === "object" ? (preferences as { language?: unknown }).language : undefined;
  return isLocale(language) ? language : null;
}

/**
 * A request's language: the member's saved preference, else the language menu's cookie, else the
 * browser's Accept-Language, else English.
 */
export function resolveLocale(input: { preference?: unknown; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.preference)) return input.preference;
  if (isLocale(input.cookie)) return input.cookie;
  return negotiateLocale(input.acceptLanguage) ?? defaultLocale;
}
