import "server-only";

/** Every error code the API answers with, and its HTTP status: the one table of both. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A suspended member's write (issue 14): lib/server/policy.ts assertNotSuspended. */
  suspended: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * One field's problem. The error JSON adds `key` and `params` (lib/server/http.ts) when the message
 * is in the error catalogue (messages/en/errors.json), as it does for the whole error.
 */
export interface ErrorIssue {
  path: string;
  message: string;
}

/** An error whose message is safe to show to the person who caused it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { issues?: ErrorIssue[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** 400 with the given message (and optionally the field it concerns). */
export const badRequest = (message: string, issues?: ErrorIssue[]) => new AppError("bad_request", message, { issues });
/** 401; the message contains "Unauthorized", which the client's sign-in redirect looks for. */
export const unauthorized = (message = "Unauthorized") => new AppError("unauthorized", message);
/** 403 for a signed-in member who may not do this. */
export const forbidden = (message = "You are not allowed to do this") => new AppError("forbidden", message);
/** 404 for something missing, or hidden from this viewer. */
export const notFound = (message = "Not found") => new AppError("not_found", message);
/** 409 for a conflict with what is already saved. */
export const conflict = (message: string) => new AppError("conflict", message);
/** 429 with the seconds to wait. */
export const rateLimited = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new AppError("rate_limited", message, { retryAfterSeconds });
/** 502 when an upstream service (the AI provider) failed; the message says what to do. */
export const badGateway = (message: string) => new AppError("bad_gateway", message);
/** 503 for a capability that is not configured on this server (e.g. no AI provider). */
export const serviceUnavailable = (message: string) => new AppError("service_unavailable", message);
