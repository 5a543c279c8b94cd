"use client";

import { useId, useState } from "react";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { MarkdownEditor } from "@/components/question/markdown-editor";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useUpdateAnswer } from "@/lib/api-client/answers";
import type { Answer } from "@/lib/api-client/question-cache";
import { useSuggestEdit } from "@/lib/api-client/suggested-edits";
import { answerUpdateSchema } from "@/lib/validation/answers";
import { SUGGESTION_SUMMARY_MAX_LENGTH, suggestedEditCreateSchema } from "@/lib/validation/suggested-edits";
import { EDIT_SUMMARY_MAX_LENGTH } from "@/lib/validation/revisions";
import { ErrorText } from "@/lib/i18n/error-text";

/**
 * Edit answer: the same Markdown editor as questions, and an optional edit summary kept with the
 * revision. With `suggest` (someone else's answer, below the edit privilege) it sends a suggested
 * edit instead, and the summary is required.
 */
export function EditAnswerDialog({
  questionId,
  answer,
  open,
  onOpenChange,
  suggest = false,
}: {
  questionId: number;
  answer: Pick<Answer, "id" | "content">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggest?: boolean;
}) {
  const t = useTranslations("answer");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl">
        <DialogHeader className="px-6 pt-6 pr-12 pb-4">
          <DialogTitle>{suggest ? t("editDialog.suggestTitle") : t("editDialog.title")}</DialogTitle>
          <DialogDescription>
            {suggest
              ? t("editDialog.suggestDescription")
              : t("editDialog.description")}
          </DialogDescription>
        </DialogHeader>
        {open ? <EditAnswerForm questionId={questionId} answer={answer} suggest={suggest} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditAnswerForm({ questionId, answer, suggest, onDone }: { questionId: number; answer: Pick<Answer, "id" | "content">; suggest: boolean; onDone: () => void }) {
  const t = useTranslations("answer");
  const id = useId();
  const [content, setContent] = useState(answer.content);
  const [summary, setSummary] = useState("");
  const [errors, setErrors] = useState<{ content?: string; summary?: string }>({});
  const directUpdate = useUpdateAnswer(questionId, answer.id);
  const suggestion = useSuggestEdit(questionId);
  const isPending = suggest ? suggestion.isPending : directUpdate.isPending;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (suggest) {
      const parsed = suggestedEditCreateSchema.safeParse({ targetType: "answer", targetId: answer.id, content, summary });
      if (!parsed.success) {
        const found: { content?: string; summary?: string } = {};
        for (const issue of parsed.error.issues) found[issue.path[0] === "summary" ? "summary" : "content"] ??= issue.message;
        setErrors(found);
        return;
      }
      setErrors({});
      suggestion.mutate({ targetType: "answer", targetId: answer.id, content: parsed.data.content, summary: parsed.data.summary }, { onSuccess: onDone });
      return;
    }
    const parsed = answerUpdateSchema.safeParse({ content, summary });
    if (!parsed.success) {
      const found: { content?: string; summary?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "summary" ? "summary" : "content";
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    directUpdate.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" aria-label={t("editDialog.title")}>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-6 pt-1 pb-5">
        <div className="space-y-2">
          <Label htmlFor={`${id}-content`}>{t("editDialog.content")}</Label>
          <MarkdownEditor
            id={`${id}-content`}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${id}-content-error` : undefined}
          />
          {errors.content ? (
            <p id={`${id}-content-error`} className="text-sm text-destructive">
              <ErrorText message={errors.content} />
            </p>
          ) : null}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-summary`}>
            {t("editDialog.summary")} <span className="font-normal text-muted-foreground">{suggest ? t("editDialog.required") : t("editDialog.optional")}</span>
          </Label>
          <Input
            id={`${id}-summary`}
            value={summary}
            maxLength={(suggest ? SUGGESTION_SUMMARY_MAX_LENGTH : EDIT_SUMMARY_MAX_LENGTH) + 50}
            aria-required={suggest || undefined}
            placeholder={t("editDialog.summaryPlaceholder")}
            onChange={(e) => {
              setSummary(e.target.value);
              if (errors.summary) setErrors(({ summary: _gone, ...rest }) => rest);
            }}
            aria-invalid={errors.summary ? true : undefined}
            aria-describedby={errors.summary ? `${id}-summary-error` : undefined}
          />
          {errors.summary ? (
            <p id={`${id}-summary-error`} className="text-sm text-destructive">
              <ErrorText message={errors.summary} />
            </p>
          ) : null}
        </div>
      </div>
      <DialogFooter className="border-t bg-background px-6 py-4">
        <Button type="button" variant="outline" onClick={onDone} disabled={isPending}>
          {t("editDialog.cancel")}
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {isPending ? (suggest ? t("editDialog.submitting") : t("editDialog.saving")) : suggest ? t("editDialog.submitForReview") : t("editDialog.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
