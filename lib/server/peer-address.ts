import "server-only";
import http from "node:http";
import { dropUnreadableRouterState } from "@/lib/server/router-state";

/*
 * The address of the machine at the other end of the connection. `next start` does not hand it
 * to route handlers: it fills X-Forwarded-For with it only when the client sent none, so a
 * client that sends its own header hides it. This stamps every request with it under a header
 * of Agora's own, overwriting whatever a client put there; instrumentation.ts installs it once
 * per server process. Per-IP limits read it through clientIp (lib/server/rate-limit.ts).
 */

/** The request header carrying the connection's peer address. */
export const PEER_ADDRESS_HEADER = "x-agora-peer-address";

// On globalThis: the instrumentation hook and the route handlers are separate bundles, each
// with its own copy of this module's state.
const STAMPED = Symbol.for("agora.peerAddressStamped");
const flags = globalThis as typeof globalThis & { [STAMPED]?: boolean };

/** Whether this process stamps requests; where it does not, a client could have sent the header itself. */
export function isPeerAddressStamped(): boolean {
  return flags[STAMPED] === true;
}

/**
 * Makes every HTTP server of this process stamp each request with its connection's peer address,
 * and drop a router-state header Next could not read (lib/server/router-state.ts), before
 * anything reads them.
 */
export function installPeerAddressHeader(): void {
  if (isPeerAddressStamped()) return;
  flags[STAMPED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "";
      dropUnreadableRouterState(req);
    }
    return (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
  };
}
