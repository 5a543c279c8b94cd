// AI previews: the same schema checks the Generate AI Answer box in the browser and the body of
// POST /api/questions/{id}/generate-preview on the server (SPEC.md sections 5 and 8).
import { z } from "./zod";
import { locales } from "@/lib/i18n/locales";
import { PROMPT_REQUIRED_TITLE, PROMPT_REQUIRED_MESSAGE, LOGIN_REQUIRED_TITLE, LOGIN_REQUIRED_MESSAGE, NO_CONTENT_MESSAGE, GENERATE_FAILED_MESSAGE, AI_NOT_CONFIGURED_MESSAGE } from "@/lib/validation/messages/ai";
import { CUSTOM_PROMPT_MAX_LENGTH, CUSTOM_PROMPT_TOO_LONG_MESSAGE } from "@/lib/validation/answers";
import { MAX_TAGS_PER_QUESTION, TAGS_REQUIRED_MESSAGE, TOO_MANY_TAGS_MESSAGE, questionCreateSchema, questionDescriptionSchema, questionTitleSchema } from "@/lib/validation/questions";

/** POST /api/questions/{id}/generate-preview: the member's own prompt, trimmed, non-empty. */
export const previewRequestSchema = z.object(
  {
    customPrompt: z
      .string({ error: PROMPT_REQUIRED_MESSAGE })
      .trim()
      .min(1, PROMPT_REQUIRED_MESSAGE)
      .max(CUSTOM_PROMPT_MAX_LENGTH, CUSTOM_PROMPT_TOO_LONG_MESSAGE),
  },
  { error: "Request body must be a JSON object" },
);

export type PreviewRequest = z.infer<typeof previewRequestSchema>;

export { PROMPT_REQUIRED_TITLE, PROMPT_REQUIRED_MESSAGE, LOGIN_REQUIRED_TITLE, LOGIN_REQUIRED_MESSAGE, NO_CONTENT_MESSAGE, GENERATE_FAILED_MESSAGE, AI_NOT_CONFIGURED_MESSAGE };

/** POST /api/ai/draft-answer: the draft of the Ask dialog (title as when posting; tags may still be missing). */
export const draftAnswerRequestSchema = z.object(
  {
    title: questionTitleSchema,
    description: questionDescriptionSchema,
    tagIds: z
      .array(z.number({ error: TAGS_REQUIRED_MESSAGE }).int(TAGS_REQUIRED_MESSAGE).positive(TAGS_REQUIRED_MESSAGE).max(2_147_483_647, TAGS_REQUIRED_MESSAGE), { error: TAGS_REQUIRED_MESSAGE })
      .max(MAX_TAGS_PER_QUESTION, TOO_MANY_TAGS_MESSAGE)
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
    groupId: questionCreateSchema.shape.groupId,
  },
  { error: "Request body must be a JSON object" },
);

export type DraftAnswerRequest = z.infer<typeof draftAnswerRequestSchema>;

/** An AI answer to the draft, named in POST /api/questions; a malformed one is ignored like an unknown one. */
export const draftAnswerRefSchema = z.object({
  draftAnswerId: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/).nullish().catch(null).transform((id) => id ?? null),
});

/** Draft coaching from the model (issue 17): at most this many suggestions, each at most this long. */
export const COACH_MAX_SUGGESTIONS = 3;
export const COACH_SUGGESTION_CHARS = 200;
/** The model is asked only once the description says this much (before that, the heuristics speak). */
export const COACH_MIN_DESCRIPTION_CHARS = 40;

/** POST /api/ai/coach: the Ask dialog's draft (title as when posting) and the language the suggestions are written in. */
export const coachRequestSchema = z.object(
  {
    title: questionTitleSchema,
    description: questionDescriptionSchema,
    locale: z.enum(locales).catch("en"),
  },
  { error: "Request body must be a JSON object" },
);

export type CoachRequest = z.infer<typeof coachRequestSchema>;

/** POST /api/ai/coach's answer: the model's suggestions, plain text. */
export interface CoachResponse {
  suggestions: string[];
}

/** How much of the description the Ask dialog sends for coaching (the model reads its first lines). */
export const COACH_DESCRIPTION_SENT = 4_000;
