// Questions: the same schemas validate the ask and edit dialogs in the browser and the bodies
// and query strings of /api/questions on the server (SPEC.md sections 5 and 7, docs/API.md).
// Unknown fields are dropped.
import { z } from "./zod";
import { editSummarySchema } from "./revisions";

export const TITLE_MIN_LENGTH = 10;
export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 20_000;
export const MAX_TAGS_PER_QUESTION = 5;

export const TITLE_TOO_SHORT_MESSAGE = "Title must be at least 10 characters";
export const TITLE_TOO_LONG_MESSAGE = "Title must not exceed 200 characters";
export const DESCRIPTION_TOO_LONG_MESSAGE = `Description must not exceed ${DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters`;
export const TAGS_REQUIRED_MESSAGE = "Please select at least one tag";
export const TOO_MANY_TAGS_MESSAGE = `Please select at most ${MAX_TAGS_PER_QUESTION} tags`;
export const GROUP_ID_MESSAGE = "Group must be a group id or null";

const BODY_MESSAGE = "Request body must be a JSON object";
export const NUL_IN_QUERY_MESSAGE = "Query parameters must not contain NUL characters.";

/** The title: trimmed, 10 to 200 characters. */
export const questionTitleSchema = z
  .string({ error: TITLE_TOO_SHORT_MESSAGE })
  .trim()
  .min(TITLE_MIN_LENGTH, TITLE_TOO_SHORT_MESSAGE)
  .max(TITLE_MAX_LENGTH, TITLE_TOO_LONG_MESSAGE);

/** The Markdown description: optional (null and missing become ""), blank lines around it trimmed, at most 20,000 characters. */
export const questionDescriptionSchema = z
  .string({ error: "Description must be text" })
  // Leading blank lines and trailing blanks go; leading spaces of the first line are Markdown (code).
  .transform((value) => value.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd())
  .pipe(z.string().max(DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG_MESSAGE))
  .nullish()
  .transform((value) => value ?? "");

/** Tag ids: positive integers, duplicates dropped, one to five of them. */
export const questionTagIdsSchema = z
  .array(z.number({ error: TAGS_REQUIRED_MESSAGE }).int(TAGS_REQUIRED_MESSAGE).positive(TAGS_REQUIRED_MESSAGE).max(2_147_483_647, TAGS_REQUIRED_MESSAGE), {
    error: TAGS_REQUIRED_MESSAGE,
  })
  .max(100, TOO_MANY_TAGS_MESSAGE)
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(z.number()).min(1, TAGS_REQUIRED_MESSAGE).max(MAX_TAGS_PER_QUESTION, TOO_MANY_TAGS_MESSAGE));

/** POST /api/questions and the Ask a Question dialog. */
export const questionCreateSchema = z.object(
  {
    title: questionTitleSchema,
    description: questionDescriptionSchema,
    tagIds: questionTagIdsSchema,
    groupId: z
      .number({ error: GROUP_ID_MESSAGE })
      .int(GROUP_ID_MESSAGE)
      .positive(GROUP_ID_MESSAGE)
      .max(2_147_483_647, GROUP_ID_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: BODY_MESSAGE },
);

export type QuestionCreateFormValues = z.input<typeof questionCreateSchema>;
export type QuestionCreateInput = z.output<typeof questionCreateSchema>;

/** PUT /api/questions/{id} and the Edit Question dialog: title, description and tags (SPEC.md section 5), and an optional edit summary. */
export const questionUpdateSchema = z.object(
  {
    title: questionTitleSchema,
    description: questionDescriptionSchema,
    tagIds: questionTagIdsSchema,
    summary: editSummarySchema,
  },
  { error: BODY_MESSAGE },
);

export type QuestionUpdateFormValues = z.input<typeof questionUpdateSchema>;
export type QuestionUpdateInput = z.output<typeof questionUpdateSchema>;

/** Orders of the question lists: SPEC.md's filter dialog (newest, Recent activity, Highest score, Most frequent). */
export const questionSorts = ["newest", "activity", "votes", "views"] as const;
export type QuestionSort = (typeof questionSorts)[number];

/** Orders of a tag page (SPEC.md: Newest, Active, Most Votes). */
export const tagQuestionSorts = ["newest", "active", "votes"] as const;
export type TagQuestionSort = (typeof tagQuestionSorts)[number];

/** Lists take at most this many items per page, 20 when not asked (DECISIONS.md section 4). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const LIMIT_MESSAGE = "limit must be a whole number of at least 1";
export const CURSOR_MESSAGE = "Invalid cursor";

/** A query-string parameter that may be absent or empty (both mean "not given"). */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === "" ? undefined : value), schema.optional());

/** `limit` of a list: 1 or more, capped at 100, 20 when absent. */
export const limitParamSchema = optionalParam(
  z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE),
).transform((value) => Math.min(MAX_PAGE_SIZE, value ?? DEFAULT_PAGE_SIZE));

/** `cursor` of a list: an opaque string handed out in X-Next-Cursor. */
export const cursorParamSchema = optionalParam(z.string().max(500, CURSOR_MESSAGE));

/** The paging parameters every list takes. */
export const pageQuerySchema = z.object({ limit: limitParamSchema, cursor: cursorParamSchema });
export type PageQuery = z.output<typeof pageQuerySchema>;

/** GET /api/questions: sort, one tag by name, answered, unanswered or no accepted answer ("all" means any), and paging. */
export const questionListQuerySchema = pageQuerySchema.extend({
  sort: optionalParam(z.enum(questionSorts, { error: "sort must be newest, activity, votes or views" })).transform((v) => v ?? "newest"),
  tag: optionalParam(z.string().trim().toLowerCase().max(200, "tag must be at most 200 characters")).transform((v) => v || undefined),
  answers: optionalParam(z.enum(["all", "answered", "unanswered", "notAccepted"], { error: "answers must be answered, unanswered or notAccepted" })).transform((v) =>
    v === "all" ? undefined : v,
  ),
});
export type QuestionListQuery = z.output<typeof questionListQuerySchema>;

/** GET /api/tags/{id}/questions: the tag page's orders, and paging. */
export const tagQuestionListQuerySchema = pageQuerySchema.extend({
  sort: optionalParam(z.enum(tagQuestionSorts, { error: "sort must be newest, active or votes" })).transform((v) => v ?? "newest"),
});
export type TagQuestionListQuery = z.output<typeof tagQuestionListQuerySchema>;

/** The query parameters of a request URL as a plain object, for the schemas above. */
export function searchParamsOf(url: string | URL): Record<string, string> {
  const params = Object.fromEntries(new URL(url).searchParams);
  // PostgreSQL text cannot hold NUL, so a parameter carrying one could only fail deeper down.
  const withNul = Object.entries(params).find(([key, value]) => `${key}${value}`.includes("\u0000"));
  if (withNul) {
    throw new z.ZodError([{ code: "custom", path: [withNul[0]], message: NUL_IN_QUERY_MESSAGE, input: withNul[1] }]);
  }
  return params;
}

export const ANSWER_ID_MESSAGE = "answerId must be the id of an answer";

/** POST /api/questions/{id}/accept: the answer the asker accepts. */
export const acceptAnswerSchema = z.object(
  { answerId: z.number({ error: ANSWER_ID_MESSAGE }).int(ANSWER_ID_MESSAGE).positive(ANSWER_ID_MESSAGE).max(2_147_483_647, ANSWER_ID_MESSAGE) },
  { error: "Request body must be a JSON object" },
);

export type AcceptAnswerInput = z.output<typeof acceptAnswerSchema>;
