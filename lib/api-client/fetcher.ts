/*
 * Browser-side HTTP helpers (SPEC.md sections 7 and 8). Every call sends the
 * session cookie; a body goes out as JSON, with a JSON content type, only when
 * there is one; any non-OK answer becomes an ApiError whose message is
 * "<status>: <response text or status text>".
 */

/**
 * One field problem, as the server's 400 answers list them (DECISIONS.md section 4); `key` and
 * `params` name its entry in the error catalogue (messages/<language>/errors.json, issue 15).
 */
export interface ApiErrorIssue {
  path: string;
  message: string;
  key?: string;
  params?: Record<string, string | number>;
}

/** The server's error JSON: `{ message, code?, key?, params?, issues? }` (`message` is always the English text). */
export interface ApiErrorBody {
  message: string;
  code?: string;
  key?: string;
  params?: Record<string, string | number>;
  issues?: ApiErrorIssue[];
}

import { SUSPENDED_CODE } from "@/lib/suspension";

/** A non-OK HTTP answer. `message` keeps SPEC.md's "<status>: <text>" format. */
export class ApiError extends Error {
  /** The HTTP status code. */
  readonly status: number;
  /** The response body parsed as JSON, or null when it was empty or not JSON. */
  readonly body: unknown;
  /** The raw response text ("" when empty). */
  readonly text: string;

  constructor(status: number, statusText: string, text: string) {
    super(`${status}: ${text || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.text = text;
    this.body = parseJson(text);
  }

  /** The server's own message from its error JSON, when it sent one. */
  get serverMessage(): string | undefined {
    return isErrorBody(this.body) ? this.body.message : undefined;
  }

  /** The server's snake_case error code (e.g. "rate_limited"), when it sent one. */
  get code(): string | undefined {
    return isErrorBody(this.body) && typeof this.body.code === "string" ? this.body.code : undefined;
  }

  /**
   * The error catalogue's key and arguments of the server's message (issue 15), when it sent them:
   * the interface shows errors.<key> in the reader's language (lib/i18n/error-text.tsx).
   */
  get errorKey(): { key: string; params: Record<string, string | number> } | undefined {
    if (!isErrorBody(this.body) || typeof this.body.key !== "string") return undefined;
    const params = this.body.params && typeof this.body.params === "object" ? this.body.params : {};
    return { key: this.body.key, params };
  }

  /** Field problems of a 400 answer, when the server listed them. */
  get issues(): ApiErrorIssue[] {
    return isErrorBody(this.body) && Array.isArray(this.body.issues) ? this.body.issues : [];
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string" &&
    (value as { message: string }).message.length > 0
  );
}

/** Throws an ApiError for a non-OK response (reading its body as text); does nothing otherwise. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = "";
  try {
    text = await res.text();
  } catch {
    // A body that cannot be read still leaves the status text.
  }
  throw new ApiError(res.status, res.statusText, text);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Sends one request and returns the OK response, or throws ApiError.
 * A FormData body (uploads) is sent as multipart; any other body as JSON.
 */
export async function apiRequest(method: HttpMethod | (string & {}), url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "include" };
  if (body !== undefined) {
    if (typeof FormData !== "undefined" && body instanceof FormData) {
      // The browser sets the multipart content type with its boundary.
      init.body = body;
    } else {
      init.headers = { "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }
  }
  const res = await fetch(url, init);
  await throwIfResNotOk(res);
  return res;
}

/** Reads an OK response as JSON; null for 204 or an empty body. */
export async function readJsonResponse<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** apiRequest, then the response parsed as JSON (null for 204 or an empty body). */
export async function apiJson<T = unknown>(method: HttpMethod | (string & {}), url: string, body?: unknown): Promise<T> {
  return readJsonResponse<T>(await apiRequest(method, url, body));
}

/** What a read does with a 401: answer null (e.g. "who am I?") or throw like any other error. */
export type UnauthorizedBehavior = "returnNull" | "throw";

/** The default read: GET with cookies, parsed JSON. With on401 "returnNull", a 401 answers null. */
export async function getJson<T>(url: string, options: { on401: "returnNull"; signal?: AbortSignal }): Promise<T | null>;
export async function getJson<T>(url: string, options?: { on401?: "throw"; signal?: AbortSignal }): Promise<T>;
export async function getJson<T>(
  url: string,
  options: { on401?: UnauthorizedBehavior; signal?: AbortSignal } = {},
): Promise<T | null> {
  const res = await fetch(url, { credentials: "include", signal: options.signal });
  if (options.on401 === "returnNull" && res.status === 401) return null;
  await throwIfResNotOk(res);
  return readJsonResponse<T>(res);
}

/** True for the "401: ...Unauthorized..." error that sends the visitor to sign in (SPEC.md section 8). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("401:") && error.message.includes("Unauthorized");
}

/**
 * True for the 403 every write of a suspended member answers (code "suspended", issue 14): the
 * MutationCache toasts its message, "Your account is suspended until {date}.", once.
 */
export function isSuspendedError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === SUSPENDED_CODE;
}

/**
 * The server's message for a refusal the writer can act on (400, 403, 429: too many links, not
 * yet allowed, a limit reached), to show beside the form; null for anything else. It is the
 * English message: show it with useErrorText() (lib/i18n/error-text.tsx), which translates it.
 */
export function formRefusal(error: unknown): string | null {
  return error instanceof ApiError && [400, 403, 429].includes(error.status) ? (error.serverMessage ?? null) : null;
}

/**
 * The server's JSON `message` of an ApiError when it has one; otherwise the fallback. Toasts
 * (lib/api-client/toast.ts) and useErrorText() show a message of the error catalogue in the
 * reader's language.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}
