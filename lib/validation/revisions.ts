// Revisions: the edit summary every edit may carry (PUT /api/questions/{id}, PUT /api/answers/{id}).
import { z } from "./zod";

export const EDIT_SUMMARY_MAX_LENGTH = 200;
export const EDIT_SUMMARY_TOO_LONG_MESSAGE = `Edit summary must not exceed ${EDIT_SUMMARY_MAX_LENGTH} characters`;

/** An optional one-line summary of an edit: trimmed, at most 200 characters; blank, null and missing become null. */
export const editSummarySchema = z
  .string({ error: "Edit summary must be text" })
  .trim()
  .max(EDIT_SUMMARY_MAX_LENGTH, EDIT_SUMMARY_TOO_LONG_MESSAGE)
  .nullish()
  .transform((value) => (value ? value : null));
