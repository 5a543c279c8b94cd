"use client";

import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Loader2, Send } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client/fetcher";
import { useSendMessage, type DirectMessage } from "@/lib/api-client/direct-messages";
import {
  CANNOT_MESSAGE_ACCOUNT,
  CANNOT_MESSAGE_SELF,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REQUIRED_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
  MESSAGES_NOT_ACCEPTED_MESSAGE,
  RECIPIENT_BLOCKED_MESSAGE,
  messageComposerSchema,
} from "@/lib/validation/direct-messages";
import { cn } from "@/lib/utils";
import { ErrorText } from "@/lib/i18n/error-text";

/** The schema's and the server's refusals that messages.composer words (others are shown as they come). */
const REFUSALS = {
  [MESSAGE_REQUIRED_MESSAGE]: "required",
  [MESSAGE_TOO_LONG_MESSAGE]: "tooLong",
  [MESSAGES_NOT_ACCEPTED_MESSAGE]: "notAccepted",
  [RECIPIENT_BLOCKED_MESSAGE]: "blocked",
  [CANNOT_MESSAGE_SELF]: "self",
  [CANNOT_MESSAGE_ACCOUNT]: "account",
} as const;

/**
 * The composer of a direct message: a Markdown textarea and Send. Enter sends, Shift+Enter
 * starts a new line. The same schema as the server checks the text; a refusal (closed inbox,
 * limit) shows under the field.
 */
export function MessageComposer({
  recipient,
  onSent,
  autoFocus = false,
  className,
}: {
  recipient: { id: string; name: string };
  onSent?: (message: DirectMessage) => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  const t = useTranslations("messages.composer");
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage();
  const refusal = (message: string): string => {
    const key = (REFUSALS as Record<string, (typeof REFUSALS)[keyof typeof REFUSALS]>)[message];
    return key ? t(key, { max: MESSAGE_MAX_LENGTH }) : message;
  };

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = messageComposerSchema.safeParse({ content });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? refusal(issue) : t("sendFailed"));
      return;
    }
    setError(null);
    send.mutate(
      { recipientId: recipient.id, content: parsed.data.content },
      {
        onSuccess: (message) => {
          setContent("");
          onSent?.(message);
        },
        onError: (failure) => setError(refusal(errorMessage(failure, t("sendFailed")))),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className={cn("space-y-1.5", className)} noValidate>
      <label htmlFor={`${id}-content`} className="sr-only">
        {t("label", { name: recipient.name })}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={`${id}-content`}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("placeholder", { name: recipient.name })}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          className="max-h-48 min-h-11 flex-1 resize-y"
        />
        <Button type="submit" disabled={send.isPending || content.trim() === ""}>
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {t("send")}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          <ErrorText message={error} />
        </p>
      ) : null}
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        {t("help")}
      </p>
    </form>
  );
}
