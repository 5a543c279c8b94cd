"use client";

import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Loader2, Send } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client/fetcher";
import { DIRECT_MESSAGE_TEXTS, useSendMessage, type DirectMessage } from "@/lib/api-client/direct-messages";
import { MESSAGE_MAX_LENGTH, messageComposerSchema } from "@/lib/validation/direct-messages";
import { cn } from "@/lib/utils";
import { ErrorText } from "@/lib/i18n/error-text";

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
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage();

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = messageComposerSchema.safeParse({ content });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DIRECT_MESSAGE_TEXTS.sendFailed);
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
        onError: (failure) => setError(errorMessage(failure, DIRECT_MESSAGE_TEXTS.sendFailed)),
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
        Message to {recipient.name}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={`${id}-content`}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Write to ${recipient.name}…`}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          className="max-h-48 min-h-11 flex-1 resize-y"
        />
        <Button type="submit" disabled={send.isPending || content.trim() === ""}>
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          Send
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          <ErrorText message={error} />
        </p>
      ) : null}
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        Markdown supported. Enter sends, Shift+Enter starts a new line.
      </p>
    </form>
  );
}
