"use client";

import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Send } from "lucide-react";
import { useTranslations } from "next-intl";

import { focusWhenRendered } from "@/components/answer/focus";
import { answerElementId } from "@/components/answer/answer-item";
import { useFieldMessage } from "@/components/question/field-messages";
import { MarkdownEditor } from "@/components/question/markdown-editor";
import { Button } from "@/components/ui/button";
import { useCreateAnswer } from "@/lib/api-client/answers";
import { formRefusal } from "@/lib/api-client/fetcher";
import { ANSWER_MAX_LENGTH, answerCreateSchema } from "@/lib/validation/answers";
import { ErrorText } from "@/lib/i18n/error-text";

const contentSchema = answerCreateSchema.pick({ content: true });
type ContentValues = { content: string };

/**
 * A member's own answer: Markdown with Write and Preview tabs (the same editor as the Ask and
 * Edit dialogs, previewed with the server's renderer) and "Post Answer" (disabled while
 * blank). Once posted, focus moves to the new answer.
 */
export function AnswerForm({ questionId }: { questionId: number }) {
  const t = useTranslations("answer");
  const id = useId();
  const create = useCreateAnswer(questionId);
  const form = useForm<ContentValues>({ resolver: zodResolver(contentSchema), defaultValues: { content: "" } });
  const content = useWatch({ control: form.control, name: "content" });
  const blank = content.trim().length === 0;
  const fieldMessage = useFieldMessage();
  const error = fieldMessage(form.formState.errors.content?.message);

  const onSubmit = form.handleSubmit(async ({ content: text }) => {
    try {
      const answer = await create.mutateAsync({ content: text });
      form.reset({ content: "" });
      focusWhenRendered(answerElementId(answer.id));
    } catch (failure) {
      // useCreateAnswer has already shown what went wrong; the draft stays, with the server's reason under it
      // (e.g. "New members can include at most 2 links in a post.").
      const refusal = formRefusal(failure);
      if (refusal) form.setError("content", { type: "server", message: refusal }, { shouldFocus: true });
    }
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight">
        {t("form.heading")}
      </h2>
      <form onSubmit={onSubmit} className="mt-3 space-y-3" noValidate>
        <Controller
          control={form.control}
          name="content"
          render={({ field }) => (
            <MarkdownEditor
              {...field}
              id={`${id}-content`}
              tabsLabel={t("form.editorLabel")}
              aria-labelledby={`${id}-heading`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              placeholder={t("form.placeholder")}
              className="resize-y bg-background"
              maxLength={ANSWER_MAX_LENGTH + 1000}
            />
          )}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
            <ErrorText message={error} />
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={blank || create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {t("form.post")}
          </Button>
        </div>
      </form>
    </section>
  );
}
