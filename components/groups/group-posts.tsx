"use client";

import { useEffect, useId, useState } from "react";
import { MessageSquareDashed, PenSquare, Search } from "lucide-react";
import { useTranslations } from "next-intl";

import { QuestionCard } from "@/components/question/question-card";
import { QuestionCardActions } from "@/components/question/question-card-actions";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useGroupQuestions } from "@/lib/api-client/groups";
import { flattenPages, totalOf, type ListPage } from "@/lib/api-client/paging";
import type { QuestionSummary } from "@/lib/api-client/questions";
import { GROUP_SEARCH_MAX_LENGTH } from "@/lib/validation/groups";
import { useTypedBeforeHydration } from "@/lib/early/use-typed-before-hydration";

/** How long the search waits for typing to pause. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A group's posts, newest first, with "Search posts in this group..." (title or description,
 * kept in ?search=) and more a page at a time. `initialPage` is the server's first page for
 * `initialSearch`; `onNewPost` is offered in the empty state to members.
 */
export function GroupPosts({
  groupId,
  initialSearch,
  initialPage,
  onNewPost,
}: {
  groupId: number;
  initialSearch: string;
  initialPage?: ListPage<QuestionSummary>;
  onNewPost?: () => void;
}) {
  const t = useTranslations("groups.posts");
  const id = useId();
  const [input, setInput] = useState(initialSearch);
  const typedEarly = useTypedBeforeHydration(input, setInput);
  const [search, setSearch] = useState(initialSearch);

  useEffect(() => {
    const next = input.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      const url = new URL(window.location.href);
      if (next) url.searchParams.set("search", next);
      else url.searchParams.delete("search");
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search]);

  const query = useGroupQuestions(groupId, search, { initialPage: search === initialSearch ? initialPage : undefined });
  const questions = flattenPages(query.data);
  const total = totalOf(query.data) ?? questions.length;
  const stale = query.isPlaceholderData;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {query.isPending
              ? t("loading")
              : stale
                ? t("searching")
                : search
                  ? t("countMatching", { count: total, search })
                  : t("count", { count: total })}
          </p>
        </div>
        <form role="search" aria-label={t("searchForm")} className="relative w-full sm:max-w-xs" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={`${id}-search`} className="sr-only">
            {t("searchLabel")}
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={`${id}-search`}
            type="search"
            ref={typedEarly}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            maxLength={GROUP_SEARCH_MAX_LENGTH}
            className="pl-9"
          />
        </form>
      </div>

      {query.isPending ? (
        <PostsSkeleton />
      ) : query.isError && questions.length === 0 ? (
        <LoadError message={t("loadError")} onRetry={() => query.refetch()} />
      ) : questions.length === 0 ? (
        <EmptyState
          icon={MessageSquareDashed}
          action={
            !search && onNewPost ? (
              <Button onClick={onNewPost}>
                <PenSquare aria-hidden /> {t("writeFirst")}
              </Button>
            ) : undefined
          }
        >
          {search ? t("noMatch", { search }) : t("none")}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-4" aria-label={t("list")} aria-busy={stale || undefined}>
            {questions.map((question) => (
              <li key={question.id} className={stale ? "opacity-60 transition-opacity" : undefined}>
                <QuestionCard question={question} headingLevel={3} actions={<QuestionCardActions question={question} />} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label={t("loadMore")} />
        </>
      )}
    </section>
  );
}

/** Three placeholder cards while the posts load. */
function PostsSkeleton() {
  const t = useTranslations("groups.posts");
  return (
    <div className="space-y-4" role="status" aria-label={t("loadingAria")}>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
          <Skeleton className="h-3 w-40" />
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}
