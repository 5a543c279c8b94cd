"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useWatch, type Control } from "react-hook-form";

import { SimilarQuestionItem } from "@/components/question/similar-question-item";
import { useSimilarQuestions } from "@/lib/api-client/similar";
import type { QuestionCreateFormValues } from "@/lib/validation/questions";

/**
 * The Ask dialog's Similar questions panel (issue 17): as the title (then the description) is
 * typed, once typing pauses, up to five questions the member may see that ask the same, each
 * opening in a new tab so the draft stays. Nothing shows while there is none.
 */
export function SimilarQuestions({ control }: { control: Control<QuestionCreateFormValues> }) {
  const t = useTranslations("similar");
  const title = useWatch({ control, name: "title" }) ?? "";
  const description = useWatch({ control, name: "description" }) ?? "";
  const similar = useSimilarQuestions(title, description);
  const questions = similar.data ?? [];
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="similar-questions-title" className="rounded-lg border bg-muted/40 p-3" data-testid="similar-questions">
      <div className="mb-2 flex items-center gap-2">
        <h3 id="similar-questions-title" className="text-sm font-semibold">
          {t("panel.title")}
        </h3>
        {similar.isFetching ? <Loader2 className="size-3.5 animate-spin text-muted-foreground" aria-label={t("panel.loading")} /> : null}
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{t("panel.hint")}</p>
      <ul className="divide-y">
        {questions.map((question) => (
          <SimilarQuestionItem key={question.id} question={question} newTab />
        ))}
      </ul>
    </section>
  );
}
