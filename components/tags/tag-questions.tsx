"use client";

import { useState } from "react";
import { Clock, Flame, MessageSquareDashed, Sparkles } from "lucide-react";

import { TagQuestionItem } from "@/components/tags/tag-question-item";
import { tagSortLabels } from "@/components/tags/tag-sort";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
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
        <LoadError message="Could not load the questions." onRetry={() => query.refetch()} />
      ) : questions.length === 0 ? (
        <EmptyState icon={MessageSquareDashed}>No questions yet</EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label={`Questions tagged ${tag.name}`}>
            {questions.map((question) => (
              <li key={question.id}>
                <TagQuestionItem question={question} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label="Load More Questions" />
        </>
      )}
    </section>
  );
}
