import Link from "@/components/common/link";
import { Eye, MessageSquare } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

import { AuthorReputation } from "@/components/common/author-reputation";
import { UserAvatar } from "@/components/common/user-avatar";
import { TagChip } from "@/components/question/tag-chip";
import { Button } from "@/components/ui/button";
import { displayName } from "@/lib/display";
import type { QuestionSummaryJson } from "@/lib/server/questions/presenters";

/** SPEC.md section 9: a landing card shows at most 2 tags. */
export const LANDING_CARD_TAG_LIMIT = 2;

const DATE_FORMAT = { month: "short", day: "numeric", year: "numeric" } as const;

/** One trending question on the landing page: title, snippet, author, date, views, answers, tags, View Discussion. */
export function TrendingQuestionCard({ question }: { question: QuestionSummaryJson }) {
  const href = `/questions/${question.id}`;
  const answers = question._count.answers;
  const t = useTranslations("landing.trendingCard");
  const format = useFormatter();
  return (
    <article className="flex h-full flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-xs transition-shadow hover:shadow-md">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <UserAvatar user={question.author} className="size-6 text-[11px]" decorative />
        <span className="truncate font-medium text-foreground/80">{displayName(question.author)}</span>
        <AuthorReputation author={question.author} className="shrink-0" />
        <span aria-hidden>·</span>
        <time dateTime={question.createdAt} className="shrink-0">
          {format.dateTime(new Date(question.createdAt), DATE_FORMAT)}
        </time>
      </div>
      <h3 className="mt-3 text-base leading-snug font-semibold">
        <Link href={href} className="rounded-sm outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {question.title}
        </Link>
      </h3>
      {question.description ? (
        <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-muted-foreground">{question.description}</p>
      ) : null}
      {question.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t("tags")}>
          {question.tags.slice(0, LANDING_CARD_TAG_LIMIT).map((tag) => (
            <li key={tag.id} className="max-w-full">
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex items-center justify-between gap-3 pt-4">
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden /> {format.number(question.viewCount)}
            <span className="sr-only">{t("views", { count: question.viewCount })}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare className="size-3.5" aria-hidden /> {answers}
            <span className="sr-only">{t("answers", { count: answers })}</span>
          </span>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link href={href} aria-label={t("viewDiscussionOf", { title: question.title })}>
            {t("viewDiscussion")}
          </Link>
        </Button>
      </div>
    </article>
  );
}
