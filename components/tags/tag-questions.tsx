"use client";

import { useState } from "react";
import { Clock, Flame, Loader2, MessageSquareDashed, RefreshCw, Sparkles } from "lucide-react";

import { TagQuestionItem } from "@/components/tags/tag-question-item";
import { tagSortLabels } from "@/components/tags/tag-sort";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { useTagQuestions, type TagQuestionSort } from "@/lib/api-client/tags";
import { cn } from "@/lib/utils";

const sortIcons: Record<TagQuestionSort, typeof Clock> = { newest: Sparkles, active: Clock, votes: Flame };

/**
 * A tag page's questions with the Newest / Active / Most Votes buttons (kept in ?sort=),
 * more a page at a time. `initialPage` is the server's first page in `initialSort`.
 */
export function TagQuestions({
  tag,
  initialSort,
  initialPage,
}: {
  tag: { id: number; name: string };
  initialSort: TagQuestionSort;
  initialPage: ListPage<QuestionSummary>;
}) {
  const [sort, setSort] = useState<TagQuestionSort>(initialSort);
  const query = useTagQuestions(tag.id, sort, { initialPage: sort === initialSort ? initialPage : undefined });
  const questions = flattenPages(query.data);

  function changeSort(next: TagQuestionSort) {
    setSort(next);
    const url = new URL(window.location.href);
    if (next === "newest") url.searchParams.delete("sort");
    else url.searchParams.set("sort", next);
    window.history.replaceState(null, "", `${url.pathname}${url.search}`);
  }

  return (
    <section aria-labelledby="tag-questions-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tag-questions-title" className="text-lg font-semibold tracking-tight">
          Questions
        </h2>
        <div role="group" aria-label="Sort questions" className="inline-flex rounded-lg bg-muted p-1">
          {tagSortLabels.map(({ value, label }) => {
            const Icon = sortIcons[value];
            return (
              <button
                key={value}
                type="button"
                aria-pressed={sort === value}
                onClick={() => changeSort(value)}
                className={cn(
                  "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  sort === value ? "bg-background text-foreground shadow-sm dark:bg-input/40" : "hover:text-foreground",
                )}
              >
                <Icon className="size-3.5" aria-hidden />
                {label}
              </button>
            );
          })}
        </div>
      </div>

      {query.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading questions">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          ))}
        </div>
      ) : query.isError && questions.length === 0 ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
          <p className="text-sm text-muted-foreground">Could not load the questions.</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : questions.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20">
            <MessageSquareDashed className="size-6" aria-hidden />
          </span>
          <p className="mt-4 text-sm text-muted-foreground">No questions yet</p>
        </div>
      ) : (
        <>
          <ul className="space-y-3" aria-label={`Questions tagged ${tag.name}`}>
            {questions.map((question) => (
              <li key={question.id}>
                <TagQuestionItem question={question} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="flex justify-center pt-1">
              <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className="min-w-48">
                {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {query.isFetchingNextPage ? "Loading..." : "Load More Questions"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
