// Search: the same schema checks the top bar's search box in the browser and the query string
// of GET /api/search on the server (DECISIONS.md section 4, docs/API.md).
import { z } from "./zod";
import { pageQuerySchema } from "@/lib/validation/questions";
import { SEARCH_RESULT_CAP } from "@/lib/validation/messages/search";

export { SEARCH_RESULT_CAP };

export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_REQUIRED_MESSAGE = "Please enter a search term";
export const SEARCH_TOO_LONG_MESSAGE = `Search terms must be at most ${SEARCH_MAX_LENGTH} characters`;

/** The search text: trimmed, 1 to 200 characters. */
export const searchTermSchema = z
  .string({ error: SEARCH_REQUIRED_MESSAGE })
  .trim()
  .min(1, SEARCH_REQUIRED_MESSAGE)
  .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG_MESSAGE);

/** GET /api/search: `q` and paging. */
export const searchQuerySchema = pageQuerySchema.extend({
  q: z.preprocess((value) => value ?? undefined, searchTermSchema),
});

export type SearchQuery = z.output<typeof searchQuerySchema>;
