"use client";

import { useEffect, useMemo, useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { MessageSquarePlus } from "lucide-react";
import { useTranslations } from "next-intl";

import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { FeedEmptyState } from "@/components/home/feed-empty-state";
import {
  feedHref,
  hasActiveOptions,
  listFiltersOf,
  parseFeedState,
  publicFeedState,
  publicFeedTabs,
  sameFeedState,
  tabSort,
  type FeedFilter,
  type FeedOptions,
  type FeedState,
} from "@/components/home/feed-filter";
import { FeedFilterChips } from "@/components/home/feed-filter-chips";
import { FeedFilterControl } from "@/components/home/feed-filter-button";
import { FeedTabs } from "@/components/home/feed-tabs";
import type { AskGroupOption } from "@/components/question/ask-question-dialog";
import { AskQuestionLink } from "@/components/question/ask-question-link";
import { QuestionCard } from "@/components/question/question-card";
import { QuestionCardActions } from "@/components/question/question-card-actions";
import { LoadError, LoadMoreButton } from "@/components/common/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages, QUESTION_PAGE_SIZE, totalOf, type ListPage } from "@/lib/api-client/paging";
import { useFeed, useQuestionList, type QuestionSummary } from "@/lib/api-client/questions";
import { signInHref } from "@/lib/auth-links";

// A member's Ask dialog (its form, zod and react-hook-form) loads only where it is rendered: a
// visitor's /questions does not carry it (issue 18).
const AskQuestionDialog = dynamic(() => import("@/components/question/ask-question-dialog").then((m) => m.AskQuestionDialog));

/** SPEC.md section 2: three placeholders while the list loads. */
export const FEED_SKELETON_COUNT = 3;

/** Moves the address to a feed state without a server round trip (the list is read by React Query). */
function goTo(state: FeedState, mode: "push" | "replace", basePath: "/" | "/questions") {
  const href = feedHref(state, basePath);
  if (mode === "push") window.history.pushState(null, "", href);
  else window.history.replaceState(null, "", href);
}

/**
 * The signed-in home feed (SPEC.md section 2): the tab's title and question count, Ask
 * Question, the Filter dialog and its chips, the tabs, the cards with their actions, three
 * placeholders while loading, "Load More Questions", and a refresh every 30 seconds. The
 * address (?filter=, ?sort=, ?answers=, ?tag=) is the state; `initialPage` is the server's
 * first page of `initialState`, `pageSize` questions long (the member's questions per page),
 * and "Load More" and the refresh read pages of that size. ?ask=1 opens the Ask dialog and is
 * then removed. With `visitor`, it is the visitors' list /questions (issue 19): no Following tab,
 * and Ask Question leads to the sign-in page. `intro` (the first-run card) shows between the title and the tabs.
 */
export function QuestionFeed({
  initialState,
  initialPage,
  pageSize = QUESTION_PAGE_SIZE,
  groups = [],
  visitor = false,
  intro,
}: {
  initialState: FeedState;
  initialPage: ListPage<QuestionSummary>;
  pageSize?: number;
  groups?: AskGroupOption[];
  visitor?: boolean;
  intro?: ReactNode;
}) {
  const t = useTranslations("home.feed");
  const searchParams = useSearchParams();
  const basePath = visitor ? "/questions" : "/";
  const state = useMemo(() => {
    const parsed = parseFeedState((name) => searchParams?.get(name));
    return visitor ? publicFeedState(parsed) : parsed;
  }, [searchParams, visitor]);
  const { filter, options } = state;
  const fromServer = sameFeedState(state, initialState);
  const listFilters = listFiltersOf(state);

  const list = useQuestionList(listFilters ?? {}, {
    pageSize,
    enabled: listFilters !== null,
    initialPage: fromServer && listFilters !== null ? initialPage : undefined,
  });
  const feed = useFeed({
    pageSize,
    enabled: filter === "following",
    initialPage: fromServer && filter === "following" ? initialPage : undefined,
  });
  const query = filter === "following" ? feed : list;
  const questions = flattenPages(query.data);
  const total = totalOf(query.data);

  const [askOpen, setAskOpen] = useState(false);
  // ?ask=1 (the mobile menu's Ask Question) opens the dialog once per arrival of the parameter.
  const askParam = searchParams?.get("ask") ?? null;
  const [seenAskParam, setSeenAskParam] = useState<string | null>(null);
  if (askParam !== seenAskParam) {
    setSeenAskParam(askParam);
    if (askParam === "1" && !visitor) setAskOpen(true);
  }
  useEffect(() => {
    if (askParam !== "1" || visitor) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("ask");
    window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
  }, [askParam, visitor]);

  const title = t(`titles.${filter}`);
  useEffect(() => {
    // The home page is the root segment, so its server title carries no " · Agora" suffix either.
    document.title = visitor ? `${title} · Agora` : title;
  }, [title, visitor]);

  function changeTab(next: FeedFilter) {
    if (next === filter) return;
    // A tab sets the order; the answer and tag filters carry over (Following takes none).
    goTo({ filter: next, options: next === "following" ? {} : { answers: options.answers, tag: options.tag } }, "push", basePath);
  }
  const setOptions = (next: FeedOptions) => goTo({ filter, options: next }, "replace", basePath);
  const clearAll = () => setOptions({});
  const filtered = filter !== "following" && hasActiveOptions(options);

  return (
    <div className="min-w-0 flex-1 space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {total === null ? (query.isPending ? t("loading") : "\u00a0") : t("count", { count: total })}
          </p>
        </div>
        {/* Ask Question first in the tab order (the page's main action), last on screen. */}
        {/* Wraps on a phone: "Se connecter pour poser une question" takes a line of its own. */}
        <div className="flex max-w-full flex-row-reverse flex-wrap items-center justify-start gap-2">
          {visitor ? (
            <SignInPrompt returnTo="/?ask=1" label={t("signInToAsk")} size="default" className="h-auto min-h-9 max-w-full whitespace-normal text-left" />
          ) : (
            <>
              <AskQuestionLink onOpen={() => setAskOpen(true)} icon={<MessageSquarePlus aria-hidden />} />
              <AskQuestionDialog open={askOpen} onOpenChange={setAskOpen} groups={groups} />
            </>
          )}
          {filter !== "following" ? <FeedFilterControl options={options} defaultSort={tabSort(filter)} onApply={setOptions} /> : null}
        </div>
      </div>

      {intro}

      <FeedTabs current={filter} onChange={changeTab} tabs={visitor ? publicFeedTabs : undefined}>
        {filtered ? (
          <FeedFilterChips
            options={options}
            onRemove={(name) => {
              const next = { ...options };
              delete next[name];
              setOptions(next);
            }}
            onClearAll={clearAll}
          />
        ) : null}

        {query.isPending ? (
          <FeedSkeleton />
        ) : query.isError && questions.length === 0 ? (
          <LoadError message={t("loadError")} onRetry={() => query.refetch()} />
        ) : questions.length === 0 ? (
          <FeedEmptyState
            filter={filter}
            filtered={filtered}
            onAsk={visitor ? undefined : () => setAskOpen(true)}
            askHref={visitor ? signInHref("/?ask=1") : "/?ask=1"}
            onClearFilters={clearAll}
          />
        ) : (
          <>
            <ul className="space-y-4" aria-label={title}>
              {questions.map((question) => (
                <li key={question.id}>
                  <QuestionCard question={question} actions={<QuestionCardActions question={question} />} />
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <LoadMoreButton query={query} label={t("loadMore")} />
            ) : (
              <p className="pt-2 text-center text-xs text-muted-foreground">{t("caughtUp")}</p>
            )}
          </>
        )}
      </FeedTabs>
    </div>
  );
}

/** Three placeholder cards while the list loads. */
export function FeedSkeleton() {
  const t = useTranslations("home.feed");
  return (
    <div className="space-y-4" role="status" aria-label={t("loadingLabel")}>
      {Array.from({ length: FEED_SKELETON_COUNT }, (_, i) => (
        <div key={i} className="flex gap-4 rounded-xl border bg-card p-4 sm:p-5" data-testid="feed-skeleton">
          <div className="hidden w-16 shrink-0 space-y-2 sm:block">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
          <div className="flex-1 space-y-3">
            <div className="flex items-center gap-2">
              <Skeleton className="size-5 rounded-full" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-5 w-4/5" />
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-14" />
              <Skeleton className="h-5 w-16" />
            </div>
            <Skeleton className="h-16 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
