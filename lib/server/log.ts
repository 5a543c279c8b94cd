import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

/*
 * The one logger of the server: JSON lines (pino) on stdout, readable lines (pino-pretty) when
 * stdout is a terminal, the level from LOG_LEVEL (default info; "silent" turns it off). Every line
 * logged while a request is handled carries its request id (`requestId`), taken from the request's
 * `X-Request-Id` when it is sane, otherwise generated, and sent back in the response's header.
 *
 * Never log a secret, a password or an e-mail body: the fields named below are replaced by
 * "[redacted]" wherever they appear (top level or up to three levels down), whatever a caller passes.
 */

/** Field names whose values never reach a log line. */
export const REDACTED_KEYS = [
  "password", "newPassword", "currentPassword", "passwordHash", "password_hash", "secret", "token", "accessToken",
  "refreshToken", "apiKey", "authorization", "cookie", "set-cookie", "html", "text", "body", "DATABASE_URL",
  "databaseUrl", "connectionString",
];

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of REDACTED_KEYS) {
    const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
    const dot = k.startsWith("[") ? k : `.${k}`;
    paths.push(k, `*${dot}`, `*.*${dot}`, `*.*.*${dot}`);
  }
  return paths;
}

/** What is known about the request being handled, carried through its async work. */
export interface RequestContext {
  requestId: string;
}

const CONTEXT = Symbol.for("agora.requestContext");
const holder = globalThis as typeof globalThis & { [CONTEXT]?: AsyncLocalStorage<RequestContext> };
// On globalThis: the instrumentation hook and the route handlers are separate bundles.
const requestContext: AsyncLocalStorage<RequestContext> = (holder[CONTEXT] ??= new AsyncLocalStorage<RequestContext>());

/** The request id header, in and out. */
export const REQUEST_ID_HEADER = "x-request-id";

/** An incoming request id if it is sane (1-64 characters of letters, digits and `._:-`), else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  if (incoming && /^[A-Za-z0-9._:-]{1,64}$/.test(incoming)) return incoming;
  return crypto.randomUUID();
}

/** Runs fn with the request id attached to every log line it (and its async work) writes. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requestContext.run(context, fn);
}

/** The request being handled, if any. */
export function currentRequestContext(): RequestContext | undefined {
  return requestContext.getStore();
}

/** A logger writing to the given stream (tests), or to stdout as configured by the environment. */
export function createLogger(destination?: DestinationStream, env: Record<string, string | undefined> = process.env): Logger {
  const level = env.LOG_LEVEL?.trim().toLowerCase() || (env.JEST_WORKER_ID !== undefined ? "silent" : "info");
  const stream = destination ?? (process.stdout.isTTY ? pretty({ colorize: true, sync: true }) : pino.destination({ sync: true }));
  return pino(
    {
      level,
      base: { service: "agora" },
      redact: { paths: redactPaths(), censor: "[redacted]" },
      serializers: { err: pino.stdSerializers.err },
      mixin() {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
    },
    stream,
  );
}

const LOGGER = Symbol.for("agora.logger");
const loggers = globalThis as typeof globalThis & { [LOGGER]?: Logger };

/** The process's logger (one per process, whichever bundle asks). */
export const log: Logger = (loggers[LOGGER] ??= createLogger());

/** The error's name and message for a log line, never its stack of SQL or a value it carries. */
export function errorFields(error: unknown): { error: string } {
  return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}
