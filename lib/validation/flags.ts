// Flags and the review queue (issue 14): the same schemas check the flag dialog in the browser and
// the bodies of POST /api/flags and POST /api/review/actions on the server.
import { z } from "./zod";

/** What can be flagged. */
export const flagTargetTypes = ["question", "answer", "comment"] as const;
export type FlagTargetType = (typeof flagTargetTypes)[number];

/** Why a post is flagged. */
export const flagReasons = ["spam", "rude", "off_topic", "duplicate", "ai_incorrect", "other"] as const;
export type FlagReason = (typeof flagReasons)[number];

/** The reasons in plain words, as the flag dialog offers them and the review queue names them. */
export const FLAG_REASON_LABELS: Record<FlagReason, { title: string; description: string }> = {
  spam: { title: "Spam", description: "Promotes a product or site without disclosure, or is an advertisement." },
  rude: { title: "Rude or abusive", description: "Insults, harassment or hate that a reasonable person would find offensive." },
  off_topic: { title: "Off topic", description: "Not a question or answer about what this community discusses." },
  duplicate: { title: "Duplicate", description: "This question has already been asked: link the original." },
  ai_incorrect: { title: "AI answer is wrong", description: "The AI-generated answer is incorrect or misleading." },
  other: { title: "Something else", description: "Tell the moderators what is wrong in a few words." },
};

/** Longest explanation a flag carries. */
export const FLAG_DETAILS_MAX_LENGTH = 500;

export const FLAG_TARGET_TYPE_MESSAGE = "Target type must be question, answer or comment";
export const FLAG_TARGET_ID_MESSAGE = "Target id must be a positive integer";
export const FLAG_REASON_MESSAGE = "Reason must be spam, rude, off_topic, duplicate, ai_incorrect or other";
export const FLAG_DETAILS_TOO_LONG_MESSAGE = `Details must be at most ${FLAG_DETAILS_MAX_LENGTH} characters`;
export const FLAG_DETAILS_REQUIRED_MESSAGE = "Please tell the moderators what is wrong";
export const FLAG_DUPLICATE_REQUIRED_MESSAGE = "Please give the id of the original question";
export const FLAG_DUPLICATE_TARGET_MESSAGE = "Only a question can be flagged as a duplicate";

const id = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/flags. */
export const flagCreateSchema = z
  .object(
    {
      targetType: z.enum(flagTargetTypes, { error: FLAG_TARGET_TYPE_MESSAGE }),
      targetId: id(FLAG_TARGET_ID_MESSAGE),
      reason: z.enum(flagReasons, { error: FLAG_REASON_MESSAGE }),
      details: z.string({ error: FLAG_DETAILS_TOO_LONG_MESSAGE }).trim().max(FLAG_DETAILS_MAX_LENGTH, FLAG_DETAILS_TOO_LONG_MESSAGE).optional(),
      duplicateOfId: id(FLAG_DUPLICATE_REQUIRED_MESSAGE).optional().nullable(),
    },
    { error: "Request body must be a JSON object" },
  )
  .superRefine((input, ctx) => {
    if (input.reason === "other" && !input.details) ctx.addIssue({ code: "custom", path: ["details"], message: FLAG_DETAILS_REQUIRED_MESSAGE });
    if (input.reason === "duplicate" && input.targetType !== "question") ctx.addIssue({ code: "custom", path: ["reason"], message: FLAG_DUPLICATE_TARGET_MESSAGE });
    else if (input.reason === "duplicate" && !input.duplicateOfId) ctx.addIssue({ code: "custom", path: ["duplicateOfId"], message: FLAG_DUPLICATE_REQUIRED_MESSAGE });
  });

export type FlagCreateInput = z.output<typeof flagCreateSchema>;

/** What a moderator may do with a flagged post from the review queue. */
export const reviewActions = ["dismiss", "hide", "unhide", "delete", "lock", "suspend"] as const;
export type ReviewAction = (typeof reviewActions)[number];

export const REVIEW_ACTION_MESSAGE = "Action must be dismiss, hide, unhide, delete, lock or suspend";
export const SUSPEND_DAYS_MESSAGE = "Days must be a whole number from 1 to 365";
export const SUSPEND_REASON_MESSAGE = "Please give a reason for the suspension";
export const REVIEW_REASON_MAX_LENGTH = 500;

/** POST /api/review/actions. */
export const reviewActionSchema = z
  .object(
    {
      targetType: z.enum(flagTargetTypes, { error: FLAG_TARGET_TYPE_MESSAGE }),
      targetId: id(FLAG_TARGET_ID_MESSAGE),
      action: z.enum(reviewActions, { error: REVIEW_ACTION_MESSAGE }),
      days: z.number({ error: SUSPEND_DAYS_MESSAGE }).int(SUSPEND_DAYS_MESSAGE).min(1, SUSPEND_DAYS_MESSAGE).max(365, SUSPEND_DAYS_MESSAGE).optional(),
      reason: z.string().trim().max(REVIEW_REASON_MAX_LENGTH, `Reason must be at most ${REVIEW_REASON_MAX_LENGTH} characters`).optional(),
    },
    { error: "Request body must be a JSON object" },
  )
  .superRefine((input, ctx) => {
    if (input.action !== "suspend") return;
    if (input.days === undefined) ctx.addIssue({ code: "custom", path: ["days"], message: SUSPEND_DAYS_MESSAGE });
    if (!input.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: SUSPEND_REASON_MESSAGE });
  });

export type ReviewActionInput = z.output<typeof reviewActionSchema>;
