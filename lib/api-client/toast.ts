import type { MouseEvent, ReactNode } from "react";
import { isSuspendedError, isUnauthorizedError } from "@/lib/api-client/fetcher";
import { localizedErrorNode } from "@/lib/i18n/error-text";
import { loadSonner } from "@/lib/toasts/sonner-loader";

/*
 * The two toast variants of SPEC.md section 8: default (success) and
 * destructive (error), each a title with an optional description and action.
 * sonner loads with the first toast (lib/toasts/sonner-loader.ts), so a toast appears a moment
 * after the call, in the order the calls were made.
 */

export interface ToastAction {
  label: ReactNode;
  /** `event.preventDefault()` keeps the toast open (to replace its text in place). */
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}

export interface ToastOptions {
  action?: ToastAction;
  /** Replaces the toast with this id instead of stacking a new one. */
  id?: string | number;
  /** Display time in ms; the Toaster's default is 5000. */
  duration?: number;
}

/** A default-variant toast, e.g. toastSuccess("Question saved", "Question added to your saved list"). */
export function toastSuccess(title: ReactNode, description?: ReactNode, options: ToastOptions = {}): void {
  loadSonner().then(({ toast }) => toast.success(title, { description, ...options }), ignoreLoadFailure);
}

/**
 * A destructive-variant toast, e.g. toastError("Error", "Failed to save question. Please try again.").
 * A title or description that is a message of the error catalogue (the server's message, e.g. via
 * errorMessage()) is shown in the reader's language (issue 15).
 */
export function toastError(title: ReactNode, description?: ReactNode, options: ToastOptions = {}): void {
  const text = { title: localizedErrorNode(title), description: localizedErrorNode(description) };
  loadSonner().then(({ toast }) => toast.error(text.title, { description: text.description, ...options }), ignoreLoadFailure);
}

/** Offline, or a deployment that replaced the chunk: the toast is lost, the next one tries again. */
function ignoreLoadFailure() {}

/**
 * The destructive toast for a failed mutation, skipped for the unauthorized
 * case, which the QueryClient's MutationCache already answers with its own
 * toast and sign-in redirect, and for a suspended member's write, whose message
 * the MutationCache toasts (use it in every mutation's onError).
 */
export function toastMutationError(error: unknown, title: ReactNode, description?: ReactNode, options: ToastOptions = {}): void {
  if (isUnauthorizedError(error) || isSuspendedError(error)) return;
  toastError(title, description, options);
}
