"use client";

import Link from "@/components/common/link";
import { SearchX } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import { AuthorReputation } from "@/components/common/author-reputation";
import { UserAvatar } from "@/components/common/user-avatar";
import { QuestionCardActions } from "@/components/question/question-card-actions";
import { TagChip } from "@/components/question/tag-chip";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages, totalOf, type ListPage } from "@/lib/api-client/paging";
import { useSearch, type SearchResult } from "@/lib/api-client/search";
import { displayName } from "@/lib/display";
import { SEARCH_RESULT_CAP } from "@/lib/validation/messages/search";

type SearchT = ReturnType<typeof useTranslations<"search">>;

/** The result count line of a search; a total at the cap means at least that many ("300+ results"). */
export function resultCountText(t: SearchT, total: number, q: string): string {
  return total >= SEARCH_RESULT_CAP ? t("results.countCapped", { count: SEARCH_RESULT_CAP, q }) : t("results.count", { count: total, q });
}

/**
 * The results of a search (GET /api/search), best match first, more a page at a time. Each
 * snippet is the server's sanitized HTML whose only tag is <mark>.
 */
export function SearchResults({ q, initialPage }: { q: string; initialPage?: ListPage<SearchResult> }) {
  const t = useTranslations("search");
  const query = useSearch(q, { initialPage });
  const results = flattenPages(query.data);
  const total = totalOf(query.data) ?? results.length;

  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label={t("results.searching")}>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && results.length === 0) {
    return (
      <LoadError message={t("results.error")} onRetry={() => query.refetch()} />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {resultCountText(t, total, q)}
      </p>
      {results.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t("results.noneTitle", { q })}
          action={
            <Button asChild>
              <Link href="/?ask=1">{t("results.ask")}</Link>
            </Button>
          }
        >
          {t("results.noneBody")}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label={t("results.label")}>
            {results.map((result) => (
              <li key={result.id}>
                <SearchResultItem result={result} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label={t("results.loadMore")} />
        </>
      )}
    </div>
  );
}

/** One hit: the title, the highlighted snippet, tags, counts, author, time and the card actions. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  const t = useTranslations("search");
  const href = `/questions/${result.id}`;
  return (
    <article className="relative rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow hover:shadow-md sm:p-5">
      <h2 className="text-base leading-snug font-semibold tracking-tight sm:text-lg">
        <Link
          href={href}
          className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {result.title}
        </Link>
      </h2>
      {result.snippet ? (
        <p
          className="mt-1.5 line-clamp-3 text-sm leading-relaxed text-muted-foreground [&_mark]:rounded-sm [&_mark]:bg-amber-200/80 [&_mark]:px-0.5 [&_mark]:text-foreground dark:[&_mark]:bg-amber-400/30"
          // Sanitized on the server down to text and <mark> (lib/server/search/presenters.ts).
          dangerouslySetInnerHTML={{ __html: result.snippet }}
        />
      ) : null}
      {result.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t("results.tags")}>
          {result.tags.slice(0, 3).map((tag) => (
            <li key={tag.id} className="max-w-full">
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <Link
            href={`/users/${result.author.id}`}
            className="relative z-10 inline-flex items-center gap-1.5 rounded-sm font-medium text-foreground/80 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <UserAvatar user={result.author} className="size-5 text-[10px]" decorative />
            {displayName(result.author)}
          </Link>
          <AuthorReputation author={result.author} className="-ml-1.5" />
          <TimeAgo date={result.createdAt} />
          <span>{t("results.votes", { count: result.voteScore })}</span>
          <span>{t("results.answers", { count: result._count.answers })}</span>
        </div>
        <div className="relative z-10 flex items-center gap-1">
          <QuestionCardActions question={result} />
        </div>
      </div>
    </article>
  );
}
