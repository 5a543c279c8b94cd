"use client";

import { useId, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch, type FieldPath } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";

import { useSiteFeatures } from "@/components/common/site-features";
import { answersDraft, DraftAiAnswer, PostWithDraftAnswerLabel, type HeldDraftAnswer } from "@/components/question/draft-ai-answer";
import { DraftCoach, type CoachingDismissKey } from "@/components/question/draft-coach";
import {
  FieldError,
  FormProblem,
  QuestionDescriptionField,
  QuestionTagsField,
  QuestionTitleField,
  showQuestionFailure,
} from "@/components/question/question-form-fields";
import { SimilarQuestions } from "@/components/question/similar-questions";
import { useSimilarQuestions } from "@/lib/api-client/similar";
import type { PickedTag } from "@/components/question/tag-picker";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useCreateQuestion, type QuestionDetailData } from "@/lib/api-client/questions";
import { useMediaQuery } from "@/lib/use-media-query";
import {
  questionCreateSchema,
  type QuestionCreateFormValues,
  type QuestionCreateInput,
} from "@/lib/validation/questions";

/** A group the member may post in. */
export interface AskGroupOption {
  id: number;
  name: string;
}

const NO_GROUP = "none";
/** Tailwind's lg breakpoint: from here the dialog has a side column. */
const WIDE_QUERY = "(min-width: 1024px)";
const FIELDS = new Set(["title", "description", "tagIds", "groupId"]);

export interface AskQuestionDialogProps {
  /** Controlled open state (with onOpenChange); otherwise `trigger` opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  /** The member's groups for the Group select ('No group' is always offered). */
  groups?: AskGroupOption[];
  /** Preselects a group ("New Post" on a group page). */
  defaultGroupId?: number | null;
  /** Called with the posted question; without it the browser goes to the question's page. */
  onCreated?: (question: QuestionDetailData) => void;
}

/**
 * Ask a Question (SPEC.md sections 2 and 5): title with its n/200 counter, a Markdown
 * description with a preview, tags (existing or new), and an optional group, in the order Edit
 * Question uses too; the fields scroll under a footer that stays in view. The form is checked with
 * the same schema as POST /api/questions, so the messages are the spec's. From 1024 px wide,
 * similar questions and the coaching suggestions sit in a column beside the form (issue 17: they
 * appear beside it as the member types); narrower, under the title and the description.
 */
