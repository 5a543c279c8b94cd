"use client";

import { useId, useState } from "react";
import { Controller, useForm, useWatch, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";

import { MarkdownEditor } from "@/components/question/markdown-editor";
import { FieldError, FormProblem, TitleCounter } from "@/components/question/question-form-fields";
import { TagPicker, type PickedTag } from "@/components/question/tag-picker";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client/fetcher";
import { QUESTION_MESSAGES, questionFailureText, useQuestionSource, useUpdateQuestion, type QuestionDetailData } from "@/lib/api-client/questions";
import { questionUpdateSchema, type QuestionUpdateFormValues, type QuestionUpdateInput } from "@/lib/validation/questions";

/** What the edit dialog starts from. Without `description` (a card has only an excerpt) it reads the Markdown source first. */
export interface EditableQuestion {
  id: number;
  title: string;
  /** The Markdown source, when the caller has it (the question page). */
  description?: string;
  tags: PickedTag[];
}

const FIELDS = new Set(["title", "description", "tagIds"]);

/** Edit Question (SPEC.md sections 2 and 5): title, description and tags; "Question updated" on success. */
export function EditQuestionDialog({
  question,
  open,
  onOpenChange,
  onUpdated,
}: {
  question: EditableQuestion;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpdated?: (question: QuestionDetailData) => void;
}) {
  const needsSource = question.description === undefined;
  const source = useQuestionSource(question.id, { enabled: open && needsSource });
  const ready = !needsSource || source.data !== undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Question</DialogTitle>
          <DialogDescription>Change the title, description or tags. The question keeps its answers, votes and views.</DialogDescription>
        </DialogHeader>
        {ready ? (
          <EditForm
            key={source.dataUpdatedAt}
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
          <FormProblem>Could not load the question. Please try again.</FormProblem>
        ) : (
          <div className="space-y-4" role="status" aria-label="Loading the question">
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
}: {
  question: Required<EditableQuestion>;
  onDone: (question: QuestionDetailData) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [pickedTags, setPickedTags] = useState<PickedTag[]>(question.tags);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<QuestionUpdateFormValues, unknown, QuestionUpdateInput>({
    resolver: zodResolver(questionUpdateSchema),
    defaultValues: { title: question.title, description: question.description, tagIds: question.tags.map((t) => t.id) },
  });
  const { errors, isSubmitted } = form.formState;
  const update = useUpdateQuestion();

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    update.mutate(
      { id: question.id, input: values },
      {
        onSuccess: onDone,
        onError: (error) => {
          let placed = false;
          if (error instanceof ApiError && error.status === 400) {
            for (const issue of error.issues) {
              const field = issue.path.split(".")[0] ?? "";
              if (!FIELDS.has(field)) continue;
              form.setError(field as FieldPath<QuestionUpdateFormValues>, { message: issue.message });
              placed = true;
            }
          }
          if (!placed && !(error instanceof ApiError && error.status === 401)) {
            setFormError(error instanceof ApiError && error.serverMessage ? error.serverMessage : questionFailureText(error, QUESTION_MESSAGES.updateFailed));
          }
        },
      },
    );
  });

  const title = useWatch({ control: form.control, name: "title" }) ?? "";
  const pending = update.isPending;
  const ids = {
    title: `${id}-title`,
    titleCounter: `${id}-title-counter`,
    titleError: `${id}-title-error`,
    tagsError: `${id}-tags-error`,
    description: `${id}-description`,
    descriptionError: `${id}-description-error`,
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Edit Question">
      <div className="space-y-2">
        <div className="flex items-end justify-between gap-2">
          <Label htmlFor={ids.title}>Title</Label>
          <TitleCounter id={ids.titleCounter} length={title.length} />
        </div>
        <Input
          id={ids.title}
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${ids.titleError} ${ids.titleCounter}` : ids.titleCounter}
          {...form.register("title")}
        />
        <FieldError id={ids.titleError} message={errors.title?.message} />
      </div>

      <div className="space-y-2">
        <Label htmlFor={ids.description}>
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Controller
          control={form.control}
          name="description"
          render={({ field }) => (
            <MarkdownEditor
              id={ids.description}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? ids.descriptionError : undefined}
            />
          )}
        />
        <FieldError id={ids.descriptionError} message={errors.description?.message} />
      </div>

      <div className="space-y-2">
        <TagPicker
          value={pickedTags}
          onChange={(tags) => {
            setPickedTags(tags);
            form.setValue(
              "tagIds",
              tags.map((t) => t.id),
              { shouldValidate: isSubmitted, shouldDirty: true },
            );
          }}
          invalid={Boolean(errors.tagIds)}
          describedBy={errors.tagIds ? ids.tagsError : undefined}
        />
        <FieldError id={ids.tagsError} message={errors.tagIds?.message ?? errors.tagIds?.root?.message} />
      </div>

      <FormProblem>{formError}</FormProblem>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {pending ? "Saving..." : "Save Changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}
