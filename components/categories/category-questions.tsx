"use client";

import { useTranslations } from "next-intl";

import { TagQuestionList } from "@/components/tags/tag-question-list";
import { useCategoryQuestions } from "@/lib/api-client/categories";
import { flattenPages, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";

/**
 * A category page's newest questions (any tag of the category), more a page at a time.
 * `initialPage` is the server's first page.
 */
export function CategoryQuestions({ category, initialPage }: { category: { id: number; name: string }; initialPage: ListPage<QuestionSummary> }) {
  const t = useTranslations("tags.category");
  const query = useCategoryQuestions(category.id, { initialPage });
  const questions = flattenPages(query.data);

  return (
    <section aria-labelledby="category-questions-title" className="space-y-4">
      <h2 id="category-questions-title" className="text-lg font-semibold tracking-tight">
        {t("newest")}
      </h2>
      <TagQuestionList query={query} questions={questions} label={t("questionsIn", { name: category.name })} />
    </section>
  );
}
