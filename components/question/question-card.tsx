import Link from "@/components/common/link";
import type { ReactNode } from "react";
import { ArrowBigUp, Check, MessageCircle, MessageSquare, OctagonX, Sparkles, UsersRound } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { AuthorReputation } from "@/components/common/author-reputation";
import { UserAvatar } from "@/components/common/user-avatar";
import { TagChip } from "@/components/question/tag-chip";
import { displayName } from "@/lib/display";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";
import { cn } from "@/lib/utils";

/** SPEC.md: a question card shows at most this many tags. */
export const CARD_TAG_LIMIT = 3;

/**
 * A question in the home feed: votes tally, group, author, time ago, tags, the AI answer's start
 * with "Read full answer", and answer and comment counts (solid green with a check once the asker
 * accepted an answer). `actions` is where the share menu,
 * save toggle and owner menu go.
 */
export function QuestionCard({ question, actions, headingLevel = 2 }: { question: QuestionSummaryJson; actions?: ReactNode; headingLevel?: 2 | 3 }) {
  const t = useTranslations("question");
  const href = `/questions/${question.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const tags = question.tags.slice(0, CARD_TAG_LIMIT);
  const readFullAnswer = t.rich("card.readFullAnswer", { title: question.title, sr: (chunks) => <span className="sr-only">{chunks}</span> });

  return (
    <article className="relative flex gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow hover:shadow-md sm:p-5">
      <VoteTally score={question.voteScore} answers={question._count.answers} accepted={question.hasAcceptedAnswer} />

      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {question.isClosed ? (
            <span
              className="inline-flex items-center gap-1 rounded-md border border-amber-600/40 bg-amber-50 px-1.5 py-0.5 font-medium text-amber-950 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-50"
              data-testid="closed-marker"
            >
              <OctagonX className="size-3" aria-hidden />
              {t("card.closed")}
            </span>
          ) : null}
          {question.group ? (
            <Link
              href={`/groups/${question.group.id}`}
              className="relative z-10 inline-flex items-center gap-1 rounded-md bg-primary/10 px-1.5 py-0.5 font-medium text-accent-foreground outline-none hover:bg-primary/15 focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-primary/20"
            >
              <UsersRound className="size-3" aria-hidden />
              {question.group.name}
            </Link>
          ) : null}
          <Link
            href={`/users/${question.author.id}`}
            className="relative z-10 inline-flex items-center gap-1.5 rounded-sm font-medium text-foreground/80 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <UserAvatar user={question.author} className="size-5 text-[10px]" decorative />
            {displayName(question.author)}
          </Link>
          <AuthorReputation author={question.author} />
          <span aria-hidden>·</span>
          <TimeAgo date={question.createdAt} />
        </div>

        <Heading className="text-base leading-snug font-semibold tracking-tight sm:text-lg">
          <Link
            href={href}
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {question.title}
          </Link>
        </Heading>

        {tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("card.tags")}>
            {tags.map((tag) => (
              <li key={tag.id} className="max-w-full">
                <TagChip tag={tag} />
              </li>
            ))}
          </ul>
        ) : null}

        {question.aiAnswer ? (
          <div className="rounded-lg border border-primary/15 bg-primary/[0.04] p-3 dark:bg-primary/[0.08]">
            <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-accent-foreground">
              <Sparkles className="size-3.5" aria-hidden /> {t("card.aiAnswer")}
            </p>
            <p className="line-clamp-3 text-sm leading-relaxed text-foreground/80">{question.aiAnswer.snippet}</p>
            <Link
              href={`${href}#answer-${question.aiAnswer.id}`}
              className="relative z-10 mt-1.5 inline-block rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {readFullAnswer}
            </Link>
          </div>
        ) : null}

        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-4 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1 sm:hidden">
              <ArrowBigUp className="size-4" aria-hidden /> {t("card.votes", { count: question.voteScore })}
            </span>
            <span
              className={cn(
                "inline-flex items-center gap-1 sm:hidden",
                question.hasAcceptedAnswer && "rounded-md bg-emerald-700 px-1.5 py-0.5 font-medium text-white dark:bg-emerald-800",
              )}
            >
              {question.hasAcceptedAnswer ? <Check className="size-3.5" aria-hidden /> : <MessageSquare className="size-3.5" aria-hidden />}{" "}
              {t("card.answers", { count: question._count.answers })}
              {question.hasAcceptedAnswer ? <span className="sr-only">{t("card.oneAccepted")}</span> : null}
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle className="size-3.5" aria-hidden /> {t("card.comments", { count: question.commentCount })}
            </span>
          </div>
          {actions ? <div className="relative z-10 flex items-center gap-1">{actions}</div> : null}
        </div>
      </div>
    </article>
  );
}

function VoteTally({ score, answers, accepted }: { score: number; answers: number; accepted: boolean }) {
  const t = useTranslations("question");
  return (
    <div className="hidden w-16 shrink-0 flex-col items-center gap-2 pt-1 text-center sm:flex">
      <div className="w-full rounded-lg bg-muted/70 px-1 py-1.5">
        <div className={cn("text-lg leading-none font-semibold tabular-nums", score < 0 && "text-destructive")}>{score}</div>
        <div className="mt-1 text-[11px] text-muted-foreground">{t("card.votesLabel", { count: Math.abs(score) })}</div>
      </div>
      <div
        className={cn(
          "w-full rounded-lg px-1 py-1.5",
          accepted
            ? "bg-emerald-700 text-white dark:bg-emerald-800"
            : answers > 0
              ? "bg-emerald-600/10 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300"
              : "text-muted-foreground",
        )}
        data-testid="answer-count-box"
        title={accepted ? t("card.acceptedTitle") : undefined}
      >
        <div className="inline-flex items-center gap-0.5 text-lg leading-none font-semibold tabular-nums">
          {accepted ? <Check className="size-4" strokeWidth={3} aria-hidden /> : null}
          {answers}
        </div>
        <div className="mt-1 text-[11px]">
          {t("card.answersLabel", { count: answers })}
          {accepted ? <span className="sr-only">{t("card.oneAccepted")}</span> : null}
        </div>
      </div>
    </div>
  );
}
