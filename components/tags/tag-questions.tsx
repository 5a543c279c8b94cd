"use client";

import { useState } from "react";
import { Clock, Flame, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";

import { TagQuestionList } from "@/components/tags/tag-question-list";
import { tagSorts } from "@/components/tags/tag-sort";
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
  const t = useTranslations("tags.questions");
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
          {t("title")}
        </h2>
        <div role="group" aria-label={t("sortLabel")} className="inline-flex rounded-lg bg-muted p-1">
          {tagSorts.map((value) => {
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
                {t(value)}
              </button>
            );
          })}
        </div>
      </div>

      <TagQuestionList query={query} questions={questions} label={t("taggedList", { name: tag.name })} />
    </section>
  );
}
