"use client";

import { Award } from "lucide-react";

import Link from "@/components/common/link";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { TimeAgo } from "@/components/common/time-ago";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages } from "@/lib/api-client/paging";
import { useReputationEvents, type Profile, type ReputationEvent } from "@/lib/api-client/users";
import { cn } from "@/lib/utils";

type Reason = ReputationEvent["reason"];

/** What an event says, around the question's title: "Upvote on your answer to" <title>. */
const WORDING: Record<Reason, (whose: string) => { before: string; after?: string; noPost: string }> = {
  answer_upvoted: (whose) => ({ before: `Upvote on ${whose} answer to`, noPost: `Upvote on ${whose} answer` }),
  answer_downvoted: (whose) => ({ before: `Downvote on ${whose} answer to`, noPost: `Downvote on ${whose} answer` }),
  question_upvoted: (whose) => ({ before: `Upvote on ${whose} question`, noPost: `Upvote on ${whose} question` }),
  question_downvoted: (whose) => ({ before: `Downvote on ${whose} question`, noPost: `Downvote on ${whose} question` }),
  downvoted_answer: () => ({ before: "Downvoted an answer to", noPost: "Downvoted an answer" }),
  answer_accepted: (whose) => ({ before: `${cap(whose)} answer to`, after: "was accepted", noPost: `${cap(whose)} answer was accepted` }),
  accepted_answer: () => ({ before: "Accepted an answer to", noPost: "Accepted an answer" }),
  suggested_edit_approved: (whose) => ({ before: `${cap(whose)} suggested edit on`, after: "was approved", noPost: `${cap(whose)} suggested edit was approved` }),
};

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "+10", "−2" (a real minus sign). */
export function signedPoints(points: number): string {
  return `${points > 0 ? "+" : points < 0 ? "−" : ""}${Math.abs(points).toLocaleString("en-US")}`;
}

/** One event as a sentence; the question's title links to the post (the answer itself when there is one). */
export function ReputationEventText({ event, own }: { event: ReputationEvent; own: boolean }) {
  const words = (WORDING[event.reason] ?? (() => ({ before: event.reason, noPost: event.reason })))(own ? "your" : "their");
  if (!event.question) return <>{words.noPost}</>;
  const href = event.answerId ? `/questions/${event.question.id}#answer-${event.answerId}` : `/questions/${event.question.id}`;
  return (
    <>
      {words.before}{" "}
      <Link href={href} className="rounded-sm font-medium text-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 [overflow-wrap:anywhere]">
        {event.question.title}
      </Link>
      {words.after ? ` ${words.after}` : null}
    </>
  );
}

/**
 * A profile's Reputation tab: the member's reputation and the events that made it, newest first
 * ("+10 Upvote on your answer to <title>"), a page at a time.
 */
export function ReputationPanel({ profile, own, name }: { profile: Profile; own: boolean; name: string }) {
  const query = useReputationEvents(profile.id);
  const reputation = (profile.reputation ?? 1).toLocaleString("en-US");
  let body;
  if (query.isPending) {
    body = (
      <div className="space-y-2" role="status" aria-label="Loading">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full rounded-lg" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <LoadError message="This list could not be loaded." onRetry={() => query.refetch()} />;
  } else {
    const events = flattenPages(query.data);
    body =
      events.length === 0 ? (
        <EmptyState icon={Award} title="No Reputation Yet">
          {own
            ? "Reputation comes from the community: up-votes on your questions and answers, and accepted answers."
            : `${name} hasn't earned any reputation yet.`}
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
                  {signedPoints(event.points)}
                </span>
                <p className="min-w-0 flex-1 text-foreground/90">
                  <ReputationEventText event={event} own={own} />
                </p>
                <TimeAgo date={event.createdAt} className="shrink-0 text-xs text-muted-foreground" />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label="Load More" />
        </div>
      );
  }
  return (
    <section aria-labelledby="profile-reputation" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="profile-reputation" className="text-lg font-semibold">
          Reputation
        </h2>
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground tabular-nums">{reputation}</span> in total ·{" "}
          <Link href="/help/privileges" className="font-medium text-primary underline-offset-4 hover:underline">
            What reputation unlocks
          </Link>
        </p>
      </div>
      {body}
    </section>
  );
}
