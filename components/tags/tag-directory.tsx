"use client";

import { useEffect, useId, useState } from "react";
import { Search, Tags } from "lucide-react";

import { TagCard } from "@/components/tags/tag-card";
import { EmptyState, LoadError, LoadMoreButton } from "@/components/common/list-states";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { flattenPages, totalOf, type ListPage } from "@/lib/api-client/paging";
import { useTagDirectory, type Tag } from "@/lib/api-client/tags";

/** How long the search waits for typing to pause. */
const SEARCH_DEBOUNCE_MS = 300;

/** SPEC.md section 2's count line: 'n tags available', or 'Found n tags matching' a search. */
export function tagCountText(total: number, search: string): string {
  const tags = `${total.toLocaleString("en-US")} ${total === 1 ? "tag" : "tags"}`;
  return search ? `Found ${tags} matching “${search}”` : `${tags} available`;
}

/**
 * Explore Tags (SPEC.md section 2): a name search (kept in ?search=), the count line, the tag
 * cards with Follow for members, and more tags a page at a time. `initialPage` is the server's
 * first page for `initialSearch`; `initialFollowing` the member's follow state of its tags.
 */
export function TagDirectory({
  initialSearch,
  initialPage,
  initialFollowing,
  signedIn,
}: {
  initialSearch: string;
  initialPage: ListPage<Tag>;
  initialFollowing: Record<number, boolean>;
  signedIn: boolean;
}) {
  const id = useId();
  const [input, setInput] = useState(initialSearch);
  const [search, setSearch] = useState(initialSearch);

  useEffect(() => {
    const next = input.trim().toLowerCase();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      const url = new URL(window.location.href);
      if (next) url.searchParams.set("search", next);
      else url.searchParams.delete("search");
      window.history.replaceState(null, "", `${url.pathname}${url.search}`);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search]);

  const query = useTagDirectory(search, { initialPage: search === initialSearch ? initialPage : undefined });
  const tags = flattenPages(query.data);
  const total = totalOf(query.data) ?? tags.length;
  const showingOld = query.isPlaceholderData;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Explore Tags</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {query.isPending ? "Loading tags…" : showingOld ? "Searching…" : tagCountText(total, search)}
          </p>
        </div>
        <form role="search" aria-label="Tags" className="relative w-full sm:max-w-xs" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={`${id}-search`} className="sr-only">
            Search tags by name
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={`${id}-search`}
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="Search tags..."
            autoComplete="off"
            maxLength={100}
            className="pl-9"
          />
        </form>
      </div>

      {query.isPending ? (
        <TagGridSkeleton />
      ) : query.isError && tags.length === 0 ? (
        <LoadError message="Could not load the tags." onRetry={() => query.refetch()} />
      ) : tags.length === 0 ? (
        <EmptyState icon={Tags}>{search ? `No tags match “${search}”.` : "No tags available"}</EmptyState>
      ) : (
        <>
          <ul
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            aria-label="Tags"
            aria-busy={showingOld || undefined}
            data-stale={showingOld || undefined}
          >
            {tags.map((tag) => (
              <li key={tag.id} className={showingOld ? "opacity-60 transition-opacity" : undefined}>
                <TagCard tag={tag} signedIn={signedIn} initialIsFollowing={initialFollowing[tag.id]} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label="Load More Tags" />
        </>
      )}
    </div>
  );
}

function TagGridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading tags">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="space-y-4 rounded-xl border bg-card p-5">
          <div className="flex justify-between">
            <Skeleton className="h-6 w-24" />
            <Skeleton className="h-8 w-24" />
          </div>
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-8 w-32" />
        </div>
      ))}
    </div>
  );
}
