import type { InfiniteData } from "@tanstack/react-query";

import { readJsonResponse, throwIfResNotOk } from "@/lib/api-client/fetcher";
import { urlFromQueryKey, type KeyParams } from "@/lib/api-client/keys";

/*
 * Cursor pages of the /api lists (DECISIONS.md section 4): `limit` and an opaque `cursor` go
 * out; the next cursor comes back in X-Next-Cursor (absent on the last page) and, for
 * question lists, the total in X-Total-Count.
 */

/*
 * Page sizes of the lists. They live here, with no React Query import, so that server pages
 * fetch their first page with the same size the browser then continues with.
 */
/** Questions per page of a question list ("Load More Questions"). */
export const QUESTION_PAGE_SIZE = 20;
/** Tags per page of the tags directory. */
export const TAG_PAGE_SIZE = 24;
/** Questions per page of a tag page. */
export const TAG_QUESTION_PAGE_SIZE = 20;
/** Questions per page of a category page. */
export const CATEGORY_QUESTION_PAGE_SIZE = 20;
/** Results per page of the search page. */
export const SEARCH_PAGE_SIZE = 20;
/** Notifications per page of the notifications page. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** Conversations and messages per page (issue 15: /messages and /messages/{id}). */
export const CONVERSATION_PAGE_SIZE = 20;
export const MESSAGE_PAGE_SIZE = 30;
/** Groups per page of the groups directory. */
export const GROUP_PAGE_SIZE = 24;
/** Posts per page of a group page. */
export const GROUP_QUESTION_PAGE_SIZE = 20;
/** Entries per page of the audit log (/admin/audit). */
export const AUDIT_PAGE_SIZE = 20;

/** One page of a list: its items, the cursor of the next page (null on the last) and the total when sent. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number | null;
}

/** An infinite query's data. */
export type ListPages<T> = InfiniteData<ListPage<T>, string | null>;

/** What the list helpers below read of an infinite query's data. */
type LoadedPages<T> = { pages: ListPage<T>[] } | undefined;

/** GETs one page of a list (`params` become the query string, with `cursor` when given). */
export async function fetchListPage<T>(
  path: string,
  params: KeyParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  const url = urlFromQueryKey([path, { ...params, cursor: cursor ?? undefined }]);
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfResNotOk(res);
  const items = (await readJsonResponse<T[]>(res)) ?? [];
  const total = res.headers.get("X-Total-Count");
  return {
    items,
    nextCursor: res.headers.get("X-Next-Cursor") || null,
    total: total !== null && total !== "" && Number.isFinite(Number(total)) ? Number(total) : null,
  };
}

/** A server-rendered first page as an infinite query's initialData. */
export function initialPages<T>(page: ListPage<T> | undefined): { initialData: ListPages<T> } | Record<string, never> {
  return page ? { initialData: { pages: [page], pageParams: [null] } } : {};
}

/** Every item of the loaded pages, in order, each once (a refetch may shift an item across a page edge). */
export function flattenPages<T extends { id: number | string }>(data: LoadedPages<T>): T[] {
  if (!data) return [];
  const seen = new Set<number | string>();
  const out: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The total the first page reported (X-Total-Count), or null. */
export function totalOf<T>(data: LoadedPages<T>): number | null {
  return data?.pages[0]?.total ?? null;
}

/** Drops empty filter values, so that equal filters make equal query keys. */
export function compactParams<P extends KeyParams>(params: P): P {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "")) as P;
}
