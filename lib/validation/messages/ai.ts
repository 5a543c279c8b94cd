// AI answers: the limits and messages without zod, for code that reaches every visitor's browser
// (the schemas in lib/validation/ pull in zod, which a visitor's page need not load). The
// schema module re-exports them.
export const PROMPT_REQUIRED_TITLE = "Prompt Required";
export const PROMPT_REQUIRED_MESSAGE = "Please enter a custom prompt to generate an AI answer";
export const LOGIN_REQUIRED_TITLE = "Login Required";
export const LOGIN_REQUIRED_MESSAGE = "Please log in to generate AI answers";
export const NO_CONTENT_MESSAGE = "No content received from AI. Please try again.";
export const GENERATE_FAILED_MESSAGE = "Failed to generate AI answer. Please try again.";
export const AI_NOT_CONFIGURED_MESSAGE = "AI answers are not available: no AI provider is configured on this server.";
/** POST /api/ai/coach when the provider failed: the heuristic suggestions stay (issue 17). */
export const COACH_FAILED_MESSAGE = "The AI could not suggest anything this time.";
