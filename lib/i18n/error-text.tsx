"use client";
// How the interface shows an error message (issue 15): the API and the zod schemas speak English
// (SPEC.md's wording, which clients and tests depend on); the reader sees errors.<key> of the
// error catalogue in their language, with the message's arguments, and the English message
// itself when the catalogue does not know it.
import { createElement } from "react";
import { useTranslations } from "next-intl";

import { isErrorKey, matchErrorMessage, type ErrorMatch, type ErrorParams } from "@/lib/i18n/error-keys";

/** A key and arguments the server already sent with the message (the error JSON's `key` and `params`). */
export interface KnownErrorKey {
  key?: unknown;
  params?: unknown;
}

type ErrorsTranslator = ReturnType<typeof useTranslations<"errors">>;

/** The catalogue entry of a message: the server's key when this client knows it, else the message read back. */
export function errorMatch(message: string, known?: KnownErrorKey): ErrorMatch | null {
  if (known && isErrorKey(known.key)) {
    const params = known.params && typeof known.params === "object" ? (known.params as ErrorParams) : {};
    return { key: known.key, params };
  }
  return matchErrorMessage(message);
}

/** The message in the reader's language with the `errors` namespace's translator; the message itself when unknown. */
export function translateError(t: ErrorsTranslator, message: string, known?: KnownErrorKey): string {
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
  const t = useTranslations("errors");
  return (message, known) => (message ? (translateError(t, message, known) as typeof message) : message);
}

/** An error message in the reader's language (for texts rendered outside a component's own hooks, e.g. toasts). */
export function ErrorText({ message, errorKey, params }: { message: string; errorKey?: unknown; params?: unknown }) {
  const t = useTranslations("errors");
  return translateError(t, message, { key: errorKey, params });
}

/**
 * A toast's title or description: a string the error catalogue knows becomes <ErrorText>, rendered
 * in the Toaster (inside the language's provider); anything else is kept. An English page keeps
 * the string itself, which is already the text to show.
 */
export function localizedErrorNode<T>(value: T): T | ReturnType<typeof createElement> {
  if (typeof value !== "string" || !value || documentLanguage() === "en") return value;
  return matchErrorMessage(value) ? createElement(ErrorText, { message: value }) : value;
}

/** The page's language (<html lang>, set from the chosen language), "en" when there is none. */
function documentLanguage(): string {
  if (typeof document === "undefined") return "en";
  return (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
}
