// Tags: the same schema validates the "add new tag" field of the ask dialog in the browser and
// the body of POST /api/tags on the server (SPEC.md sections 3 and 5, docs/API.md).
// Unknown fields are dropped.
import { z } from "./zod";
import { pageQuerySchema } from "@/lib/validation/questions";

export const TAG_NAME_MAX_LENGTH = 50;

export const TAG_NAME_REQUIRED_MESSAGE = "Please enter a tag name";
export const TAG_NAME_TOO_LONG_MESSAGE = `Tag name must be at most ${TAG_NAME_MAX_LENGTH} characters`;
export const TAG_NAME_CHARACTERS_MESSAGE =
  "Tag names may contain only letters, digits and + # . - and must start with a letter or digit";

/** Letters and digits first, then letters, digits, +, #, . and - (c++, c#, node.js, react-native). */
export const TAG_NAME_PATTERN = /^[a-z0-9][a-z0-9+#.-]*$/;

/** A tag name: trimmed, lower-cased, 1 to 50 characters of TAG_NAME_PATTERN. */
export const tagNameSchema = z
  .string({ error: TAG_NAME_REQUIRED_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, { error: TAG_NAME_REQUIRED_MESSAGE, abort: true })
  .max(TAG_NAME_MAX_LENGTH, TAG_NAME_TOO_LONG_MESSAGE)
  .regex(TAG_NAME_PATTERN, TAG_NAME_CHARACTERS_MESSAGE);

/** POST /api/tags and the "add new tag" field. */
export const tagCreateSchema = z.object({ name: tagNameSchema }, { error: "Request body must be a JSON object" });

export type TagCreateFormValues = z.input<typeof tagCreateSchema>;
export type TagCreateInput = z.output<typeof tagCreateSchema>;

/** GET /api/tags: an optional name search (trimmed, lower-cased; empty means all) and paging. */
export const tagListQuerySchema = pageQuerySchema.extend({
  search: z
    .preprocess((value) => (value === null ? undefined : value), z.string().trim().toLowerCase().max(100, "Search must be at most 100 characters").optional())
    .transform((value) => value || undefined),
});

export type TagListQuery = z.output<typeof tagListQuerySchema>;
