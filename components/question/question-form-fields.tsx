"use client";

import type { ReactNode, Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { AlertCircle } from "lucide-react";
import { useTranslations } from "next-intl";

import { MarkdownEditor } from "@/components/question/markdown-editor";
import { TagPicker, type PickedTag } from "@/components/question/tag-picker";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client/fetcher";
import { useErrorText } from "@/lib/i18n/error-text";
import { questionFailureText } from "@/lib/api-client/questions";
import { cn } from "@/lib/utils";
import { TITLE_MAX_LENGTH } from "@/lib/validation/questions";

/** The inline message under a field (announced when it appears), in the reader's language. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return <FormMessage id={id} message={message} />;
}

/** The title's "n/200" counter (SPEC.md section 5), red past the limit. */
export function TitleCounter({ id, length }: { id: string; length: number }) {
  const t = useTranslations("question");
  const over = length > TITLE_MAX_LENGTH;
  return (
    <span id={id} className={cn("text-xs text-muted-foreground tabular-nums", over && "font-medium text-destructive")}>
      {length}/{TITLE_MAX_LENGTH}
      <span className="sr-only"> {t("formFields.characters", { count: length })}</span>
    </span>
  );
}

/** A problem with the whole form (a rate limit, a group the member left...), above the buttons. */
export function FormProblem({ children }: { children: ReactNode }) {
  const errorText = useErrorText();
  if (!children) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <AlertDescription>{typeof children === "string" ? errorText(children) : children}</AlertDescription>
    </Alert>
  );
}

/** The question's title with its label, n/200 counter and error (Ask and Edit Question). */
export function QuestionTitleField({
  id,
  length,
  error,
  registration,
  placeholder,
}: {
  id: string;
  length: number;
  error?: string;
  registration: UseFormRegisterReturn<"title">;
  placeholder?: string;
}) {
  const t = useTranslations("question");
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{t("formFields.title")}</Label>
        <TitleCounter id={counterId} length={length} />
      </div>
      <Input
        id={id}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The optional Markdown description with Write and Preview tabs and its error. */
export function QuestionDescriptionField({
  id,
  error,
  placeholder,
  editorRef,
  name,
  value,
  onChange,
  onBlur,
}: {
  id: string;
  error?: string;
  placeholder?: string;
  /** The rest is what react-hook-form's Controller hands over. */
  editorRef: Ref<HTMLTextAreaElement>;
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const t = useTranslations("question");
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {t("formFields.description")} <span className="font-normal text-muted-foreground">{t("formFields.optional")}</span>
      </Label>
      <MarkdownEditor
        id={id}
        name={name}
        ref={editorRef}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The tag picker (existing or new tags, at most 5) and its error. */
export function QuestionTagsField({
  id,
  tags,
  onChange,
  error,
}: {
  id: string;
  tags: PickedTag[];
  onChange: (tags: PickedTag[]) => void;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <TagPicker value={tags} onChange={onChange} invalid={Boolean(error)} describedBy={error ? errorId : undefined} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * Puts a failed save where the member will see it: each 400 issue under its field (when the
 * form has that field), anything else above the buttons. A 401 says nothing here: the session
 * handling already sends the member to sign in.
 */
export function showQuestionFailure(
  error: unknown,
  fields: ReadonlySet<string>,
  setFieldError: (field: string, message: string) => void,
  setFormError: (message: string) => void,
  fallback: string,
) {
  let placed = false;
  if (error instanceof ApiError && error.status === 400) {
    for (const issue of error.issues) {
      const field = issue.path.split(".")[0] ?? "";
      if (!fields.has(field)) continue;
      setFieldError(field, issue.message);
      placed = true;
    }
  }
  if (placed || (error instanceof ApiError && error.status === 401)) return;
  setFormError(error instanceof ApiError && error.serverMessage ? error.serverMessage : questionFailureText(error, fallback));
}
