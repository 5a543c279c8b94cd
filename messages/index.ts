// Every language's messages, loaded with the server bundle (a few hundred kilobytes at most), and
// which of them go to the browser: the shell's namespaces with every page, each page's own with
// that page (messages/scopes.generated.ts, docs/I18N.md "What the messages cost per page").
import type { Locale } from "@/lib/i18n/locales";
import en from "./en";
import es from "./es";
import fr from "./fr";
import de from "./de";
import { PAGE_NAMESPACES, SHELL_NAMESPACES } from "./scopes.generated";

export type Messages = typeof en;
export type Namespace = keyof Messages;
export type PageScope = keyof typeof PAGE_NAMESPACES;

export const messagesByLocale: Record<Locale, Messages> = { en, es, fr, de };

/** Namespaces only the server renders (e-mails, notification texts built on the server, page metadata): never sent to the browser. */
export const SERVER_ONLY_NAMESPACES: readonly string[] = ["emails", "notificationTexts", "pages"];

/** The given namespaces of a language's messages. */
export function pickMessages(locale: Locale, namespaces: readonly string[]): Partial<Messages> {
  const all = messagesByLocale[locale] as Record<string, unknown>;
  return Object.fromEntries(namespaces.filter((ns) => ns in all).map((ns) => [ns, all[ns]])) as Partial<Messages>;
}

/** What every page's client components may use: the layouts' namespaces (the root provider's messages). */
export function shellMessages(locale: Locale): Partial<Messages> {
  return pickMessages(locale, SHELL_NAMESPACES);
}

/** What one page's client components use beyond the shell's. */
export function pageMessages(locale: Locale, scope: PageScope): Partial<Messages> {
  return pickMessages(locale, PAGE_NAMESPACES[scope]);
}

/** Every namespace client components may use (tests render components outside any page). */
export function clientMessages(locale: Locale): Partial<Messages> {
  return pickMessages(locale, Object.keys(messagesByLocale[locale]).filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns)));
}
