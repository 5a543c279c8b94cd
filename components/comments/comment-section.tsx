"use client";

import { useRef, useState } from "react";
import { MessageCircle } from "lucide-react";
import { useTranslations } from "next-intl";

import { focusWhenRendered } from "@/components/answer/focus";
import { CommentForm } from "@/components/comments/comment-form";
import { CommentItem, commentElementId } from "@/components/comments/comment-item";
import { Button } from "@/components/ui/button";
import { useAddComment, useShowMoreComments } from "@/lib/api-client/comments";
import { countComments, type Answer } from "@/lib/api-client/question-cache";

/**
 * The threaded comments under an answer (the first few, then "Show N more comments" for the
 * rest), and for members an "Add a comment" box (closed until asked for, so long answer lists
 * stay calm).
 */
export function CommentSection({ questionId, answer }: { questionId: number; answer: Answer }) {
  const t = useTranslations("comments");
  const [open, setOpen] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const add = useAddComment(questionId, answer.id);
  const more = useShowMoreComments(questionId, answer.id);
  const comments = answer.comments;
  const hidden = answer.commentsCursor ? Math.max(0, answer.commentCount - countComments(comments)) : 0;

  if (comments.length === 0 && !answer.viewerCan.comment) return null;

  return (
    <div ref={listRef} tabIndex={-1} className="mt-4 border-t pt-2 outline-none" data-testid={`comments-${answer.id}`}>
      {comments.length > 0 ? (
        <ul aria-label={t("section.label")} className="divide-y divide-border/60">
          {comments.map((comment) => (
            <CommentItem key={comment.id} questionId={questionId} comment={comment} onRemoved={() => listRef.current?.focus({ preventScroll: true })} />
          ))}
        </ul>
      ) : null}

      {hidden > 0 && answer.commentsCursor ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="-ml-3 h-8 text-muted-foreground"
          disabled={more.isPending}
          onClick={() =>
            more.mutate(answer.commentsCursor!, {
              // The button goes away: keyboard focus moves to the first comment it brought.
              onSuccess: (loaded) => {
                if (loaded[0]) focusWhenRendered(commentElementId(loaded[0].id));
              },
            })
          }
        >
          {more.isPending ? t("section.loading") : t("section.showMore", { count: hidden })}
        </Button>
      ) : null}

      {answer.viewerCan.comment ? (
        open ? (
          <CommentForm
            label={t("section.add")}
            submitLabel={t("section.post")}
            placeholder={t("section.placeholder")}
            pending={add.isPending}
            onSubmit={async (content) => {
              const created = await add.mutateAsync(content);
              setOpen(false);
              focusWhenRendered(commentElementId(created.id));
            }}
            onCancel={() => {
              setOpen(false);
              requestAnimationFrame(() => addButton.current?.focus());
            }}
            className="mt-2"
          />
        ) : (
          <Button
            ref={addButton}
            type="button"
            variant="ghost"
            size="sm"
            className="mt-1 -ml-2 h-8 text-muted-foreground"
            onClick={() => setOpen(true)}
          >
            <MessageCircle aria-hidden /> {t("section.add")}
          </Button>
        )
      ) : null}
    </div>
  );
}
