"use client";

import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Loader2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formRefusal } from "@/lib/api-client/fetcher";
import { COMMENT_MAX_LENGTH } from "@/lib/validation/messages/comments";
import { cn } from "@/lib/utils";
import { ErrorText } from "@/lib/i18n/error-text";

/**
 * The text box of a new comment, a reply or an edit. Blank or whitespace-only content cannot
 * be submitted (SPEC.md section 5); the text is kept when the call fails. Escape cancels,
 * Ctrl/Cmd+Enter submits.
 */
export function CommentForm({
  label,
  submitLabel,
  placeholder,
  initialValue = "",
  pending,
  onSubmit,
  onCancel,
  autoFocus = true,
  className,
}: {
  /** The text box's accessible name (shown to screen readers only). */
  label: string;
  submitLabel: string;
  placeholder?: string;
  initialValue?: string;
  pending: boolean;
  /** Resolves when saved (the box is then cleared); rejects when the call failed. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const t = useTranslations("comments");
  const format = useFormatter();
  const id = useId();
  const [value, setValue] = useState(initialValue);
  /** The server's reason for refusing the last attempt (too many links, a daily limit...). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const content = value.trim();
  const tooLong = content.length > COMMENT_MAX_LENGTH;
  const unchanged = initialValue !== "" && content === initialValue.trim();
  const disabled = pending || content.length === 0 || tooLong || unchanged;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (disabled) return;
    try {
      await onSubmit(content);
      setValue("");
      setRefusal(null);
    } catch (failure) {
      // The mutation already said what went wrong; keep the text so nothing is lost, with the server's reason.
      setRefusal(formRefusal(failure));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={submit} className={cn("space-y-2", className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setRefusal(null);
        }}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        autoFocus={autoFocus}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH + 200}
        aria-invalid={tooLong || refusal !== null || undefined}
        aria-describedby={refusal ? `${id}-refusal` : undefined}
        className="min-h-16 resize-y bg-background text-sm"
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {tooLong ? (
          <p className="mr-auto text-xs text-destructive" role="alert">
            {t("form.tooLong", { max: format.number(COMMENT_MAX_LENGTH) })}
          </p>
        ) : null}
        {refusal && !tooLong ? (
          <p id={`${id}-refusal`} className="mr-auto text-xs text-destructive" role="alert">
            <ErrorText message={refusal} />
          </p>
        ) : null}
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            {t("form.cancel")}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={disabled}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
