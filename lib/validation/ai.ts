// AI previews: the same schema checks the Generate AI Answer box in the browser and the body of
// POST /api/questions/{id}/generate-preview on the server (SPEC.md sections 5 and 8).
import { z } from "./zod";
import { PROMPT_REQUIRED_TITLE, PROMPT_REQUIRED_MESSAGE, LOGIN_REQUIRED_TITLE, LOGIN_REQUIRED_MESSAGE, NO_CONTENT_MESSAGE, GENERATE_FAILED_MESSAGE, AI_NOT_CONFIGURED_MESSAGE } from "@/lib/validation/messages/ai";
import { CUSTOM_PROMPT_MAX_LENGTH, CUSTOM_PROMPT_TOO_LONG_MESSAGE } from "@/lib/validation/answers";

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
