"use client";

import { MessageSquareDashed } from "lucide-react";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { TagQuestionItem } from "@/components/tags/tag-question-item";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategoryQuestions } from "@/lib/api-client/categories";
import { flattenPages, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";

/**
 * A category page's newest questions (any tag of the category), more a page at a time.
 * `initialPage` is the server's first page.
 */
export function CategoryQuestions({ category, initialPage }: { category: { id: number; name: string }; initialPage: ListPage<QuestionSummary> }) {
  const query = useCategoryQuestions(category.id, { initialPage });
  const questions = flattenPages(query.data);

  return (
    <section aria-labelledby="category-questions-title" className="space-y-4">
      <h2 id="category-questions-title" className="text-lg font-semibold tracking-tight">
        Newest Questions
      </h2>
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
          <ul className="space-y-3" aria-label={`Questions in ${category.name}`}>
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
