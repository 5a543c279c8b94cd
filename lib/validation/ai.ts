// AI previews: the same schema checks the Generate AI Answer box in the browser and the body of
// POST /api/questions/{id}/generate-preview on the server (SPEC.md sections 5 and 8).
import { z } from "./zod";
import { CUSTOM_PROMPT_MAX_LENGTH, CUSTOM_PROMPT_TOO_LONG_MESSAGE } from "@/lib/validation/answers";

export const PROMPT_REQUIRED_TITLE = "Prompt Required";
export const PROMPT_REQUIRED_MESSAGE = "Please enter a custom prompt to generate an AI answer";
export const LOGIN_REQUIRED_TITLE = "Login Required";
export const LOGIN_REQUIRED_MESSAGE = "Please log in to generate AI answers";
export const NO_CONTENT_MESSAGE = "No content received from AI. Please try again.";
export const GENERATE_FAILED_MESSAGE = "Failed to generate AI answer. Please try again.";
export const AI_NOT_CONFIGURED_MESSAGE = "AI answers are not available: no AI provider is configured on this server.";

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
