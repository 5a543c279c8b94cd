// Every language's messages, loaded with the server bundle (a few hundred kilobytes at most), and
// which namespaces client components need (the rest never reaches the browser).
import type { Locale } from "@/lib/i18n/locales";
import en from "./en";
import es from "./es";
import fr from "./fr";
import de from "./de";

export type Messages = typeof en;

export const messagesByLocale: Record<Locale, Messages> = { en, es, fr, de };

/** Namespaces only the server renders (e-mails, notification texts built on the server, page metadata): left out of the client's messages. */
export const SERVER_ONLY_NAMESPACES: readonly string[] = ["emails", "notificationTexts", "pages"];

/** The messages client components may use: every namespace but the server-only ones. */
export function clientMessages(locale: Locale): Partial<Messages> {
  const all = messagesByLocale[locale];
  return Object.fromEntries(Object.entries(all).filter(([namespace]) => !SERVER_ONLY_NAMESPACES.includes(namespace))) as Partial<Messages>;
}
