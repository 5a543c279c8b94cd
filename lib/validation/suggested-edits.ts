// Suggested edits (issue 13): the same schema validates the Suggest edit dialogs in the browser
// and the body of POST /api/suggested-edits on the server. The proposed fields take the limits
// of a normal edit (questionUpdateSchema, answerUpdateSchema); the summary is required.
import { z } from "./zod";
import { ANSWER_REQUIRED_MESSAGE, answerCreateSchema } from "./answers";
import { pageQuerySchema, questionDescriptionSchema, questionTagIdsSchema, questionTitleSchema } from "./questions";

export const SUGGESTION_SUMMARY_MAX_LENGTH = 300;
export const SUGGESTION_SUMMARY_REQUIRED_MESSAGE = "Please describe your edit in the edit summary";
export const SUGGESTION_SUMMARY_TOO_LONG_MESSAGE = `Edit summary must not exceed ${SUGGESTION_SUMMARY_MAX_LENGTH} characters`;
export const TARGET_TYPE_MESSAGE = "targetType must be question or answer";
export const TARGET_ID_MESSAGE = "targetId must be the id of a question or an answer";
export const NOTHING_PROPOSED_MESSAGE = "Suggest a new title, description or tags";
export const QUESTION_FIELDS_ON_ANSWER_MESSAGE = "An answer has no title, description or tags: suggest its content";
export const CONTENT_ON_QUESTION_MESSAGE = "A question has no content: suggest its title, description or tags";
export const REJECT_REASON_MAX_LENGTH = 500;
export const REJECT_REASON_TOO_LONG_MESSAGE = `Reason must not exceed ${REJECT_REASON_MAX_LENGTH} characters`;

/** The required edit summary of a suggestion: trimmed, 1 to 300 characters. */
export const suggestionSummarySchema = z
  .string({ error: SUGGESTION_SUMMARY_REQUIRED_MESSAGE })
  .trim()
  .min(1, SUGGESTION_SUMMARY_REQUIRED_MESSAGE)
  .max(SUGGESTION_SUMMARY_MAX_LENGTH, SUGGESTION_SUMMARY_TOO_LONG_MESSAGE);

/** POST /api/suggested-edits: a whole or partial proposal for a question, or new content for an answer. */
export const suggestedEditCreateSchema = z
  .object(
    {
      targetType: z.enum(["question", "answer"], { error: TARGET_TYPE_MESSAGE }),
      targetId: z.number({ error: TARGET_ID_MESSAGE }).int(TARGET_ID_MESSAGE).positive(TARGET_ID_MESSAGE).max(2_147_483_647, TARGET_ID_MESSAGE),
      title: questionTitleSchema.optional(),
      description: questionDescriptionSchema.optional(),
      tagIds: questionTagIdsSchema.optional(),
      content: answerCreateSchema.shape.content.optional(),
      summary: suggestionSummarySchema,
    },
    { error: "Request body must be a JSON object" },
  )
  .superRefine((value, ctx) => {
    if (value.targetType === "answer") {
      if (value.title !== undefined || value.description !== undefined || value.tagIds !== undefined) {
        ctx.addIssue({ code: "custom", path: ["title"], message: QUESTION_FIELDS_ON_ANSWER_MESSAGE });
      }
      if (value.content === undefined) ctx.addIssue({ code: "custom", path: ["content"], message: ANSWER_REQUIRED_MESSAGE });
    } else {
      if (value.content !== undefined) ctx.addIssue({ code: "custom", path: ["content"], message: CONTENT_ON_QUESTION_MESSAGE });
      if (value.title === undefined && value.description === undefined && value.tagIds === undefined) {
        ctx.addIssue({ code: "custom", path: ["title"], message: NOTHING_PROPOSED_MESSAGE });
      }
    }
  });

export type SuggestedEditCreateFormValues = z.input<typeof suggestedEditCreateSchema>;
export type SuggestedEditCreateInput = z.output<typeof suggestedEditCreateSchema>;

/** POST /api/suggested-edits/{id}/reject: an optional reason the suggester is told. */
export const suggestedEditRejectSchema = z
  .object(
    {
      reason: z
        .string({ error: "Reason must be text" })
        .trim()
        .max(REJECT_REASON_MAX_LENGTH, REJECT_REASON_TOO_LONG_MESSAGE)
        .nullish()
        .transform((value) => (value ? value : null)),
    },
    { error: "Request body must be a JSON object" },
  );
export type SuggestedEditRejectInput = z.output<typeof suggestedEditRejectSchema>;

export const SUGGESTED_EDIT_STATUSES = ["pending", "approved", "rejected"] as const;
export type SuggestedEditStatus = (typeof SUGGESTED_EDIT_STATUSES)[number];

/** GET /api/suggested-edits: the status (pending when not given) and paging. */
export const suggestedEditListQuerySchema = pageQuerySchema.extend({
  status: z
    .preprocess((v) => (v === null || v === "" ? undefined : v), z.enum(SUGGESTED_EDIT_STATUSES, { error: "status must be pending, approved or rejected" }).optional())
    .transform((v) => v ?? "pending"),
});
export type SuggestedEditListQuery = z.output<typeof suggestedEditListQuerySchema>;
