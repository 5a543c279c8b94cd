"use client";

import { ArrowBigDown, ArrowBigUp } from "lucide-react";
import { useTranslations } from "next-intl";

import { navigateTo } from "@/components/answer/navigate";
import { voteRequest, useQuestionVote, useVote } from "@/lib/api-client/votes";
import { LOGIN_URL } from "@/lib/api-client/query-client";
import type { Answer, QuestionDetail } from "@/lib/api-client/question-cache";
import type { VoteType } from "@/lib/validation/votes";
import { useEarlyAction } from "@/lib/early/use-early-action";
import { cn } from "@/lib/utils";

/** Sends a visitor to sign in, back to this question afterwards. */
export function loginUrlFor(questionId: number): string {
  return `${LOGIN_URL}?callbackUrl=${encodeURIComponent(`/questions/${questionId}`)}`;
}

/**
 * Upvote and Downvote with the score between them. The viewer's vote is highlighted
 * (aria-pressed); clicking it again withdraws it. Visitors are sent to sign in; authors cannot
 * vote on their own answers.
 */
export function VoteButtons({ questionId, answer, isMember, locked = false }: { questionId: number; answer: Answer; isMember: boolean; locked?: boolean }) {
  const t = useTranslations("answer");
  const vote = useVote(questionId, answer.id);
  if (locked) return <LockedScore score={answer.voteScore} />;
  return (
    <VoteControl
      questionId={questionId}
      earlyPrefix={`vote:${answer.id}`}
      score={answer.voteScore}
      viewerVote={answer.viewerVote}
      isMember={isMember}
      ownHint={isMember && !answer.viewerCan.vote ? t("votes.ownAnswer") : undefined}
      pending={vote.isPending}
      onVote={(next) => vote.mutate(next)}
    />
  );
}

/** The same control on the question itself: its own score, the viewer's vote on it; its author cannot vote. */
export function QuestionVoteButtons({ question, isMember }: { question: QuestionDetail; isMember: boolean }) {
  const t = useTranslations("answer");
  const vote = useQuestionVote(question.id);
  if (question.locked) return <LockedScore score={question.voteScore} label={t("votes.questionVotes")} />;
  return (
    <VoteControl
      questionId={question.id}
      earlyPrefix={`qvote:${question.id}`}
      score={question.voteScore}
      viewerVote={question.viewerVote}
      isMember={isMember}
      ownHint={isMember && !question.viewerCan.vote ? t("votes.ownQuestion") : undefined}
      pending={vote.isPending}
      onVote={(next) => vote.mutate(next)}
      label={t("votes.questionVotes")}
    />
  );
}

/** A locked question's score, with no buttons: it takes no votes (issue 14). */
function LockedScore({ score, label }: { score: number; label?: string }) {
  const t = useTranslations("answer");
  return (
    <div className="flex w-9 shrink-0 flex-col items-center pt-1.5" role="group" aria-label={t("votes.locked", { label: label ?? t("votes.votes") })}>
      <span className={cn("min-w-8 text-center text-base font-semibold tabular-nums", score < 0 && "text-destructive")} data-testid="vote-score">
        {score}
        <span className="sr-only"> {t("votes.voteWord", { count: Math.abs(score) })}</span>
      </span>
    </div>
  );
}

function VoteControl({
  questionId,
  earlyPrefix,
  score,
  viewerVote,
  isMember,
  ownHint,
  pending,
  onVote: send,
  label,
}: {
  questionId: number;
  earlyPrefix: string;
  score: number;
  viewerVote: VoteType | null;
  isMember: boolean;
  ownHint: string | undefined;
  pending: boolean;
  onVote: (next: VoteType | null) => void;
  label?: string;
}) {
  const t = useTranslations("answer");
  function onVote(clicked: VoteType) {
    if (!isMember) {
      navigateTo(loginUrlFor(questionId));
      return;
    }
    if (ownHint || pending) return;
    send(voteRequest(viewerVote, clicked).next);
  }

  // A vote clicked before hydration is kept by the early script and cast now (lib/early/script.ts).
  const upKey = `${earlyPrefix}:up`;
  const downKey = `${earlyPrefix}:down`;
  useEarlyAction(upKey, () => onVote("up"));
  useEarlyAction(downKey, () => onVote("down"));

  return (
    <div className="flex shrink-0 flex-col items-center gap-0.5" role="group" aria-label={label ?? t("votes.votes")}>
      <VoteButton
        label={t("votes.upvote")}
        earlyKey={upKey}
        pressed={viewerVote === "up"}
        disabledHint={ownHint}
        onClick={() => onVote("up")}
        activeClass="bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary dark:bg-primary/20"
      >
        <ArrowBigUp className="size-6" fill={viewerVote === "up" ? "currentColor" : "none"} aria-hidden />
      </VoteButton>
      <span
        className={cn("min-w-8 text-center text-base font-semibold tabular-nums", score < 0 && "text-destructive")}
        aria-live="polite"
        data-testid="vote-score"
      >
        {score}
        <span className="sr-only"> {t("votes.voteWord", { count: Math.abs(score) })}</span>
      </span>
      <VoteButton
        label={t("votes.downvote")}
        earlyKey={downKey}
        pressed={viewerVote === "down"}
        disabledHint={ownHint}
        onClick={() => onVote("down")}
        activeClass="bg-destructive/10 text-destructive hover:bg-destructive/15 hover:text-destructive dark:bg-destructive/20"
      >
        <ArrowBigDown className="size-6" fill={viewerVote === "down" ? "currentColor" : "none"} aria-hidden />
      </VoteButton>
    </div>
  );
}

function VoteButton({
  label,
  earlyKey,
  pressed,
  disabledHint,
  onClick,
  activeClass,
  children,
}: {
  label: string;
  earlyKey: string;
  pressed: boolean;
  disabledHint?: string;
  onClick: () => void;
  activeClass: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      data-early={earlyKey}
      aria-pressed={pressed}
      aria-disabled={disabledHint ? true : undefined}
      title={disabledHint ?? label}
      onClick={onClick}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-full text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
        pressed && activeClass,
        disabledHint && "cursor-not-allowed opacity-50 hover:bg-transparent hover:text-muted-foreground",
      )}
    >
      {children}
    </button>
  );
}
