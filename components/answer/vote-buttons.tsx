"use client";

import { ArrowBigDown, ArrowBigUp } from "lucide-react";

import { navigateTo } from "@/components/answer/navigate";
import { voteRequest, useVote } from "@/lib/api-client/votes";
import { LOGIN_URL } from "@/lib/api-client/query-client";
import type { Answer } from "@/lib/api-client/question-cache";
import type { VoteType } from "@/lib/validation/votes";
import { useEarlyAction } from "@/lib/early/use-early-action";
import { cn } from "@/lib/utils";

const OWN_ANSWER_HINT = "You can't vote on your own answer";

/** Sends a visitor to sign in, back to this question afterwards. */
export function loginUrlFor(questionId: number): string {
  return `${LOGIN_URL}?callbackUrl=${encodeURIComponent(`/questions/${questionId}`)}`;
}

/**
 * Upvote and Downvote with the score between them. The viewer's vote is highlighted
 * (aria-pressed); clicking it again withdraws it. Visitors are sent to sign in; authors cannot
 * vote on their own answers.
 */
export function VoteButtons({ questionId, answer, isMember }: { questionId: number; answer: Answer; isMember: boolean }) {
  const vote = useVote(questionId, answer.id);
  const ownAnswer = isMember && !answer.viewerCan.vote;

  function onVote(clicked: VoteType) {
    if (!isMember) {
      navigateTo(loginUrlFor(questionId));
      return;
    }
    if (ownAnswer || vote.isPending) return;
    vote.mutate(voteRequest(answer.viewerVote, clicked).next);
  }

  // A vote clicked before hydration is kept by the early script and cast now (lib/early/script.ts).
  const upKey = `vote:${answer.id}:up`;
  const downKey = `vote:${answer.id}:down`;
  useEarlyAction(upKey, () => onVote("up"));
  useEarlyAction(downKey, () => onVote("down"));

  const score = answer.voteScore;
  return (
    <div className="flex shrink-0 flex-col items-center gap-0.5" role="group" aria-label="Votes">
      <VoteButton
        label="Upvote"
        earlyKey={upKey}
        pressed={answer.viewerVote === "up"}
        disabledHint={ownAnswer ? OWN_ANSWER_HINT : undefined}
        onClick={() => onVote("up")}
        activeClass="bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary dark:bg-primary/20"
      >
        <ArrowBigUp className="size-6" fill={answer.viewerVote === "up" ? "currentColor" : "none"} aria-hidden />
      </VoteButton>
      <span
        className={cn("min-w-8 text-center text-base font-semibold tabular-nums", score < 0 && "text-destructive")}
        aria-live="polite"
        data-testid="vote-score"
      >
        {score}
        <span className="sr-only">{Math.abs(score) === 1 ? " vote" : " votes"}</span>
      </span>
      <VoteButton
        label="Downvote"
        earlyKey={downKey}
        pressed={answer.viewerVote === "down"}
        disabledHint={ownAnswer ? OWN_ANSWER_HINT : undefined}
        onClick={() => onVote("down")}
        activeClass="bg-destructive/10 text-destructive hover:bg-destructive/15 hover:text-destructive dark:bg-destructive/20"
      >
        <ArrowBigDown className="size-6" fill={answer.viewerVote === "down" ? "currentColor" : "none"} aria-hidden />
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
