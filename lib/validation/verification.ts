// Verdicts on AI answers (issue 16): the same schema checks the Incorrect dialog in the browser and
// the body of POST /api/answers/{id}/verification on the server.
import { z } from "./zod";

/** What a member can say of an AI answer. */
export const verdicts = ["correct", "incorrect"] as const;
export type Verdict = (typeof verdicts)[number];

/** Longest reason an "incorrect" verdict carries (the column is varchar(500)). */
export const VERDICT_REASON_MAX_LENGTH = 500;
/** Shortest reason worth reading: "wrong" alone helps nobody correct the answer. */
export const VERDICT_REASON_MIN_LENGTH = 10;

export const VERDICT_MESSAGE = "Verdict must be correct or incorrect";
export const VERDICT_REASON_REQUIRED_MESSAGE = "Please say what is wrong with this answer";
export const VERDICT_REASON_TOO_SHORT_MESSAGE = `Reason must be at least ${VERDICT_REASON_MIN_LENGTH} characters`;
export const VERDICT_REASON_TOO_LONG_MESSAGE = `Reason must be at most ${VERDICT_REASON_MAX_LENGTH} characters`;

/** POST /api/answers/{id}/verification: a reason is required for "incorrect" and dropped for "correct". */
export const verdictSchema = z
  .object(
    {
      verdict: z.enum(verdicts, { error: VERDICT_MESSAGE }),
      reason: z.string({ error: "Reason must be text" }).trim().max(VERDICT_REASON_MAX_LENGTH, VERDICT_REASON_TOO_LONG_MESSAGE).nullish(),
    },
    { error: "Request body must be a JSON object" },
  )
  .superRefine((input, ctx) => {
    if (input.verdict !== "incorrect") return;
    if (!input.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: VERDICT_REASON_REQUIRED_MESSAGE });
    else if (input.reason.length < VERDICT_REASON_MIN_LENGTH) ctx.addIssue({ code: "custom", path: ["reason"], message: VERDICT_REASON_TOO_SHORT_MESSAGE });
  })
  .transform((input) => ({ verdict: input.verdict, reason: input.verdict === "incorrect" ? (input.reason ?? null) : null }));

export type VerdictInput = z.output<typeof verdictSchema>;

export const HUMAN_ANSWER_VERDICT_MESSAGE = "Only AI answers can be verified";
export const OWN_PROMPT_VERDICT_MESSAGE = "You cannot verify an AI answer you prompted";

/** Longest note a moderator's request for a revision carries (the column is varchar(500)). */
export const REVISION_NOTE_MAX_LENGTH = 500;
export const REVISION_NOTE_TOO_LONG_MESSAGE = `Note must be at most ${REVISION_NOTE_MAX_LENGTH} characters`;

/** POST /api/answers/{id}/revise: an optional note saying what to look at (the body may be empty). */
export const revisionRequestSchema = z
  .object(
    { note: z.string({ error: "Note must be text" }).trim().max(REVISION_NOTE_MAX_LENGTH, REVISION_NOTE_TOO_LONG_MESSAGE).nullish() },
    { error: "Request body must be a JSON object" },
  )
  .transform((input) => ({ note: input.note || null }));

export const REVISION_AUTOMATIC_ONLY_MESSAGE = "Only the automatic AI answer can be revised";
export const REVISION_STAFF_ONLY_MESSAGE = "Only moderators and admins can ask for a revision";
