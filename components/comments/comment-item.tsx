"use client";

import dynamic from "next/dynamic";
import Link from "@/components/common/link";
import { useRef, useState } from "react";
import { MessageSquareReply, Pencil, Trash2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { focusWhenRendered } from "@/components/answer/focus";
import { CommentForm } from "@/components/comments/comment-form";
import { HiddenBanner } from "@/components/flags/hidden-banner";
import { TimeAgo } from "@/components/common/time-ago";
import { AuthorReputation } from "@/components/common/author-reputation";
import { RoleBadge } from "@/components/common/role-badge";
import { UserAvatar } from "@/components/common/user-avatar";
import { Button } from "@/components/ui/button";
import { useDeleteComment, useReplyToComment, useUpdateComment } from "@/lib/api-client/comments";
import type { Comment } from "@/lib/api-client/question-cache";
import { displayName } from "@/lib/display";
import { cn } from "@/lib/utils";

// Only the author sees Delete: other viewers never load the confirmation dialog.
const ConfirmDeleteDialog = dynamic(() => import("@/components/answer/confirm-delete-dialog").then((m) => m.ConfirmDeleteDialog));
const FlagButton = dynamic(() => import("@/components/flags/flag-button").then((m) => m.FlagButton));

/** SPEC.md sections 5 and 9: replies are offered below nesting depth 3 (depth counts from 0). */
export const MAX_REPLY_DEPTH = 2;

/** The element id of a comment (its anchor, and where focus goes once it is posted). */
export const commentElementId = (id: number) => `comment-${id}`;

/**
 * One comment with its replies nested below it: author, time, '(edited)', the text, and Reply
 * (members, below depth 2), Edit and Delete (its author) actions.
 */
export function CommentItem({ questionId, comment, onRemoved }: { questionId: number; comment: Comment; onRemoved?: () => void }) {
  const t = useTranslations("comments");
  const format = useFormatter();
  const [mode, setMode] = useState<"view" | "edit" | "reply">("view");
  const itemRef = useRef<HTMLLIElement>(null);
  const reply = useReplyToComment(questionId, comment.id);
  const update = useUpdateComment(questionId, comment.id);
  const remove = useDeleteComment(questionId, comment.answerId, comment.id);

  const canReply = comment.viewerCan.reply && comment.depth < MAX_REPLY_DEPTH;
  const name = displayName(comment.author);

  function backToView() {
    setMode("view");
    requestAnimationFrame(() => itemRef.current?.focus({ preventScroll: true }));
  }

  return (
    <li ref={itemRef} id={commentElementId(comment.id)} tabIndex={-1} className="scroll-mt-24 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" data-depth={comment.depth}>
      <div className="flex gap-2.5 py-2">
        <UserAvatar user={comment.author} className="mt-0.5 size-6 text-[11px]" decorative />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-xs text-muted-foreground">
            {comment.author.isAssistant ? (
              <span className="font-medium text-foreground">{name}</span>
            ) : (
              <Link href={`/users/${comment.author.id}`} className="rounded-sm font-medium text-foreground outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
                {name}
              </Link>
            )}
            <RoleBadge author={comment.author} className="self-center" />
            <AuthorReputation author={comment.author} />
            <span aria-hidden>·</span>
            <TimeAgo date={comment.createdAt} />
            {comment.edited ? <span title={t("item.editedAt", { date: format.dateTime(new Date(comment.updatedAt), { dateStyle: "full", timeStyle: "long", timeZone: "UTC" }) })}>{t("item.edited")}</span> : null}
          </p>

          {mode === "edit" ? (
            <CommentForm
              label={t("item.editLabel")}
              submitLabel={t("item.save")}
              initialValue={comment.content}
              pending={update.isPending}
              onSubmit={async (content) => {
                await update.mutateAsync(content);
                backToView();
              }}
              onCancel={backToView}
              className="mt-1.5"
            />
          ) : (
            <div className="prose-agora prose-agora-sm mt-0.5 break-words" dangerouslySetInnerHTML={{ __html: comment.contentHtml }} />
          )}

          {comment.hidden ? <HiddenBanner what="comment" className="mt-1 py-1.5 text-xs" /> : null}

          {mode !== "edit" && (canReply || comment.viewerCan.edit || comment.viewerCan.delete || comment.canFlag) ? (
            <div className="mt-1 -ml-2 flex flex-wrap items-center gap-0.5">
              {canReply ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs text-muted-foreground"
                  aria-expanded={mode === "reply"}
                  onClick={() => setMode(mode === "reply" ? "view" : "reply")}
                >
                  <MessageSquareReply className="size-3.5" aria-hidden /> {t("item.reply")}
                </Button>
              ) : null}
              {comment.viewerCan.edit ? (
                <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs text-muted-foreground" onClick={() => setMode("edit")}>
                  <Pencil className="size-3.5" aria-hidden /> {t("item.edit")}
                </Button>
              ) : null}
              {comment.viewerCan.delete ? (
                <ConfirmDeleteDialog
                  title={t("item.deleteTitle")}
                  description={t("item.deleteConfirmation")}
                  onConfirm={() => remove.mutate(undefined, { onSuccess: () => onRemoved?.() })}
                >
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-xs text-muted-foreground hover:text-destructive"
                    disabled={remove.isPending}
                  >
                    <Trash2 className="size-3.5" aria-hidden /> {t("item.delete")}
                  </Button>
                </ConfirmDeleteDialog>
              ) : null}
              {comment.canFlag ? <FlagButton targetType="comment" targetId={comment.id} compact /> : null}
            </div>
          ) : null}

          {mode === "reply" ? (
            <CommentForm
              label={t("item.replyLabel", { name })}
              submitLabel={t("item.postReply")}
              placeholder={t("item.replyPlaceholder")}
              pending={reply.isPending}
              onSubmit={async (content) => {
                const created = await reply.mutateAsync(content);
                setMode("view");
                focusWhenRendered(commentElementId(created.id));
              }}
              onCancel={backToView}
              className="mt-1.5"
            />
          ) : null}
        </div>
      </div>

      {comment.replies.length > 0 ? (
        <ul className={cn("ml-3 space-y-0 border-l pl-3 sm:ml-3.5 sm:pl-4")} aria-label={t("item.replies", { name })}>
          {comment.replies.map((child) => (
            <CommentItem key={child.id} questionId={questionId} comment={child} onRemoved={() => itemRef.current?.focus({ preventScroll: true })} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
