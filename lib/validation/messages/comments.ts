// Comments: the limits and messages without zod, for code that reaches every visitor's browser
// (the schemas in lib/validation/ pull in zod, which a visitor's page need not load). The
// schema module re-exports them.
export const COMMENT_MAX_LENGTH = 2_000;
export const COMMENT_REQUIRED_MESSAGE = "Comment cannot be empty";
export const COMMENT_TOO_LONG_MESSAGE = `Comment must be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`;
