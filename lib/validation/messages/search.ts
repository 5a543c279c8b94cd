// Search: the limits without zod, for code that reaches the browser (lib/validation/messages/answers.ts
// says why). The schema module re-exports them.
/**
 * A search ranks at most this many matches, the most recent ones the viewer may see, and its
 * total (X-Total-Count) stops there: the search page then says "300+ results"
 * (lib/server/search/queries.ts explains the bound).
 */
export const SEARCH_RESULT_CAP = 300;
