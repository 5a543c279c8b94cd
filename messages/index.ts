// Every language's messages, loaded with the server bundle (a few hundred kilobytes at most), and
// which of them go to the browser: the shell's namespaces with every page, each page's own with
// that page (messages/scopes.generated.ts, docs/I18N.md "What the messages cost per page").
import type { Locale } from "@/lib/i18n/locales";
import en from "./en";
import es from "./es";
import fr from "./fr";
import de from "./de";
import { PAGE_MESSAGES, SHELL_MESSAGES } from "./scopes.generated";

export type Messages = typeof en;
export type Namespace = keyof Messages;
export type PageScope = keyof typeof PAGE_MESSAGES;
/** Per namespace, the keys to send (each with what is under it), or "*" for all of it. */
export type MessageSelection = Readonly<Record<string, readonly string[] | "*">>;

export const messagesByLocale: Record<Locale, Messages> = { en, es, fr, de };

/** Namespaces only the server renders (e-mails, notification texts built on the server, page metadata): never sent to the browser. */
export const SERVER_ONLY_NAMESPACES: readonly string[] = ["emails", "notificationTexts", "pages"];

/** The shell's namespaces (sent with every page) and each page's own, as the analysis found them. */
export const SHELL_NAMESPACES: readonly string[] = Object.keys(SHELL_MESSAGES);
export const PAGE_NAMESPACES = Object.fromEntries(Object.entries(PAGE_MESSAGES).map(([page, selection]) => [page, Object.keys(selection)])) as unknown as Record<PageScope, readonly string[]>;

type Tree = { [key: string]: string | Tree };

/** Copies `path` (dot-separated) of `from` into `into`, creating the levels on the way; a missing path is skipped. */
function copyPath(from: Tree, into: Tree, path: string): void {
  const parts = path.split(".");
  let source: string | Tree | undefined = from;
  let target = into;
  for (let i = 0; i < parts.length; i++) {
    if (typeof source !== "object") return;
    source = source[parts[i]!];
    if (source === undefined) return;
    if (i === parts.length - 1) target[parts[i]!] = source;
    else target = (target[parts[i]!] ??= {}) as Tree;
  }
}

/** The selected part of a language's messages. */
export function pickMessages(locale: Locale, selection: MessageSelection): Partial<Messages> {
  const all = messagesByLocale[locale] as unknown as Record<string, Tree>;
  const picked: Record<string, Tree> = {};
  for (const [ns, paths] of Object.entries(selection)) {
    if (!(ns in all)) continue;
    if (paths === "*") picked[ns] = all[ns]!;
    else for (const path of paths) copyPath(all[ns]!, (picked[ns] ??= {}), path);
  }
  return picked as Partial<Messages>;
}

/** Pages ask for the same few selections again and again: each language's is picked once (the messages never change). */
const picked = new Map<string, Partial<Messages>>();
function pickOnce(locale: Locale, name: string, selection: MessageSelection): Partial<Messages> {
  const key = `${locale}\u0000${name}`;
  let messages = picked.get(key);
  if (!messages) picked.set(key, (messages = pickMessages(locale, selection)));
  return messages;
}

/** What every page's client components may use: what the layouts' use (the root provider's messages). */
export function shellMessages(locale: Locale): Partial<Messages> {
  return pickOnce(locale, "(shell)", SHELL_MESSAGES);
}

/** What one page's client components use beyond the shell's. */
export function pageMessages(locale: Locale, scope: PageScope): Partial<Messages> {
  return pickOnce(locale, scope, PAGE_MESSAGES[scope]);
}

/** Every namespace client components may use (tests render components outside any page). */
export function clientMessages(locale: Locale): Partial<Messages> {
  return pickMessages(locale, Object.fromEntries(Object.keys(messagesByLocale[locale]).filter((ns) => !SERVER_ONLY_NAMESPACES.includes(ns)).map((ns) => [ns, "*" as const])));
}
