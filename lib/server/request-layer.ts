import "server-only";
import http from "node:http";
import { REQUEST_ID_HEADER, requestIdFrom, withRequestContext } from "@/lib/server/log";
import { observeRequest } from "@/lib/server/metrics";

/*
 * At the HTTP layer, before Next (or the page cache) sees a request: gives it a request id (the
 * client's `X-Request-Id` when sane, else a new one) that every log line written while handling it
 * carries and that the response returns, and counts it with its duration for /api/metrics once the
 * response is done. instrumentation.ts installs it once per server process, outermost.
 */

const INSTALLED = Symbol.for("agora.requestLayerInstalled");
const flags = globalThis as typeof globalThis & { [INSTALLED]?: boolean };

/** Handles one request's bookkeeping, then calls next inside its logging context. */
export function observeHttpRequest<T>(req: http.IncomingMessage, res: http.ServerResponse, next: () => T): T {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const requestId = requestIdFrom(Array.isArray(incoming) ? incoming[0] : incoming);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  let counted = false;
  const count = () => {
    if (counted) return;
    counted = true;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // A response closed before it finished was cut off by the client: 499, as nginx reports it.
    observeRequest(req.method ?? "GET", (req.url ?? "/").split("?")[0] ?? "/", res.writableFinished ? res.statusCode : 499, seconds);
  };
  res.once("finish", count);
  res.once("close", count);
  return withRequestContext({ requestId }, next);
}

/** Puts the request-id and metrics bookkeeping in front of every HTTP server of this process. */
export function installRequestLayer(): void {
  if (flags[INSTALLED]) return;
  flags[INSTALLED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    const call = () => (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
    if (event !== "request") return call();
    return observeHttpRequest(args[0] as http.IncomingMessage, args[1] as http.ServerResponse, call);
  };
}
