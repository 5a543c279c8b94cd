import { CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";

import Link from "@/components/common/link";
import type { SimilarQuestionJson } from "@/lib/server/similar/presenters";

/**
 * One similar question (issue 17), in the Ask dialog's Similar questions panel and the question
 * page's Related questions block: its title as a link, score, answer count, an "Answered" mark
 * when an answer was accepted, and the first lines of its best answer. `newTab` opens it in a new
 * tab (the Ask dialog's draft stays). Plain markup: visitors' pages carry it.
 */
export function SimilarQuestionItem({ question, newTab = false }: { question: SimilarQuestionJson; newTab?: boolean }) {
  const t = useTranslations("similar");
  return (
    <li className="min-w-0 space-y-1 py-2.5 first:pt-0 last:pb-0" data-testid="similar-question">
      <Link
        href={`/questions/${question.id}`}
        target={newTab ? "_blank" : undefined}
        rel={newTab ? "noopener" : undefined}
        className="rounded-sm text-sm font-medium break-words text-primary underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {question.title}
        {newTab ? <span className="sr-only"> {t("item.opensInNewTab")}</span> : null}
      </Link>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>{t("item.votes", { count: question.voteScore })}</span>
        <span>{t("item.answers", { count: question.answerCount })}</span>
        {question.hasAcceptedAnswer ? (
          <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400">
            <CircleCheck className="size-3.5" aria-hidden />
            {t("item.answered")}
          </span>
        ) : null}
      </p>
      {question.snippet ? <p className="line-clamp-2 text-xs break-words text-muted-foreground">{question.snippet}</p> : null}
    </li>
  );
}
