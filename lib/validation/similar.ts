// Similar questions (issue 17): the query string of GET /api/questions/similar, and the bounds
// the Ask dialog keeps to when it sends the draft (docs/API.md).
import { z } from "./zod";
import { TITLE_MAX_LENGTH, TITLE_TOO_LONG_MESSAGE } from "./questions";

/** How much of the draft's description the Ask dialog sends (the first lines say what it is about). */
export const SIMILAR_DESCRIPTION_SENT = 1_000;
/** The most the route accepts; a longer description is refused rather than cut silently. */
export const SIMILAR_DESCRIPTION_MAX_LENGTH = 2_000;
/** Titles shorter than this are not looked up: too few letters to say anything. */
export const SIMILAR_TITLE_MIN_LENGTH = 3;
/** At most this many similar questions come back. */
export const SIMILAR_LIMIT = 5;

export const SIMILAR_TITLE_REQUIRED_MESSAGE = `Please enter a title of at least ${SIMILAR_TITLE_MIN_LENGTH} characters to look for similar questions`;
export const SIMILAR_DESCRIPTION_TOO_LONG_MESSAGE = `The description sent to look for similar questions must be at most ${SIMILAR_DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters`;

/** GET /api/questions/similar: `title` (3 to 200 characters, trimmed) and an optional `description` (at most 2,000). */
export const similarQuerySchema = z.object({
  title: z.preprocess(
    (value) => value ?? "",
    z.string().trim().min(SIMILAR_TITLE_MIN_LENGTH, SIMILAR_TITLE_REQUIRED_MESSAGE).max(TITLE_MAX_LENGTH, TITLE_TOO_LONG_MESSAGE),
  ),
  description: z.preprocess(
    (value) => value ?? "",
    z.string().max(SIMILAR_DESCRIPTION_MAX_LENGTH, SIMILAR_DESCRIPTION_TOO_LONG_MESSAGE).transform((value) => value.trim()),
  ),
});

export type SimilarQuery = z.output<typeof similarQuerySchema>;
