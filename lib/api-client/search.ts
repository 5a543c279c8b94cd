import { useInfiniteQuery } from "@tanstack/react-query";

import { keys } from "@/lib/api-client/keys";
import { fetchListPage, initialPages, SEARCH_PAGE_SIZE, type ListPage } from "@/lib/api-client/paging";
export { SEARCH_PAGE_SIZE } from "@/lib/api-client/paging";
import type { SearchResultJson } from "@/lib/server/search/presenters";

/** A search hit: a question card plus `snippet`, sanitized HTML whose only tag is <mark>. */
export type SearchResult = SearchResultJson;

/** GET /api/search?q=, best match first, a page at a time; nothing is read for a blank search. */
export function useSearch(q: string, options: { initialPage?: ListPage<SearchResult> } = {}) {
  const term = q.trim();
  return useInfiniteQuery({
    queryKey: keys.search.pages(term),
    queryFn: ({ pageParam, signal }) => fetchListPage<SearchResult>("/api/search", { q: term, limit: SEARCH_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: term.length > 0,
    ...initialPages(options.initialPage),
  });
}
