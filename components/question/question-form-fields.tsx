"use client";

import type { ReactNode } from "react";
import { AlertCircle } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { cn } from "@/lib/utils";
import { TITLE_MAX_LENGTH } from "@/lib/validation/questions";

/** The inline message under a field (announced when it appears). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** The title's "n/200" counter (SPEC.md section 5), red past the limit. */
export function TitleCounter({ id, length }: { id: string; length: number }) {
  const over = length > TITLE_MAX_LENGTH;
  return (
    <span id={id} className={cn("text-xs text-muted-foreground tabular-nums", over && "font-medium text-destructive")}>
      {length}/{TITLE_MAX_LENGTH}
      <span className="sr-only"> characters</span>
    </span>
  );
}

/** A problem with the whole form (a rate limit, a group the member left...), above the buttons. */
export function FormProblem({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
