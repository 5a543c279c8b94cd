/** The home feed's tabs (SPEC.md section 2: ?filter=popular|frequent preselects a tab). */
export type FeedFilter = "newest" | "popular" | "frequent" | "following";

/** The orders of the Filter dialog's "Sorted by" (GET /api/questions?sort=). */
export type FeedSort = "newest" | "activity" | "votes" | "views";

/** The Filter dialog's "Filter by": "all" (labelled 'No answers' by the spec) means no answer filter. */
export type FeedAnswers = "all" | "answered" | "unanswered" | "notAccepted";

/** What the Filter dialog chose on top of a tab; a missing value is the tab's default. */
export interface FeedOptions {
  sort?: FeedSort;
  answers?: Exclude<FeedAnswers, "all">;
  tag?: string;
}

/** Everything the feed's address describes. */
export interface FeedState {
  filter: FeedFilter;
  options: FeedOptions;
}

/** Each tab's order and the query string that selects it (labels and titles: messages "home.feed.tabs" and "home.feed.titles"). */
export const feedTabs: { filter: FeedFilter; href: string; sort: FeedSort }[] = [
  { filter: "newest", href: "/", sort: "newest" },
  { filter: "popular", href: "/?filter=popular", sort: "votes" },
  { filter: "frequent", href: "/?filter=frequent", sort: "views" },
  { filter: "following", href: "/?filter=following", sort: "newest" },
];

/** The tabs of the visitors' question list /questions: the home feed's but Following. */
export const publicFeedTabs = feedTabs.filter((tab) => tab.filter !== "following");

const first = (value: string | string[] | null | undefined) => (Array.isArray(value) ? value[0] : value) ?? undefined;

/** The tab a ?filter= value selects; anything unknown is Newest. */
export function parseFeedFilter(value: string | string[] | null | undefined): FeedFilter {
  const v = first(value);
  return v === "popular" || v === "frequent" || v === "following" ? v : "newest";
}

/** The order a tab lists by when the Filter dialog chose none. */
export function tabSort(filter: FeedFilter): FeedSort {
  return feedTabs.find((tab) => tab.filter === filter)!.sort;
}

/** A tag filter as the server matches it: trimmed, lower-case, at most 50 characters; empty means none. */
export function normalizeTagFilter(value: string | null | undefined): string | undefined {
  const tag = value?.trim().toLowerCase().slice(0, 50);
  return tag ? tag : undefined;
}

/** The feed's state from its address (?filter=, ?sort=, ?answers=, ?tag=); unknown values are ignored. */
export function parseFeedState(get: (name: string) => string | string[] | null | undefined): FeedState {
  const filter = parseFeedFilter(get("filter"));
  const sort = first(get("sort"));
  const answers = first(get("answers"));
  const options: FeedOptions = {};
  if (sort === "newest" || sort === "activity" || sort === "votes" || sort === "views") {
    if (sort !== tabSort(filter)) options.sort = sort;
  }
  if (answers === "answered" || answers === "unanswered" || answers === "notAccepted") options.answers = answers;
  const tag = normalizeTagFilter(first(get("tag")));
  if (tag) options.tag = tag;
  return { filter, options };
}

/** The address of a feed state on `basePath` (only what differs from the defaults; other parameters dropped). */
export function feedHref({ filter, options }: FeedState, basePath: "/" | "/questions" = "/"): string {
  const params = new URLSearchParams();
  if (filter !== "newest") params.set("filter", filter);
  if (options.sort && options.sort !== tabSort(filter)) params.set("sort", options.sort);
  if (options.answers) params.set("answers", options.answers);
  if (options.tag) params.set("tag", options.tag);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** A state of the visitors' list /questions: Following (a member's feed) reads as Newest. */
export function publicFeedState(state: FeedState): FeedState {
  return state.filter === "following" ? { filter: "newest", options: {} } : state;
}

/**
 * The GET /api/questions filters of a state (the tab's order unless the dialog chose one);
 * null for Following, which reads GET /api/feed and takes no filters.
 */
export function listFiltersOf({ filter, options }: FeedState): { sort: FeedSort; answers?: Exclude<FeedAnswers, "all">; tag?: string } | null {
  if (filter === "following") return null;
  return { sort: options.sort ?? tabSort(filter), answers: options.answers, tag: options.tag };
}

/** Whether the Filter dialog narrowed or reordered the list. */
export function hasActiveOptions(options: FeedOptions): boolean {
  return Boolean(options.sort || options.answers || options.tag);
}

/** Whether two states list the same questions. */
export function sameFeedState(a: FeedState, b: FeedState): boolean {
  return feedHref(a) === feedHref(b);
}
