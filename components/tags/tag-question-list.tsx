"use client";

import { MessageSquareDashed } from "lucide-react";
import { useTranslations } from "next-intl";

import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { TagQuestionItem } from "@/components/tags/tag-question-item";
import { Skeleton } from "@/components/ui/skeleton";
import type { QuestionSummary } from "@/lib/api-client/questions";

/** What the list needs of a TanStack infinite query of question pages. */
interface QuestionPagesQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * A paged list of question items (tag and category pages): skeletons while the first page
 * loads, the error with Retry, the empty state, then the items and "Load More Questions".
 */
export function TagQuestionList({ query, questions, label }: { query: QuestionPagesQuery; questions: QuestionSummary[]; label: string }) {
  const t = useTranslations("tags.questions");
  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label={t("loading")}>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && questions.length === 0) return <LoadError message={t("loadError")} onRetry={() => query.refetch()} />;
  if (questions.length === 0) return <EmptyState icon={MessageSquareDashed}>{t("none")}</EmptyState>;
  return (
    <>
      <ul className="space-y-3" aria-label={label}>
        {questions.map((question) => (
          <li key={question.id}>
            <TagQuestionItem question={question} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} label={t("loadMore")} />
    </>
  );
}
