"use client";
// How the interface shows an error message (issue 15): the API and the zod schemas speak English
// (SPEC.md's wording, which clients and tests depend on); the reader sees errors.<key> of the
// error catalogue in their language, with the message's arguments, and the English message
// itself when the catalogue does not know it.
//
// The catalogue is the largest namespace (about 20 KB) and an English page never needs it (the
// message is the text). Other languages load it once as a script the browser caches (issue 18),
// never in every page's payload: the first render (the server's, and hydration) shows the English
// message, the reader's language follows as soon as the catalogue is there, which is long before
// anyone submits a form. Reading an English message back into its key needs the English catalogue
// (lib/i18n/error-keys.ts), which loads with the reader's: an English page carries neither.
import { createElement, useEffect, useMemo, useSyncExternalStore } from "react";
import { useLocale } from "next-intl";
import { createTranslator } from "use-intl/core";

import type { ErrorMatch, ErrorParams } from "@/lib/i18n/error-keys";
import type { Locale } from "@/lib/i18n/locales";

type Catalogue = Record<string, string>;

const LOADERS: Record<Exclude<Locale, "en">, () => Promise<{ default: Catalogue }>> = {
  es: () => import("@/messages/es/errors.json"),
  fr: () => import("@/messages/fr/errors.json"),
  de: () => import("@/messages/de/errors.json"),
};

type Matcher = typeof import("@/lib/i18n/error-keys");

const catalogues = new Map<Locale, Catalogue>();
/** The English messages read back into keys: loaded with the first catalogue, before any translator exists. */
let matcher: Matcher | undefined;
const loading = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();

/** Starts loading a language's catalogue (once); English has none to load. */
export function loadErrorCatalogue(locale: Locale): Promise<void> {
  if (locale === "en" || catalogues.has(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all([LOADERS[locale](), import("@/lib/i18n/error-keys")])
      .then(([mod, keys]) => {
        matcher = keys;
        catalogues.set(locale, mod.default);
        for (const listener of listeners) listener();
      })
      .catch(() => {
        // Offline or a stale deployment: the English messages stay; a later render tries again.
        loading.delete(locale);
      });
    loading.set(locale, pending);
  }
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A translator of the `errors` namespace in the page's language, or null while it loads (and in English). */
function useErrorsTranslator(): ErrorsTranslator | null {
  const locale = useLocale() as Locale;
  useEffect(() => void loadErrorCatalogue(locale), [locale]);
  const catalogue = useSyncExternalStore(
    subscribe,
    () => catalogues.get(locale) ?? null,
    () => null,
  );
  return useMemo(() => (catalogue ? createTranslator({ locale, messages: { errors: catalogue }, namespace: "errors" }) : null), [locale, catalogue]);
}

/** A key and arguments the server already sent with the message (the error JSON's `key` and `params`). */
export interface KnownErrorKey {
  key?: unknown;
  params?: unknown;
}

type ErrorsTranslator = (key: string, params?: ErrorParams) => string;

/**
 * The catalogue entry of a message: the server's key when this client knows it, else the message
 * read back; null until a catalogue has loaded (there is no translator before).
 */
function errorMatch(message: string, known?: KnownErrorKey): ErrorMatch | null {
  if (!matcher) return null;
  if (known && matcher.isErrorKey(known.key)) {
    const params = known.params && typeof known.params === "object" ? (known.params as ErrorParams) : {};
    return { key: known.key, params };
  }
  return matcher.matchErrorMessage(message);
}

/** The message in the reader's language with the `errors` namespace's translator; the message itself when unknown (or no translator). */
export function translateError(t: ErrorsTranslator | null, message: string, known?: KnownErrorKey): string {
  if (!t) return message;
  const match = errorMatch(message, known);
  if (!match) return message;
  try {
    return t(match.key, match.params);
  } catch {
    // Arguments that do not fit the template (a newer server): the English message is still right.
    return message;
  }
}

/**
 * A function that shows an error message in the reader's language, for components that print
 * a form field's or the server's error: `const errorText = useErrorText(); errorText(error)`.
 */
export function useErrorText(): <T extends string | null | undefined>(message: T, known?: KnownErrorKey) => T {
  const t = useErrorsTranslator();
  return (message, known) => (message ? (translateError(t, message, known) as typeof message) : message);
}

/** An error message in the reader's language (for texts rendered outside a component's own hooks, e.g. toasts). */
export function ErrorText({ message, errorKey, params }: { message: string; errorKey?: unknown; params?: unknown }) {
  const t = useErrorsTranslator();
  return translateError(t, message, { key: errorKey, params });
}

/**
 * A toast's title or description: on a page in another language, a string becomes <ErrorText>,
 * rendered in the Toaster (inside the language's provider), which shows the catalogue's
 * translation when it knows the message and the string itself when not. An English page keeps
 * the string, which is already the text to show.
 */
export function localizedErrorNode<T>(value: T): T | ReturnType<typeof createElement> {
  if (typeof value !== "string" || !value || documentLanguage() === "en") return value;
  return createElement(ErrorText, { message: value });
}

/** The page's language (<html lang>, set from the chosen language), "en" when there is none. */
function documentLanguage(): string {
  if (typeof document === "undefined") return "en";
  return (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
}
