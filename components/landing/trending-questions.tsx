import { TrendingUp } from "lucide-react";
import { useTranslations } from "next-intl";

import { TrendingQuestionCard } from "@/components/landing/trending-question-card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";
import { signUpHref } from "@/lib/auth-links";

function SectionFrame({ children }: { children: React.ReactNode }) {
  const t = useTranslations("landing.trending");
  return (
    <section aria-labelledby="trending-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="flex flex-col items-center text-center">
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
            <TrendingUp className="size-4" aria-hidden /> {t("eyebrow")}
          </p>
          <h2 id="trending-title" className="mt-2 text-3xl font-bold tracking-tight">
            {t("title")}
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">{t("lead")}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * The landing's Trending Questions: up to 5 cards and the sign-up button; nothing at all
 * when there are no questions (SPEC.md section 4: empty means hidden).
 */
export function TrendingQuestions({ questions }: { questions: QuestionSummaryJson[] }) {
  const t = useTranslations("landing.trending");
  if (questions.length === 0) return null;
  return (
    <SectionFrame>
      {/* Flex rather than grid, so that a short last row (5 cards in 3 columns) is centred. */}
      <ul className="mt-10 flex flex-wrap justify-center gap-5">
        {questions.map((question) => (
          <li key={question.id} className="w-full md:w-[calc((100%-1.25rem)/2)] lg:w-[calc((100%-2.5rem)/3)]">
            <TrendingQuestionCard question={question} />
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg">
          <a href={signUpHref()}>{t("join")}</a>
        </Button>
      </div>
    </SectionFrame>
  );
}

/** Three placeholder cards while the trending questions load. */
export function TrendingQuestionsSkeleton() {
  const t = useTranslations("landing.trending");
  return (
    <SectionFrame>
      <div className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t("loading")}>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="space-y-3 rounded-xl border bg-card p-5" data-testid="trending-skeleton">
            <div className="flex items-center gap-2">
              <Skeleton className="size-6 rounded-full" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-5 w-5/6" />
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-3.5 w-2/3" />
            <div className="flex justify-between pt-2">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-8 w-28" />
            </div>
          </div>
        ))}
      </div>
    </SectionFrame>
  );
}
