"use client";

import { useErrorText, type KnownErrorKey } from "@/lib/i18n/error-text";
import { cn } from "@/lib/utils";

/**
 * A form field's error message, announced when it appears: a zod message of lib/validation or the
 * server's message for the field, shown in the reader's language (issue 15: errors.<key> of the
 * error catalogue; the English message when the catalogue does not know it).
 */
export function FormMessage({ id, message, errorKey, className }: { id?: string; message?: string | null; errorKey?: KnownErrorKey; className?: string }) {
  const errorText = useErrorText();
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn("text-sm text-destructive", className)}>
      {errorText(message, errorKey)}
    </p>
  );
}
