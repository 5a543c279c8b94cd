// Answers: the limits and messages without zod, for code that reaches every visitor's browser
// (the schemas in lib/validation/ pull in zod, which a visitor's page need not load). The
// schema module re-exports them.
export const ANSWER_MAX_LENGTH = 30_000;
export const CUSTOM_PROMPT_MAX_LENGTH = 2_000;
export const ANSWER_REQUIRED_MESSAGE = "Answer cannot be empty";
/** An answer must say something: at least this many characters once trimmed. */
export const ANSWER_MIN_LENGTH = 20;
export const ANSWER_TOO_SHORT_MESSAGE = `Answer must be at least ${ANSWER_MIN_LENGTH} characters`;
export const ANSWER_TOO_LONG_MESSAGE = `Answer must be at most ${ANSWER_MAX_LENGTH.toLocaleString("en-US")} characters`;
export const CUSTOM_PROMPT_TOO_LONG_MESSAGE = `Custom prompt must be at most ${CUSTOM_PROMPT_MAX_LENGTH.toLocaleString("en-US")} characters`;
/** Only the built-in assistant posts a question's automatic answer (DECISIONS.md section 6). */
export const AUTO_GENERATED_MESSAGE = "Members cannot post automatic answers";
