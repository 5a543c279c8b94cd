"use client";

import { useId, useState } from "react";
import { Loader2, Sparkles, X } from "lucide-react";
import { useTranslations } from "next-intl";

import { AiQuotaNote } from "@/components/answer/ai-quota-note";
import { answerElementId } from "@/components/answer/answer-item";
import { focusWhenRendered } from "@/components/answer/focus";
import { MarkdownPreview } from "@/components/question/markdown-preview";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useGenerateAnswerPreview } from "@/lib/api-client/ai-answers";
import { useCreateAnswer } from "@/lib/api-client/answers";
import { toastError, toastSuccess } from "@/lib/api-client/toast";
import { useEarlyAction } from "@/lib/early/use-early-action";
import { CUSTOM_PROMPT_MAX_LENGTH } from "@/lib/validation/messages/answers";

/*
 * The "Generate AI Answer" box (SPEC.md sections 2 and 4): a member writes a prompt, Generate
 * Answer streams a preview onto the page token by token, the preview is then shown with the
 * prompt locked, and Submit Answer posts it (with its signed provenance, so the answer records
 * how it was made) while Cancel discards it.
 */

/** The Generate AI Answer card for signed-in members. */
export function GenerateAiAnswer({ questionId }: { questionId: number }) {
  const t = useTranslations("answer");
  const id = useId();
  const [prompt, setPrompt] = useState("");
  const [preview, setPreview] = useState<string | null>(null);
  const [provenance, setProvenance] = useState<string | null>(null);
  const generate = useGenerateAnswerPreview(questionId);
  const create = useCreateAnswer(questionId);
  const locked = preview !== null || generate.isPending;

  // Generate pressed before the box hydrated: the early script kept the prompt as it was then.
  const earlyKey = `generate:${questionId}`;
  useEarlyAction(earlyKey, (data) => generateFrom(data));

  /**
   * Generates from the prompt in the form's fields rather than from state: text typed before
   * hydration is in the field but not in state (React keeps a typed value when it hydrates).
   */
  function generateFrom(data: FormData | null) {
    const field = data?.get("prompt");
    const text = typeof field === "string" ? field.slice(0, CUSTOM_PROMPT_MAX_LENGTH) : prompt;
    setPrompt(text);
    onGenerate(text);
  }

  function onGenerate(text: string) {
    const customPrompt = text.trim();
    if (!customPrompt) {
      toastError(t("generate.promptRequiredTitle"), t("generate.promptRequired"));
      return;
    }
    generate.mutate(customPrompt, {
      onSuccess: (result) => {
        const content = typeof result?.content === "string" ? result.content.trim() : "";
        if (!content) {
          toastError(t("toasts.error"), t("generate.noContent"));
          return;
        }
        setPreview(content);
        setProvenance(typeof result?.provenance === "string" ? result.provenance : null);
        toastSuccess(t("generate.generatedTitle"), t("generate.generated"));
      },
    });
  }

  async function onSubmit() {
    if (preview === null) return;
    try {
      const answer = await create.mutateAsync({ content: preview, customPrompt: prompt.trim(), aiProvenance: provenance ?? undefined });
      setPreview(null);
      setProvenance(null);
      setPrompt("");
      focusWhenRendered(answerElementId(answer.id));
    } catch {
      // useCreateAnswer has already shown what went wrong; the preview stays.
    }
  }

  function onCancel() {
    setPreview(null);
    setProvenance(null);
    requestAnimationFrame(() => document.getElementById(`${id}-prompt`)?.focus());
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-primary/20 bg-gradient-to-br from-primary/[0.05] to-transparent p-4 shadow-xs sm:p-5 dark:from-primary/[0.10]">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/20" aria-hidden>
          <Sparkles className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight">
            {t("generate.heading")}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {t("generate.intro")}
          </p>
        </div>
      </div>

      <form
        data-early={earlyKey}
        onSubmit={(event) => {
          event.preventDefault();
          if (!locked) generateFrom(new FormData(event.currentTarget));
        }}
      >
        <div className="mt-4 space-y-2">
          <Label htmlFor={`${id}-prompt`}>{t("generate.promptLabel")}</Label>
          <Textarea
            id={`${id}-prompt`}
            name="prompt"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            readOnly={locked}
            aria-readonly={locked || undefined}
            maxLength={CUSTOM_PROMPT_MAX_LENGTH}
            placeholder={t("generate.promptPlaceholder")}
            className="min-h-20 resize-y bg-background text-sm read-only:opacity-80"
          />
        </div>

        {generate.isPending && generate.streamedText ? (
          <div className="mt-4 rounded-lg border bg-background px-3 py-3 sm:px-4" aria-busy="true" data-testid="ai-preview-streaming">
            <p className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-accent-foreground uppercase">
              <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden /> {t("generate.writingPreview")}
            </p>
            <MarkdownPreview source={generate.streamedText} className="break-words" />
          </div>
        ) : null}

        {preview !== null ? (
          <div className="mt-4 space-y-3">
            <div className="rounded-lg border bg-background px-3 py-3 sm:px-4" aria-live="polite">
              <p className="mb-2 text-xs font-semibold tracking-wide text-accent-foreground uppercase">{t("generate.preview")}</p>
              <MarkdownPreview source={preview} className="break-words" />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-2">
              <AiQuotaNote />
              <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
                <X aria-hidden /> {t("generate.cancel")}
              </Button>
              <Button type="button" onClick={onSubmit} disabled={create.isPending}>
                {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {t("generate.submit")}
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
            <AiQuotaNote />
            <Button type="submit" disabled={generate.isPending}>
              {generate.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              {generate.isPending ? t("generate.generating") : t("generate.generate")}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
