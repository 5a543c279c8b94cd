"use client";

import { useDeferredValue, useId } from "react";
import { Lightbulb, Loader2, Sparkles, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useModelCoaching } from "@/lib/api-client/coach";
import { coachDraft } from "@/lib/coaching";

/*
 * Draft coaching in the Ask dialog (issue 17): suggestions about the question being written, from
 * the heuristics of lib/coaching.ts and, when an AI provider is configured, the model's own
 * (POST /api/ai/coach: plain text, shown as text); never edits. Each can be dismissed and stays
 * dismissed for this draft (the dialog keeps the set until the question is posted).
 */

/** The key a dismissed suggestion is kept under: a heuristic's kind, or "ai:" and the model's text. */
export type CoachingDismissKey = string;

export interface DraftCoachProps {
  title: string;
  description: string;
  /** The similar-questions panel's verdict: a question already asked looks like this one. */
  duplicateLikely?: boolean;
  /** Whether the model adds its suggestions (an AI provider is configured). */
  aiSuggestions?: boolean;
  dismissed: ReadonlySet<CoachingDismissKey>;
  onDismiss: (key: CoachingDismissKey) => void;
}

/** The suggestions for the draft, or nothing when there are none. */
export function DraftCoach({ title, description, duplicateLikely = false, aiSuggestions = false, dismissed, onDismiss }: DraftCoachProps) {
  const t = useTranslations("askAi.coach");
  const headingId = useId();
  // Coaching follows the typing without holding it up.
  const draft = useDeferredValue({ title, description, duplicateLikely });
  const model = useModelCoaching(title, description, aiSuggestions);
  const suggestions = coachDraft(draft).filter((s) => !dismissed.has(s.kind));
  const fromModel = [...new Set(model.data ?? [])].filter((text) => !dismissed.has(`ai:${text}`));
  if (suggestions.length === 0 && fromModel.length === 0) return null;
  return (
    <aside aria-labelledby={headingId} className="rounded-lg border border-amber-500/30 bg-amber-500/[0.06] px-3 py-3 sm:px-4" data-testid="draft-coach">
      <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold">
        <Lightbulb className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
        {t("heading")}
        {model.isFetching ? <Loader2 className="size-3.5 animate-spin text-muted-foreground" aria-label={t("aiLoading")} /> : null}
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
        {fromModel.map((text) => (
          <li key={`ai:${text}`} className="flex items-start gap-2 text-sm" data-suggestion="ai">
            <Sparkles className="mt-1.5 size-3.5 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 flex-1 pt-1 break-words">
              <span className="sr-only">{t("fromAi")} </span>
              {text}
            </span>
            <Button type="button" variant="ghost" size="icon-sm" className="shrink-0" onClick={() => onDismiss(`ai:${text}`)} aria-label={t("dismiss")} title={t("dismiss")}>
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {fromModel.length > 0 ? <p className="mt-2 text-xs text-muted-foreground">{t("aiNote")}</p> : null}
    </aside>
  );
}
