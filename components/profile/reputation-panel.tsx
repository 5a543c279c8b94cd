"use client";

import { Award } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { TimeAgo } from "@/components/common/time-ago";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages } from "@/lib/api-client/paging";
import { useReputationEvents, type Profile, type ReputationEvent } from "@/lib/api-client/users";
import { cn } from "@/lib/utils";

type Reason = ReputationEvent["reason"];

/** The reasons worded in profile.reputation: "<reason>" around the post's title, "<reason>NoPost" without it. */
const REASONS = [
  "answer_upvoted",
  "answer_downvoted",
  "question_upvoted",
  "question_downvoted",
  "downvoted_answer",
  "answer_accepted",
  "accepted_answer",
  "suggested_edit_approved",
  "ai_answer_reviewed",
] as const satisfies readonly Reason[];

const isWorded = (reason: string): reason is (typeof REASONS)[number] => (REASONS as readonly string[]).includes(reason);

/** "+10", "−2" (a real minus sign); the number in the interface's language when given its formatter. */
export function signedPoints(points: number, formatNumber: (n: number) => string = (n) => n.toLocaleString("en-US")): string {
  return `${points > 0 ? "+" : points < 0 ? "−" : ""}${formatNumber(Math.abs(points))}`;
}

/** One event as a sentence ("Upvote on your answer to <title>"); the question's title links to the post (the answer itself when there is one). */
export function ReputationEventText({ event, own }: { event: ReputationEvent; own: boolean }) {
  const t = useTranslations("profile.reputation");
  const reason = event.reason;
  if (!isWorded(reason)) return <>{reason}</>;
  const whose = own ? "own" : "other";
  if (!event.question) return <>{t(`${reason}NoPost`, { whose })}</>;
  const href = event.answerId ? `/questions/${event.question.id}#answer-${event.answerId}` : `/questions/${event.question.id}`;
  return (
    <>
      {t.rich(reason, {
        whose,
        title: event.question.title,
        post: (chunks) => (
          <Link href={href} className="rounded-sm font-medium text-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 [overflow-wrap:anywhere]">
            {chunks}
          </Link>
        ),
      })}
    </>
  );
}

/**
 * A profile's Reputation tab: the member's reputation and the events that made it, newest first
 * ("+10 Upvote on your answer to <title>"), a page at a time.
 */
export function ReputationPanel({ profile, own, name }: { profile: Profile; own: boolean; name: string }) {
  const t = useTranslations("profile.reputation");
  const format = useFormatter();
  const query = useReputationEvents(profile.id);
  const reputation = format.number(profile.reputation ?? 1);
  let body;
  if (query.isPending) {
    body = (
      <div className="space-y-2" role="status" aria-label={t("loading")}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full rounded-lg" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />;
  } else {
    const events = flattenPages(query.data);
    body =
      events.length === 0 ? (
        <EmptyState icon={Award} title={t("empty")}>
          {own ? t("emptyOwn") : t("emptyOther", { name })}
        </EmptyState>
      ) : (
        <div className="space-y-3">
          <ul className="divide-y rounded-xl border bg-card text-card-foreground shadow-xs">
            {events.map((event) => (
              <li key={event.id} className="flex items-start gap-3 px-4 py-3 text-sm">
                <span
                  className={cn(
                    "mt-0.5 inline-flex min-w-12 shrink-0 justify-center rounded-md px-1.5 py-0.5 text-xs font-semibold tabular-nums",
                    event.points > 0
                      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                      : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
                  )}
                >
                  {signedPoints(event.points, format.number)}
                </span>
                <p className="min-w-0 flex-1 text-foreground/90">
                  <ReputationEventText event={event} own={own} />
                </p>
                <TimeAgo date={event.createdAt} className="shrink-0 text-xs text-muted-foreground" />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label={t("loadMore")} />
        </div>
      );
  }
  const total = t.rich("total", { total: reputation, strong: (chunks) => <span className="font-semibold text-foreground tabular-nums">{chunks}</span> });
  return (
    <section aria-labelledby="profile-reputation" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="profile-reputation" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {total} ·{" "}
          <Link href="/help/privileges" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("whatUnlocks")}
          </Link>
        </p>
      </div>
      {body}
    </section>
  );
}
