import "server-only";
import { ZodError } from "zod";
import { AppError, badRequest } from "@/lib/server/errors";
import { matchErrorMessage, type ErrorKey, type ErrorParams } from "@/lib/i18n/error-keys";
import { isDatabaseUnavailable } from "@/lib/server/db-unavailable";
import { currentRequestContext, errorFields, log, REQUEST_ID_HEADER, requestIdFrom, withRequestContext } from "@/lib/server/log";
import { assertSameOrigin } from "@/lib/server/origin";
import { parseId } from "@/lib/server/ids";

type RouteContext = { params: Promise<Record<string, string>> };
type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

/**
 * Wraps a route handler so that thrown errors become the API's error JSON, and refuses
 * state-changing requests sent from another site (403) before the handler runs. Every log line
 * of the request carries its request id, which the response returns in `X-Request-Id`.
 */
export function handler(fn: RouteHandler): RouteHandler {
  return async (req, ctx) => {
    // The HTTP layer (lib/server/peer-address.ts) has usually set the context already; tests call handlers directly.
    const context = currentRequestContext() ?? { requestId: requestIdFrom(req.headers.get(REQUEST_ID_HEADER)) };
    return withRequestContext(context, async () => {
      let res: Response;
      try {
        assertSameOrigin(req);
        res = await fn(req, ctx);
      } catch (error) {
        res = isClientAbort(error, req) ? abortedResponse() : errorResponse(error);
      }
      try {
        res.headers.set(REQUEST_ID_HEADER, context.requestId);
      } catch {
        // Immutable headers (a Response.redirect): the HTTP layer has set the header already.
      }
      return res;
    });
  };
}

/** Whether the error is the client hanging up mid-request (its body aborted), which is no server error. */
export function isClientAbort(error: unknown, req?: Request): boolean {
  if (req?.signal?.aborted) return true;
  // Duck-typed: the error comes from Node's http module, whose Error may be another realm's (jest).
  if (!error || typeof error !== "object") return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  // Node's "aborted" (code ECONNRESET) for a request body cut off; not any ECONNRESET, which may be the database's.
  return name === "AbortError" || message === "aborted" || code === "ERR_STREAM_PREMATURE_CLOSE";
}

function abortedResponse(): Response {
  log.debug("request aborted by the client");
  // Nobody reads it: the client has gone. 499 is the conventional "client closed request".
  return new Response(null, { status: 499 });
}

/** The error JSON of a database that cannot be reached right now. */
export const SERVICE_UNAVAILABLE_MESSAGE = "Service temporarily unavailable";

/**
 * The JSON response for a thrown error; a database that cannot be reached is a 503 (with
 * Retry-After), other unknown errors are logged and answered with a generic 500.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => keyed({ path: i.path.map(String).join("."), message: i.message }));
    return Response.json(keyed({ message: issues[0]?.message ?? "Invalid input", code: "bad_request", issues }), { status: 400 });
  }
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.extra.retryAfterSeconds !== undefined) headers["Retry-After"] = String(Math.max(1, Math.ceil(error.extra.retryAfterSeconds)));
    return Response.json(
      keyed({ message: error.message, code: error.code, ...(error.extra.issues ? { issues: error.extra.issues.map(keyed) } : {}) }),
      { status: error.status, headers },
    );
  }
  if (isDatabaseUnavailable(error)) {
    log.warn(errorFields(error), "database unavailable");
    return Response.json(
      keyed({ message: SERVICE_UNAVAILABLE_MESSAGE, code: "service_unavailable" }),
      { status: 503, headers: { "Retry-After": "1" } },
    );
  }
  log.error(errorFields(error), "unhandled error in route handler");
  return Response.json(keyed({ message: "Something went wrong. Please try again.", code: "internal_error" }), { status: 500 });
}

/**
 * The error JSON's `key` and `params` (issue 15): the message's entry in the error catalogue
 * (messages/en/errors.json), which the interface shows in the reader's language. `message` stays
 * the English text; a message the catalogue does not know gets neither field.
 */
function keyed<T extends { message: string }>(body: T): T & { key?: ErrorKey; params?: ErrorParams } {
  const match = matchErrorMessage(body.message);
  return match ? { ...body, key: match.key, params: match.params } : body;
}

/** Default cap on JSON bodies; larger ones are refused before parsing. */
export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body of at most maxBytes; 413 when larger, 400 when it is not JSON. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("payload_too_large", "Request body is too large");
  const reader = req.body?.getReader();
  if (!reader) return {};
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("payload_too_large", "Request body is too large");
    }
    chunks.push(value);
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  if (containsNul(value)) throw badRequest(NUL_IN_BODY_MESSAGE);
  return value;
}

/** The 400 message of a JSON body with a NUL character in a string: PostgreSQL text cannot hold one. */
export const NUL_IN_BODY_MESSAGE = "Text must not contain NUL characters.";

/** Whether any string (value or key) in a parsed JSON value contains NUL; iterative, so deep nesting cannot overflow the stack. */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The integer id a route segment names (parseId's one rule), or 404 with `what`. */
export function idParam(value: string | undefined, what = "Not found"): number {
  const id = parseId(value);
  if (id === null) throw new AppError("not_found", what);
  return id;
}
