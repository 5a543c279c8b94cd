import "server-only";
import type http from "node:http";
// Next's own check of the header, so Agora lets through exactly what Next can read.
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";

/** The header a client-side navigation sends with the layout tree it already has. */
const ROUTER_STATE_HEADER = "next-router-state-tree";

/**
 * Next.js answers a router-state header it cannot read with 500 Internal Server Error, so anyone
 * could make any page "fail" in logs and monitoring. It reads the header before proxy.ts runs,
 * so this drops such a header where the request arrives (lib/server/peer-address.ts calls it for
 * every request): Next then sends the whole page's payload, as for a first visit.
 */
export function dropUnreadableRouterState(req: http.IncomingMessage): void {
  const value = req.headers[ROUTER_STATE_HEADER];
  if (value === undefined) return;
  try {
    parseAndValidateFlightRouterState(value);
  } catch {
    delete req.headers[ROUTER_STATE_HEADER];
  }
}
