"use client";

import { useId, useState } from "react";
import { Controller, useForm, useWatch, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

import {
  FormProblem,
  QuestionDescriptionField,
  QuestionTagsField,
  QuestionTitleField,
  showQuestionFailure,
} from "@/components/question/question-form-fields";
import type { PickedTag } from "@/components/question/tag-picker";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useQuestionSource, useUpdateQuestion, type QuestionDetailData } from "@/lib/api-client/questions";
import { useSuggestEdit } from "@/lib/api-client/suggested-edits";
import { questionUpdateSchema, type QuestionUpdateFormValues, type QuestionUpdateInput } from "@/lib/validation/questions";
import { ErrorText } from "@/lib/i18n/error-text";

/** What the edit dialog starts from. Without `description` (a card has only an excerpt) it reads the Markdown source first. */
export interface EditableQuestion {
  id: number;
  title: string;
  /** The Markdown source, when the caller has it (the question page). */
  description?: string;
  tags: PickedTag[];
}

const FIELDS = new Set(["title", "description", "tagIds", "summary"]);

/** Edit Question (SPEC.md sections 2 and 5): title, description and tags; "Question updated" on success. */
export function EditQuestionDialog({
  question,
  open,
  onOpenChange,
  onUpdated,
  suggest = false,
}: {
  question: EditableQuestion;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpdated?: (question: QuestionDetailData) => void;
  /** Someone else's question, below the edit privilege: send a suggested edit (summary required) instead. */
  suggest?: boolean;
}) {
  const t = useTranslations("question");
  const needsSource = question.description === undefined;
  const source = useQuestionSource(question.id, { enabled: open && needsSource });
  const ready = !needsSource || source.data !== undefined;

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
        {ready ? (
          <EditForm
            key={source.dataUpdatedAt}
            suggest={suggest}
            question={{
              id: question.id,
              title: source.data?.title ?? question.title,
              description: source.data?.description ?? question.description ?? "",
              tags: source.data?.tags ?? question.tags,
            }}
            onDone={(updated) => {
              onOpenChange(false);
              onUpdated?.(updated);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : source.isError ? (
          <div className="px-6 pb-6">
            <FormProblem>{t("editDialog.loadFailed")}</FormProblem>
          </div>
        ) : (
          <div className="space-y-4 px-6 pb-6" role="status" aria-label={t("editDialog.loading")}>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({
  question,
  onDone,
  onCancel,
  suggest,
}: {
  question: Required<EditableQuestion>;
  onDone: (question: QuestionDetailData) => void;
  onCancel: () => void;
  suggest: boolean;
}) {
  const t = useTranslations("question");
  const id = useId();
  const [pickedTags, setPickedTags] = useState<PickedTag[]>(question.tags);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<QuestionUpdateFormValues, unknown, QuestionUpdateInput>({
    resolver: zodResolver(questionUpdateSchema),
    defaultValues: { title: question.title, description: question.description, tagIds: question.tags.map((t) => t.id), summary: "" },
  });
  const { errors, isSubmitted } = form.formState;
  const update = useUpdateQuestion();
  const suggestion = useSuggestEdit(question.id);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    if (suggest) {
      if (!values.summary) {
        form.setError("summary", { message: t("editDialog.summaryRequired") });
        return;
      }
      suggestion.mutate(
        { targetType: "question", targetId: question.id, title: values.title, description: values.description, tagIds: values.tagIds, summary: values.summary },
        {
          onSuccess: onCancel,
          onError: (error) =>
            showQuestionFailure(error, FIELDS, (field, message) => form.setError(field as FieldPath<QuestionUpdateFormValues>, { message }), setFormError, t("editDialog.suggestFailed")),
        },
      );
      return;
    }
    update.mutate(
      { id: question.id, input: values },
      {
        onSuccess: onDone,
        onError: (error) =>
          showQuestionFailure(
            error,
            FIELDS,
            (field, message) => form.setError(field as FieldPath<QuestionUpdateFormValues>, { message }),
            setFormError,
            t("toasts.updateFailed"),
          ),
      },
    );
  });

  const title = useWatch({ control: form.control, name: "title" }) ?? "";
  const pending = update.isPending || suggestion.isPending;
  const summaryField = form.register("summary");


  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" aria-label={t("editDialog.title")}>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-6 pt-1 pb-5">
      <QuestionTitleField id={`${id}-title`} length={title.length} error={errors.title?.message} registration={form.register("title")} />
      <Controller
        control={form.control}
        name="description"
        render={({ field }) => <QuestionDescriptionField id={`${id}-description`} editorRef={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.description?.message} />}
      />
      <QuestionTagsField
        id={`${id}-tags`}
        tags={pickedTags}
        onChange={(tags) => {
          setPickedTags(tags);
          form.setValue(
            "tagIds",
            tags.map((t) => t.id),
            { shouldValidate: isSubmitted, shouldDirty: true },
          );
        }}
        error={errors.tagIds?.message ?? errors.tagIds?.root?.message}
      />

      <div className="space-y-2">
        <Label htmlFor={`${id}-summary`}>
          {t("editDialog.summary")} <span className="font-normal text-muted-foreground">{suggest ? t("formFields.required") : t("formFields.optional")}</span>
        </Label>
        <Input
          id={`${id}-summary`}
          placeholder={t("editDialog.summaryPlaceholder")}
          aria-invalid={errors.summary ? true : undefined}
          aria-describedby={errors.summary ? `${id}-summary-error` : undefined}
          {...summaryField}
        />
        {errors.summary?.message ? (
          <p id={`${id}-summary-error`} className="text-sm text-destructive">
            <ErrorText message={errors.summary.message} />
          </p>
        ) : null}
      </div>

      <FormProblem>{formError}</FormProblem>
      </div>

      <DialogFooter className="border-t bg-background px-6 py-4">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t("editDialog.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {pending ? (suggest ? t("editDialog.submitting") : t("editDialog.saving")) : suggest ? t("editDialog.submitForReview") : t("editDialog.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
