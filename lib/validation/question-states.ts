// Closing, reopening and locking questions (issues 13 and 14): the same schemas check the Close
// and Lock dialogs in the browser and the bodies of /api/questions/{id}/close and /lock on the server.
import { z } from "./zod";

/** Why a question is closed. */
export const closeReasons = ["duplicate", "off_topic", "needs_details"] as const;
export type CloseReason = (typeof closeReasons)[number];

/** The reasons in plain words, as the Close dialog offers them. */
export const CLOSE_REASON_LABELS: Record<CloseReason, { title: string; description: string }> = {
  duplicate: { title: "Duplicate", description: "This question has already been asked and answered: point readers to the original." },
  off_topic: { title: "Off topic", description: "It is not about what this community discusses." },
  needs_details: { title: "Needs details", description: "It cannot be answered as written: the asker should add what they tried, what happened and what they expected." },
};

/** The close votes that close a question, and the reopen votes that reopen it (a moderator's one call does either at once). */
export const CLOSE_VOTES_NEEDED = 3;

/** Longest reason a lock or unlock keeps (the audit log's). */
export const LOCK_REASON_MAX_LENGTH = 500;

export const CLOSE_REASON_MESSAGE = "Reason must be duplicate, off_topic or needs_details";
export const DUPLICATE_OF_REQUIRED_MESSAGE = "Please give the id of the original question";
export const DUPLICATE_OF_SELF_MESSAGE = "A question cannot be a duplicate of itself";
export const DUPLICATE_OF_NOT_FOUND_MESSAGE = "The original question was not found";
export const LOCK_REASON_TOO_LONG_MESSAGE = `Reason must be at most ${LOCK_REASON_MAX_LENGTH} characters`;
/** What a closed question answers to a new answer (403). */
export const QUESTION_CLOSED_MESSAGE = "This question is closed";
/** What a locked question answers to answers, comments, votes and accepts (403). */
export const QUESTION_LOCKED_MESSAGE = "This question is locked";

const id = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/questions/{id}/close. A duplicateOfId with another reason is ignored. */
export const closeQuestionSchema = z
  .object(
    {
      reason: z.enum(closeReasons, { error: CLOSE_REASON_MESSAGE }),
      duplicateOfId: id(DUPLICATE_OF_REQUIRED_MESSAGE).optional().nullable(),
    },
    { error: "Request body must be a JSON object" },
  )
  .superRefine((input, ctx) => {
    if (input.reason === "duplicate" && !input.duplicateOfId) ctx.addIssue({ code: "custom", path: ["duplicateOfId"], message: DUPLICATE_OF_REQUIRED_MESSAGE });
  })
  .transform((input) => ({ reason: input.reason, duplicateOfId: input.reason === "duplicate" ? input.duplicateOfId! : null }));

export type CloseQuestionInput = z.output<typeof closeQuestionSchema>;

/** POST and DELETE /api/questions/{id}/lock: an optional reason, kept in the audit log (the body may be empty). */
export const lockQuestionSchema = z.object(
  { reason: z.string({ error: LOCK_REASON_TOO_LONG_MESSAGE }).trim().max(LOCK_REASON_MAX_LENGTH, LOCK_REASON_TOO_LONG_MESSAGE).optional().nullable() },
  { error: "Request body must be a JSON object" },
);

export type LockQuestionInput = z.output<typeof lockQuestionSchema>;
