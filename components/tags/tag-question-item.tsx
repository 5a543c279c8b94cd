import Link from "@/components/common/link";
import { Eye, MessageSquare } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { AuthorReputation } from "@/components/common/author-reputation";
import { UserAvatar } from "@/components/common/user-avatar";
import { TagChip } from "@/components/question/tag-chip";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { displayName } from "@/lib/display";
import { cn } from "@/lib/utils";

/** A question in a tag page's list (SPEC.md: title, description, tags, answers, views, author, relative time). */
export function TagQuestionItem({ question }: { question: QuestionSummary }) {
  const t = useTranslations("tags.questions");
  const href = `/questions/${question.id}`;
  return (
    <article className="relative rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow hover:shadow-md sm:p-5">
      <h3 className="text-base leading-snug font-semibold tracking-tight sm:text-lg">
        <Link
          href={href}
          className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {question.title}
        </Link>
      </h3>
      {question.description ? <p className="mt-1.5 line-clamp-2 text-sm text-muted-foreground">{question.description}</p> : null}
      {question.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t("tagsList")}>
          {question.tags.slice(0, 5).map((tag) => (
            <li key={tag.id} className="max-w-full">
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-muted-foreground">
        <div className="flex items-center gap-4">
          <span
            className={cn(
              "inline-flex items-center gap-1",
              question._count.answers > 0 && "font-medium text-emerald-700 dark:text-emerald-400",
            )}
          >
            <MessageSquare className="size-3.5" aria-hidden /> {t("answerCount", { count: question._count.answers })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden /> {t("viewCount", { count: question.viewCount })}
          </span>
        </div>
        <div className="flex items-center gap-1.5">
          <Link
            href={`/users/${question.author.id}`}
            className="relative z-10 inline-flex items-center gap-1.5 rounded-sm font-medium text-foreground/80 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <UserAvatar user={question.author} className="size-5 text-[10px]" decorative />
            {displayName(question.author)}
          </Link>
          <AuthorReputation author={question.author} />
          <span aria-hidden>·</span>
          <TimeAgo date={question.createdAt} />
        </div>
      </div>
    </article>
  );
}
