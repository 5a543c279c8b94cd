"use client";

import { useDeferredValue, useId } from "react";
import { Lightbulb, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { coachDraft, type CoachingKind } from "@/lib/coaching";

/*
 * Draft coaching in the Ask dialog (issue 17): suggestions about the question being written, from
 * the heuristics of lib/coaching.ts; never edits. Each can be dismissed and stays dismissed for
 * this draft (the dialog keeps the set until the question is posted).
 */

export interface DraftCoachProps {
  title: string;
  description: string;
  /** The similar-questions panel's verdict: a question already asked looks like this one. */
  duplicateLikely?: boolean;
  dismissed: ReadonlySet<CoachingKind>;
  onDismiss: (kind: CoachingKind) => void;
}

/** The suggestions for the draft, or nothing when there are none. */
export function DraftCoach({ title, description, duplicateLikely = false, dismissed, onDismiss }: DraftCoachProps) {
  const t = useTranslations("askAi.coach");
  const headingId = useId();
  // Coaching follows the typing without holding it up.
  const draft = useDeferredValue({ title, description, duplicateLikely });
  const suggestions = coachDraft(draft).filter((s) => !dismissed.has(s.kind));
  if (suggestions.length === 0) return null;
  return (
    <aside aria-labelledby={headingId} className="rounded-lg border border-amber-500/30 bg-amber-500/[0.06] px-3 py-3 sm:px-4" data-testid="draft-coach">
      <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold">
        <Lightbulb className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
        {t("heading")}
      </h3>
      <p className="mt-0.5 text-xs text-muted-foreground">{t("intro")}</p>
      <ul className="mt-2 space-y-1.5">
        {suggestions.map(({ kind }) => (
          <li key={kind} className="flex items-start gap-2 text-sm" data-suggestion={kind}>
            <span className="min-w-0 flex-1 pt-1 break-words">{t(kind)}</span>
            <Button type="button" variant="ghost" size="icon-sm" className="shrink-0" onClick={() => onDismiss(kind)} aria-label={t("dismiss")} title={t("dismiss")}>
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
