import { useTranslations } from "next-intl";

import { SimilarQuestionItem } from "@/components/question/similar-question-item";
import type { SimilarQuestionJson } from "@/lib/server/similar/presenters";

/**
 * The question page's Related questions block (issue 17), below the answers: up to five questions
 * the viewer may see that ask much the same, rendered on the server with the page (and so cached
 * with it for visitors). Nothing shows when there is none.
 */
export function RelatedQuestions({ questions }: { questions: SimilarQuestionJson[] }) {
  const t = useTranslations("similar");
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="related-questions-title" className="mx-auto mt-6 w-full max-w-4xl rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6" data-testid="related-questions">
      <h2 id="related-questions-title" className="mb-3 text-lg font-semibold tracking-tight">
        {t("related.title")}
      </h2>
      <ul className="divide-y">
        {questions.map((question) => (
          <SimilarQuestionItem key={question.id} question={question} />
        ))}
      </ul>
    </section>
  );
}
