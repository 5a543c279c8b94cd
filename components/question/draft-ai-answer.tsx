"use client";

import { useId } from "react";
import { Info, Loader2, Sparkles, Square } from "lucide-react";
import { useTranslations } from "next-intl";

import { MarkdownPreview } from "@/components/question/markdown-preview";
import { Button } from "@/components/ui/button";
import { toastError } from "@/lib/api-client/toast";
import { useDraftAnswer, type DraftAnswer, type DraftAnswerRequest } from "@/lib/api-client/draft-answers";
import { draftFingerprint } from "@/lib/ai-draft";
import { TITLE_MIN_LENGTH } from "@/lib/validation/questions";

/*
 * "Get an AI answer first" in the Ask dialog (issue 17): streams an AI answer to the draft, shows
 * it with the posts it drew on, and hands it to the dialog, which posts the question with it
 * (draftAnswerId) while the draft is unchanged. Once the member changes the draft, it says that
 * posting writes a new answer, and offers to answer the new draft.
 */

/** The answer the dialog holds, with the fingerprint of the draft it answers. */
export interface HeldDraftAnswer {
  answer: DraftAnswer;
  fingerprint: string;
}

/** Whether a held answer still belongs to the draft as it is now. */
export function answersDraft(held: HeldDraftAnswer | null, draft: DraftAnswerRequest): held is HeldDraftAnswer {
  return held !== null && held.fingerprint === draftFingerprint(draft);
}

/** The Ask dialog's Post button while it posts with the AI answer to the draft. */
export function PostWithDraftAnswerLabel() {
  const t = useTranslations("askAi");
  return t("post");
}

export interface DraftAiAnswerProps {
  draft: DraftAnswerRequest;
  held: HeldDraftAnswer | null;
  onAnswer: (held: HeldDraftAnswer) => void;
  /** Posting in progress: nothing to start meanwhile. */
  disabled?: boolean;
}

/** The "Get an AI answer first" section of the Ask dialog. */
export function DraftAiAnswer({ draft, held, onAnswer, disabled = false }: DraftAiAnswerProps) {
  const t = useTranslations("askAi.answer");
  const id = useId();
  const generate = useDraftAnswer();
  const titleReady = draft.title.trim().length >= TITLE_MIN_LENGTH;
  const current = answersDraft(held, draft);

  function onGenerate() {
    const asked = { ...draft, title: draft.title.trim() };
    generate.mutate(asked, {
      onSuccess: (answer) => {
        if (!answer?.content.trim()) {
          toastError(t("empty"));
          return;
        }
        onAnswer({ answer, fingerprint: draftFingerprint(asked) });
      },
    });
  }

  const button = (label: string) => (
    <Button type="button" variant={held ? "outline" : "default"} onClick={onGenerate} disabled={!titleReady || disabled} aria-describedby={titleReady ? undefined : `${id}-title-first`}>
      <Sparkles aria-hidden /> {label}
    </Button>
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-primary/20 bg-primary/[0.04] px-3 py-3 sm:px-4 dark:bg-primary/[0.08]" data-testid="draft-ai-answer">
      <h3 id={`${id}-heading`} className="flex items-center gap-1.5 text-sm font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden />
        {t("heading")}
      </h3>
      <p className="mt-0.5 text-xs text-muted-foreground">{t("intro")}</p>

      {generate.isPending ? (
        <div className="mt-3 rounded-md border bg-background px-3 py-3" aria-busy="true" data-testid="draft-ai-answer-streaming">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-accent-foreground uppercase">
              <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden /> {t("writing")}
            </p>
            <Button type="button" variant="ghost" size="sm" onClick={generate.stop}>
              <Square aria-hidden /> {t("stop")}
            </Button>
          </div>
          {generate.streamedText ? <MarkdownPreview source={generate.streamedText} className="break-words" /> : null}
        </div>
      ) : held ? (
        <div className="mt-3 space-y-3">
          <div className="rounded-md border bg-background px-3 py-3" aria-live="polite" data-testid="draft-ai-answer-result">
            <p className="mb-2 text-xs font-semibold tracking-wide text-accent-foreground uppercase">{t("label")}</p>
            <MarkdownPreview source={held.answer.content} className="break-words" />
            {held.answer.sources.length > 0 ? (
              <div className="mt-3 border-t pt-2">
                <p className="text-xs font-medium text-muted-foreground">{t("sources")}</p>
                <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-xs">
                  {held.answer.sources.map((source) => (
                    <li key={`${source.type}-${source.id}`} className="break-words">
                      {/* A new tab keeps the draft. */}
                      <a href={source.url} target="_blank" rel="noopener" className="text-primary hover:underline">
                        {source.title}
                      </a>
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </div>
          {current ? (
            <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
              <Info className="mt-px size-3.5 shrink-0" aria-hidden />
              {t("keep")}
            </p>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" role="status">
              <p className="flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300" data-testid="draft-ai-answer-stale">
                <Info className="mt-px size-3.5 shrink-0" aria-hidden />
                {t("changed")}
              </p>
              <div className="shrink-0">{button(t("again"))}</div>
            </div>
          )}
        </div>
      ) : (
        <div className="mt-3 flex flex-col items-start gap-1.5">
          {button(t("get"))}
          {titleReady ? null : (
            <p id={`${id}-title-first`} className="text-xs text-muted-foreground">
              {t("titleFirst", { min: TITLE_MIN_LENGTH })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
