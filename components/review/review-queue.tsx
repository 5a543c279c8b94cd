"use client";

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Ban, Check, EyeOff, Eye, Flag, Lock, Pencil, Sparkles, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";

import { ConfirmDeleteDialog } from "@/components/answer/confirm-delete-dialog";
import Link from "@/components/common/link";
import { TimeAgo } from "@/components/common/time-ago";
import { UserAvatar } from "@/components/common/user-avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useReviewAction } from "@/lib/api-client/flags";
import { keys } from "@/lib/api-client/keys";
import { displayName } from "@/lib/display";
import type { ReviewItemJson } from "@/lib/server/flags/presenters";
import { REVIEW_REASON_MAX_LENGTH, reviewActionSchema, type ReviewActionInput } from "@/lib/validation/flags";
import { ErrorText } from "@/lib/i18n/error-text";

/**
 * The moderators' queue of flagged posts (issue 14), most recently flagged first: each post in
 * context with its reasons, counts and flaggers, and the actions. An action removes the post from
 * the queue (its flags are resolved); a 409 means another moderator got there first.
 */
export function ReviewQueue({ initialItems }: { initialItems: ReviewItemJson[] }) {
  const t = useTranslations("review.queue");
  const { data: items = initialItems } = useQuery<ReviewItemJson[]>({ queryKey: keys.review.all, initialData: initialItems });
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed p-10 text-center">
        <Check className="mx-auto size-8 text-emerald-700 dark:text-emerald-400" aria-hidden />
        <p className="mt-3 font-medium">{t("emptyTitle")}</p>
        <p className="text-sm text-muted-foreground">{t("emptyText")}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-4" aria-label={t("list")}>
      {items.map((item) => (
        <li key={`${item.targetType}-${item.targetId}`}>
          <ReviewCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function ReviewCard({ item }: { item: ReviewItemJson }) {
  const t = useTranslations("review");
  const action = useReviewAction();
  const target = { targetType: item.targetType, targetId: item.targetId };
  const run = (input: Omit<ReviewActionInput, "targetType" | "targetId">) => action.mutate({ ...target, ...input });
  const headingId = `review-${item.targetType}-${item.targetId}`;
  const { post } = item;
  const flagLine = t.rich("queue.flagCount", { count: item.flagCount, time: () => <TimeAgo date={item.latestFlagAt} /> });
  const byLine = t.rich("queue.by", {
    name: displayName(post.author),
    author: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
    time: () => <TimeAgo date={post.createdAt} />,
  });
  const duplicateOf = (link: string, title: string) =>
    t.rich("queue.duplicateOf", {
      title,
      link: (chunks) => (
        <Link href={link} className="underline underline-offset-2">
          {chunks}
        </Link>
      ),
    });

  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5">
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary">{t(`kinds.${item.targetType}`)}</Badge>
        {post.isAi ? (
          <Badge className="bg-primary/10 text-accent-foreground dark:bg-primary/20">
            <Sparkles aria-hidden /> {t("queue.ai")}
          </Badge>
        ) : null}
        {post.hidden ? (
          <Badge className="border-amber-600/40 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            <EyeOff aria-hidden /> {t("queue.hidden")}
          </Badge>
        ) : null}
        <span className="text-muted-foreground">
          {flagLine}
        </span>
      </header>

      <h2 id={headingId} className="mt-2 text-base font-semibold break-words">
        <Link href={post.link} className="rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {item.targetType === "question" ? post.questionTitle : t("queue.onQuestion", { kind: item.targetType, title: post.questionTitle })}
        </Link>
      </h2>

      <div className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
        <UserAvatar user={post.author} className="size-6 text-[11px]" decorative />
        <span>
          {byLine}
        </span>
      </div>

      {post.excerpt ? <blockquote className="mt-3 border-l-2 pl-3 text-sm break-words whitespace-pre-line text-foreground/90">{post.excerpt}</blockquote> : null}

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <section aria-label={t("queue.reasons")}>
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("queue.reasons")}</h3>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {item.reasons.map((r) => (
              <li key={r.reason}>
                <Badge variant="outline">
                  <Flag aria-hidden /> {t(`reasons.${r.reason}`)} × {r.count}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label={t("queue.flaggedBy")}>
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("queue.flaggedBy")}</h3>
          <p className="mt-1.5 text-sm break-words">{item.flaggers.map((f) => f.name).join(", ")}</p>
        </section>
      </div>

      {item.flags.some((f) => f.details || f.duplicateOf) ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label={t("queue.whatFlaggersWrote")}>
          {item.flags
            .filter((f) => f.details || f.duplicateOf)
            .map((f) => (
              <li key={f.id} className="break-words">
                <span className="font-medium">{f.flagger.name}:</span> {f.details}
                {f.duplicateOf ? (
                  <>
                    {" "}
                    {duplicateOf(f.duplicateOf.link, f.duplicateOf.title)}
                  </>
                ) : null}
              </li>
            ))}
        </ul>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2 border-t pt-3" role="group" aria-label={t("queue.actions")}>
        <Button type="button" size="sm" variant="outline" disabled={action.isPending} onClick={() => run({ action: "dismiss" })}>
          <Check aria-hidden /> {t("queue.dismiss")}
        </Button>
        {post.hidden ? (
          <Button type="button" size="sm" variant="outline" disabled={action.isPending} onClick={() => run({ action: "unhide" })}>
            <Eye aria-hidden /> {t("queue.unhide")}
          </Button>
        ) : (
          <Button type="button" size="sm" variant="outline" disabled={action.isPending} onClick={() => run({ action: "hide" })}>
            <EyeOff aria-hidden /> {t("queue.hide")}
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          <Link href={post.editLink}>
            <Pencil aria-hidden /> {t("queue.edit")}
          </Link>
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={action.isPending} onClick={() => run({ action: "lock" })}>
          <Lock aria-hidden /> {t("queue.lock")}
        </Button>
        <SuspendDialog authorName={displayName(post.author)} disabled={action.isPending} onSubmit={(days, reason) => run({ action: "suspend", days, reason })} />
        <ConfirmDeleteDialog
          title={t("queue.deleteTitle", { kind: item.targetType })}
          description={t("queue.deleteDescription")}
          onConfirm={() => run({ action: "delete" })}
        >
          <Button type="button" size="sm" variant="outline" className="text-destructive hover:text-destructive" disabled={action.isPending}>
            <Trash2 aria-hidden /> {t("queue.delete")}
          </Button>
        </ConfirmDeleteDialog>
      </div>
    </article>
  );
}

function SuspendDialog({ authorName, disabled, onSubmit }: { authorName: string; disabled: boolean; onSubmit: (days: number, reason: string) => void }) {
  const t = useTranslations("review.suspend");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState("7");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = reviewActionSchema.safeParse({ targetType: "answer", targetId: 1, action: "suspend", days: Number(days), reason });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    setOpen(false);
    onSubmit(parsed.data.days!, parsed.data.reason!);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" disabled={disabled}>
          <Ban aria-hidden /> {t("button")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("title", { name: authorName })}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={`${id}-days`}>{t("days")}</Label>
            <Input id={`${id}-days`} type="number" inputMode="numeric" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-reason`}>{t("reason")}</Label>
            <Textarea id={`${id}-reason`} value={reason} maxLength={REVIEW_REASON_MAX_LENGTH} rows={3} onChange={(e) => setReason(e.target.value)} />
          </div>
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              <ErrorText message={error} />
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="destructive">
              {t("submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
