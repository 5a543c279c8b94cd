import type { Metadata } from "next";
import { headers } from "next/headers";
import { Search } from "lucide-react";
import { getTranslations } from "next-intl/server";

import { SearchResults } from "@/components/search/search-results";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SEARCH_PAGE_SIZE } from "@/lib/api-client/paging";
import { getViewer, type Viewer } from "@/lib/server/auth/session";
import { AppError } from "@/lib/server/errors";
import { authorize } from "@/lib/server/policy";
import { chargeVisitorSearch } from "@/lib/server/search/limits";
import { presentSearchResult } from "@/lib/server/search/presenters";
import { searchQuestions } from "@/lib/server/search/queries";
import { SEARCH_MAX_LENGTH } from "@/lib/validation/search";
import { PageMessages } from "@/components/common/page-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The search text of ?q=: trimmed and cut to the longest the API accepts; "" when none. */
function termOf(params: Record<string, string | string[] | undefined>): string {
  const raw = Array.isArray(params.q) ? params.q[0] : params.q;
  return (raw ?? "").trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = termOf(await searchParams);
  const t = await getTranslations("search.page");
  return {
    title: q ? t("titleWithQuery", { q }) : t("title"),
    description: t("description"),
    keywords: ["search", "questions", "answers", "Agora"],
    robots: { index: false },
  };
}

/** The first page of results for the viewer, or the seconds to wait when a visitor's network searched too often. */
async function firstPage(viewer: Viewer | null, q: string) {
  try {
    await chargeVisitorSearch(viewer, await headers());
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return { retryAfterSeconds: error.extra.retryAfterSeconds ?? 60 };
    throw error;
  }
  const page = await searchQuestions(viewer, { q, limit: SEARCH_PAGE_SIZE });
  return { page: { items: page.rows.map((row) => presentSearchResult(row, viewer)), nextCursor: page.nextCursor, total: page.total } };
}

/**
 * /search?q= for members and visitors (the top bar's search box submits here): full-text results
 * with highlighted snippets, their count, an empty state, and more a page at a time. Visitors see
 * public questions only and search under a per-IP limit (issue 19); a search engine is kept out
 * (robots.txt, noindex).
 */
async function SearchPageContent({ searchParams }: Props) {
  const viewer = await getViewer();
  authorize(viewer, "question.search");
  const q = termOf(await searchParams);
  const first = q ? await firstPage(viewer, q) : undefined;
  const initial = first?.page;
  const t = await getTranslations("search.page");

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{q ? t("resultsHeading") : t("title")}</h1>
        <form role="search" aria-label={t("formLabel")} action="/search" method="get" className="flex gap-2">
          <div className="relative flex-1">
            <label htmlFor="search-page-q" className="sr-only">
              {t("termsLabel")}
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="search-page-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={t("placeholder")}
              autoComplete="off"
              className="pl-9"
            />
          </div>
          <Button type="submit">{t("submit")}</Button>
        </form>
      </div>

      {first?.retryAfterSeconds ? (
        <p role="alert" className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">
          {t("rateLimited")}
        </p>
      ) : q ? (
        <SearchResults key={q} q={q} initialPage={initial} />
      ) : (
        <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">
          {t("hint")}
        </p>
      )}
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function SearchPage(props: Props) {
  return (
    <PageMessages scope="app/(public)/search/page.tsx">
      <SearchPageContent {...props} />
    </PageMessages>
  );
}
