"use client";

import { useEffect, useId, useState } from "react";
import { Loader2, Lock, LockOpen, OctagonX, RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";

import { questionIdFrom } from "@/components/flags/flag-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { QuestionDetail } from "@/lib/api-client/question-cache";
import { useCloseQuestion, useLockQuestion, useOriginalQuestion } from "@/lib/api-client/question-states";
import {
  CLOSE_VOTES_NEEDED,
  closeQuestionSchema,
  closeReasons,
  type CloseReason,
} from "@/lib/validation/question-states";
import { ErrorText } from "@/lib/i18n/error-text";
import { useEarlyAction } from "@/lib/early/use-early-action";

/*
 * The question page's tools for closing, reopening and locking (issues 13 and 14), loaded on
 * demand: only members whose viewerCan.close or viewerCan.lock is true get them. A moderator's
 * or admin's call acts at once (the same role that may lock: viewerCan.lock); a member with the
 * closeVote privilege casts one of the CLOSE_VOTES_NEEDED votes.
 */

/** "2 of 3 close votes", "1 of 3 reopen votes". */
function useVotesText() {
  const t = useTranslations("question");
  return (n: number, kind: "close" | "reopen") => t(kind === "close" ? "states.closeVotes" : "states.reopenVotes", { count: n, needed: CLOSE_VOTES_NEEDED });
}

/** The close reasons in the member's language (CLOSE_REASON_LABELS in English). */
const REASON_KEYS = { duplicate: "duplicate", off_topic: "offTopic", needs_details: "needsDetails" } as const;

/** "Close" (staff) or "Vote to close" with the dialog, and the votes cast so far ("2 of 3 close votes"). */
export function CloseQuestionControl({ question }: { question: QuestionDetail }) {
  const t = useTranslations("question");
  const votesText = useVotesText();
  const [open, setOpen] = useState(false);
  const atOnce = question.viewerCan.lock;
  const voted = question.viewerCloseVote === "close";
  const closeVotes = votesText(question.closeVotes, "close");
  // A press before the page has hydrated opens the dialog once it has (lib/early/script.ts).
  const early = useEarlyAction("close-question", () => setOpen(true));
  return (
    <>
      {voted ? (
        <span className="text-sm text-muted-foreground" data-testid="close-votes">
          {t("states.youVotedToClose", { votes: closeVotes })}
        </span>
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button type="button" variant="outline" size="sm" {...early}>
              <OctagonX aria-hidden /> {atOnce ? t("states.close") : t("states.voteToClose")}
            </Button>
          </DialogTrigger>
          <DialogContent className="sm:max-w-lg">
            <DialogHeader>
              <DialogTitle>{atOnce ? t("states.closeTitle") : t("states.voteToCloseTitle")}</DialogTitle>
              <DialogDescription>
                {t("states.closeExplanation")}{" "}
                {atOnce ? t("states.closeAtOnce") : t("states.votesClose", { needed: CLOSE_VOTES_NEEDED })}
              </DialogDescription>
            </DialogHeader>
            {open ? <CloseForm question={question} atOnce={atOnce} onDone={() => setOpen(false)} /> : null}
          </DialogContent>
        </Dialog>
      )}
      {!voted && question.closeVotes > 0 ? (
        <span className="text-sm text-muted-foreground" data-testid="close-votes">
          {closeVotes}
        </span>
      ) : null}
    </>
  );
}

function CloseForm({ question, atOnce, onDone }: { question: QuestionDetail; atOnce: boolean; onDone: () => void }) {
  const t = useTranslations("question");
  const id = useId();
  const [reason, setReason] = useState<CloseReason | "">("");
  const [original, setOriginal] = useState("");
  const [originalId, setOriginalId] = useState<number | null>(null);
  const [error, setError] = useState<{ field: "reason" | "original"; message: string } | null>(null);
  const close = useCloseQuestion(question.id);

  // The original's title shows once the member stops typing, so they can check it before confirming.
  useEffect(() => {
    const parsed = questionIdFrom(original);
    const timer = setTimeout(() => setOriginalId(parsed === question.id ? null : parsed), 300);
    return () => clearTimeout(timer);
  }, [original, question.id]);
  const lookup = useOriginalQuestion(reason === "duplicate" ? originalId : null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return setError({ field: "reason", message: t("states.chooseReason") });
    const duplicateOfId = reason === "duplicate" ? questionIdFrom(original) : null;
    if (reason === "duplicate" && duplicateOfId === null) return setError({ field: "original", message: t("states.originalRequired") });
    if (duplicateOfId === question.id) return setError({ field: "original", message: t("states.duplicateOfSelf") });
    if (reason === "duplicate" && !lookup.data) return setError({ field: "original", message: t("states.waitForOriginal") });
    const parsed = closeQuestionSchema.safeParse({ reason, duplicateOfId });
    if (!parsed.success) return setError({ field: parsed.error.issues[0]!.path[0] === "duplicateOfId" ? "original" : "reason", message: parsed.error.issues[0]!.message });
    setError(null);
    close.mutate(parsed.data, { onSuccess: onDone }); // a refusal shows in the toast, with the server's message
  };

  const errorId = `${id}-error`;
  const originalStatusId = `${id}-original-status`;
  const describedBy = (field: "reason" | "original") => (error?.field === field ? errorId : undefined);
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={atOnce ? t("states.closeFormLabel") : t("states.voteToClose")}>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{t("states.why")}</legend>
        <RadioGroup
          value={reason}
          onValueChange={(value) => {
            setReason(value as CloseReason);
            setError(null);
          }}
          aria-invalid={error?.field === "reason" ? true : undefined}
          aria-describedby={describedBy("reason")}
          className="gap-1"
        >
          {closeReasons.map((value) => (
            <Label
              key={value}
              htmlFor={`${id}-${value}`}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-transparent px-2 py-2 font-normal hover:bg-accent has-[[data-state=checked]]:border-primary/40 has-[[data-state=checked]]:bg-primary/5"
            >
              <RadioGroupItem id={`${id}-${value}`} value={value} className="mt-0.5" />
              <span className="space-y-0.5">
                <span className="block font-medium">{t(`states.reasons.${REASON_KEYS[value]}.title`)}</span>
                <span className="block text-muted-foreground">{t(`states.reasons.${REASON_KEYS[value]}.description`)}</span>
              </span>
            </Label>
          ))}
        </RadioGroup>
      </fieldset>

      {reason === "duplicate" ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-original`}>{t("states.originalLabel")}</Label>
          <Input
            id={`${id}-original`}
            value={original}
            onChange={(e) => {
              setOriginal(e.target.value);
              setError(null);
            }}
            placeholder={t("states.originalPlaceholder")}
            inputMode="url"
            autoComplete="off"
            aria-invalid={error?.field === "original" ? true : undefined}
            aria-describedby={[describedBy("original"), originalStatusId].filter(Boolean).join(" ")}
          />
          <p id={originalStatusId} className="text-sm" aria-live="polite" data-testid="original-title">
            {originalId === null ? null : lookup.isLoading ? (
              <span className="text-muted-foreground">{t("states.lookingFor", { id: originalId })}</span>
            ) : lookup.data ? (
              <>
                <span className="text-muted-foreground">{t("states.original")} </span>
                <span className="font-medium break-words">{lookup.data.title}</span>
              </>
            ) : lookup.isError ? (
              <span className="text-destructive">{t("states.noSuchQuestion", { id: originalId })}</span>
            ) : null}
          </p>
        </div>
      ) : null}

      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          <ErrorText message={error.message} />
        </p>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("states.cancel")}
        </Button>
        <Button type="submit" disabled={close.isPending}>
          {close.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <OctagonX aria-hidden />}
          {atOnce ? t("states.closeQuestion") : t("states.voteToClose")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Reopen" (staff) or "Vote to reopen", with the votes cast so far; in the closed notice. */
export function ReopenControl({ question }: { question: QuestionDetail }) {
  const t = useTranslations("question");
  const votesText = useVotesText();
  const reopen = useCloseQuestion(question.id);
  const atOnce = question.viewerCan.lock;
  const reopenVotes = votesText(question.reopenVotes, "reopen");
  const voted = question.viewerCloseVote === "reopen";
  // A press before the page has hydrated counts once it has (lib/early/script.ts).
  const early = useEarlyAction("reopen-question", () => {
    if (!voted) reopen.mutate(null);
  });
  if (voted) {
    return (
      <span className="text-sm" data-testid="reopen-votes">
        {t("states.youVotedToReopen", { votes: reopenVotes })}
      </span>
    );
  }
  return (
    <>
      <Button type="button" variant="outline" size="sm" className="bg-background" disabled={reopen.isPending} onClick={() => reopen.mutate(null)} {...early}>
        {reopen.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
        {atOnce ? t("states.reopen") : t("states.voteToReopen")}
      </Button>
      {question.reopenVotes > 0 ? (
        <span className="text-sm" data-testid="reopen-votes">
          {reopenVotes}
        </span>
      ) : null}
    </>
  );
}

/** Lock or Unlock (moderators and admins). */
export function LockControl({ question }: { question: QuestionDetail }) {
  const t = useTranslations("question");
  const lock = useLockQuestion(question.id);
  const locked = question.locked !== null;
  // A press before the page has hydrated counts once it has (lib/early/script.ts).
  const toggle = () => lock.mutate(!locked);
  const early = useEarlyAction("lock-question", toggle);
  return (
    <Button type="button" variant="outline" size="sm" disabled={lock.isPending} onClick={toggle} {...early}>
      {lock.isPending ? <Loader2 className="animate-spin" aria-hidden /> : locked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
      {locked ? t("states.unlock") : t("states.lock")}
    </Button>
  );
}
