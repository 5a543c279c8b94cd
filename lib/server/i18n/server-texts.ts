import "server-only";
// use-intl/core: no React, so it loads in workers and scripts run with the react-server condition too.
import { createTranslator } from "use-intl/core";

import { messagesByLocale, type Messages } from "@/messages";
import { chosenLocale, defaultLocale, isLocale, localeFromCookieHeader, negotiateLocale, resolveLocale, type Locale } from "@/lib/i18n/locales";

export { chosenLocale };
import { TIME_ZONE } from "@/lib/i18n/format";

/*
 * Texts written on the server outside a page render (issue 15): notification texts, e-mails, the
 * AI answer's prompt. next-intl's createTranslator over the same message files, in a language
 * given explicitly (the reader's, the recipient's), never the request's implicit one.
 */

type ServerNamespace = "notificationTexts" | "emails";

const makeTranslator = <N extends ServerNamespace>(locale: Locale, namespace: N) =>
  createTranslator({ locale, messages: messagesByLocale[locale] as Messages, namespace, timeZone: TIME_ZONE });
const translators = new Map<string, unknown>();

/**
 * A translator of one server namespace in one language, made once per process: each keeps its
 * own cache of parsed messages, so a page of notifications parses each text once, not per row.
 */
export function serverTranslator<N extends ServerNamespace>(locale: Locale, namespace: N): ReturnType<typeof makeTranslator<N>> {
  const key = `${locale}:${namespace}`;
  let translator = translators.get(key) as ReturnType<typeof makeTranslator<N>> | undefined;
  if (!translator) translators.set(key, (translator = makeTranslator(locale, namespace)));
  return translator;
}

/** The language a member had when they signed up (preferences.signupLocale), when it was known. */
export function signupLocale(preferences: unknown): Locale | null {
  const value = preferences && typeof preferences === "object" ? (preferences as { signupLocale?: unknown }).signupLocale : undefined;
  return isLocale(value) ? value : null;
}

/** The language e-mails to a member are written in: their chosen language, else the one they signed up in, else English. */
export function recipientLocale(preferences: unknown): Locale {
  return chosenLocale(preferences) ?? signupLocale(preferences) ?? defaultLocale;
}

/**
 * The language of an API request, chosen as a page's is (i18n/request.ts): the member's saved
 * preference, else the language menu's cookie, else Accept-Language, else English.
 */
export function requestLocale(req: Request, preferences?: unknown): Locale {
  return resolveLocale({
    preference: chosenLocale(preferences) ?? undefined,
    cookie: localeFromCookieHeader(req.headers.get("cookie")),
    acceptLanguage: req.headers.get("accept-language"),
  });
}

/** The language a request states (the language menu's cookie, else Accept-Language), or null: what a sign-up records. */
export function statedLocale(req: Request): Locale | null {
  return localeFromCookieHeader(req.headers.get("cookie")) ?? negotiateLocale(req.headers.get("accept-language"));
}