export function AskQuestionDialog({ open: openProp, onOpenChange, trigger, groups = [], defaultGroupId = null, onCreated }: AskQuestionDialogProps) {
  const t = useTranslations("question");
  const [openState, setOpenState] = useState(false);
  const { aiAnswers } = useSiteFeatures();
  const open = openProp ?? openState;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };

  const id = useId();
  const [pickedTags, setPickedTags] = useState<PickedTag[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  // Issue 17: the AI answer written for the draft, and the coaching suggestions dismissed for it.
  const [draftAnswer, setDraftAnswer] = useState<HeldDraftAnswer | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<CoachingDismissKey>>(new Set());
  // Wide screens (issue 17): similar questions and coaching in a column beside the form; phones: in the form, as before.
  const wide = useMediaQuery(WIDE_QUERY);

  const form = useForm<QuestionCreateFormValues, unknown, QuestionCreateInput>({
    resolver: zodResolver(questionCreateSchema),
    defaultValues: { title: "", description: "", tagIds: [], groupId: defaultGroupId },
  });
  const { errors, isSubmitted } = form.formState;

  const router = useRouter();
  const createQuestion = useCreateQuestion({
    onCreated: (question) => {
      form.reset({ title: "", description: "", tagIds: [], groupId: defaultGroupId });
      setPickedTags([]);
      setFormError(null);
      setDraftAnswer(null);
      setDismissed(new Set());
      setOpen(false);
      if (onCreated) onCreated(question);
      // The asker goes to their question, where its AI answer (if any) and the answers appear.
      else router.push(`/questions/${question.id}`);
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    // With the AI answer to this very draft, it becomes the question's AI answer (no second generation).
    const heldAnswer = answersDraft(draftAnswer, values) ? draftAnswer.answer.draftAnswerId : null;
    createQuestion.mutate(heldAnswer ? { ...values, draftAnswerId: heldAnswer } : values, {
      onError: (error) =>
        showQuestionFailure(
          error,
          FIELDS,
          (field, message) => form.setError(field as FieldPath<QuestionCreateFormValues>, { message }),
          setFormError,
          t("toasts.postFailed"),
        ),
    });
  });

  function changeTags(tags: PickedTag[]) {
    setPickedTags(tags);
    form.setValue(
      "tagIds",
      tags.map((t) => t.id),
      { shouldValidate: isSubmitted, shouldDirty: true },
    );
  }

  const title = useWatch({ control: form.control, name: "title" }) ?? "";
  const description = useWatch({ control: form.control, name: "description" }) ?? "";
  const tagIds = useWatch({ control: form.control, name: "tagIds" }) ?? [];
  const groupId = useWatch({ control: form.control, name: "groupId" }) ?? null;
  // The Similar questions panel's lookup (shared through React Query's cache): a strong match is a likely duplicate.
  const duplicateLikely = (useSimilarQuestions(title, description).data ?? []).some((question) => question.likelyDuplicate);
  const draft = { title, description, tagIds, groupId };
  const withDraftAnswer = aiAnswers && answersDraft(draftAnswer, draft);
  const pending = createQuestion.isPending;
  const knownGroups =
    defaultGroupId !== null && !groups.some((g) => g.id === defaultGroupId) ? [...groups, { id: defaultGroupId, name: t("askDialog.thisGroup") }] : groups;

  const ids = {
    title: `${id}-title`,
    tags: `${id}-tags`,
    description: `${id}-description`,
    group: `${id}-group`,
    groupError: `${id}-group-error`,
  };

  const similarPanel = <SimilarQuestions control={form.control} />;
  const coach = (
    <DraftCoach
      title={title}
      description={description}
      duplicateLikely={duplicateLikely}
      aiSuggestions={aiAnswers}
      dismissed={dismissed}
      onDismiss={(key) => setDismissed((was) => new Set(was).add(key))}
    />
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      {/* The body scrolls and the footer stays in view, so Post Question is never below the fold. */}
      <DialogContent className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl lg:max-w-5xl">
        <DialogHeader className="px-6 pt-6 pr-12 pb-4">
          <DialogTitle>{t("askDialog.title")}</DialogTitle>
          <DialogDescription className="flex items-start gap-1.5 sm:items-center">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-primary sm:mt-0" aria-hidden />
            {aiAnswers
              ? t("askDialog.descriptionAi")
              : t("askDialog.description")}
          </DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" aria-label={t("askDialog.title")}>
          <div
            className="min-h-0 flex-1 overflow-y-auto px-6 pt-1 pb-5 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6"
            data-testid="ask-dialog-body"
          >
          <div className="min-w-0 space-y-5">
          <QuestionTitleField
            id={ids.title}
            length={title.length}
            error={errors.title?.message}
            registration={form.register("title")}
            placeholder={t("askDialog.titlePlaceholder")}
          />
          {wide ? null : similarPanel}
          <Controller
            control={form.control}
            name="description"
            render={({ field }) => (
              <QuestionDescriptionField
                id={ids.description}
                editorRef={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}
                error={errors.description?.message}
                placeholder={t("askDialog.descriptionPlaceholder")}
              />
            )}
          />
          {wide ? null : coach}
          <QuestionTagsField id={ids.tags} tags={pickedTags} onChange={changeTags} error={errors.tagIds?.message ?? errors.tagIds?.root?.message} />

          <div className="space-y-2">
            <Label htmlFor={ids.group}>{t("askDialog.group")}</Label>
            <Controller
              control={form.control}
              name="groupId"
              render={({ field }) => (
                <Select
                  value={field.value == null ? NO_GROUP : String(field.value)}
                  onValueChange={(v) => field.onChange(v === NO_GROUP ? null : Number(v))}
                >
                  <SelectTrigger
                    id={ids.group}
                    className="w-full sm:w-72"
                    aria-invalid={errors.groupId ? true : undefined}
                    aria-describedby={errors.groupId ? ids.groupError : undefined}
                  >
                    <SelectValue placeholder={t("askDialog.noGroup")} />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_GROUP}>{t("askDialog.noGroup")}</SelectItem>
                    {knownGroups.map((group) => (
                      <SelectItem key={group.id} value={String(group.id)}>
                        {group.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id={ids.groupError} message={errors.groupId?.message} />
            <p className="text-xs text-muted-foreground">{t("askDialog.groupHint")}</p>
          </div>

          {aiAnswers ? <DraftAiAnswer draft={draft} held={draftAnswer} onAnswer={setDraftAnswer} disabled={pending} /> : null}

          <FormProblem>{formError}</FormProblem>
          </div>
          {wide ? (
            <div className="group/side sticky top-0 space-y-4 pt-1" data-testid="ask-dialog-side">
              {/* Until there is something to show, the column says what will appear in it. */}
              <p className="rounded-lg border border-dashed p-3 text-xs text-muted-foreground group-has-[section,aside]/side:hidden">{t("askDialog.sideHint")}</p>
              {similarPanel}
              {coach}
            </div>
          ) : null}
          </div>

          <DialogFooter className="border-t bg-background px-6 py-4">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {t("askDialog.cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {pending ? t("askDialog.posting") : withDraftAnswer ? <PostWithDraftAnswerLabel /> : t("askDialog.post")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
