import "server-only";
import type { Viewer } from "@/lib/server/policy";
import { charge, clientIp } from "@/lib/server/rate-limit";

type HeaderSource = Parameters<typeof clientIp>[0];

/**
 * Charges one search to a visitor's IP (limit `searchVisitor`, docs/SECURITY.md): throws 429
 * with Retry-After once it is used up. Members search without this limit.
 */
export async function chargeVisitorSearch(viewer: Viewer | null, source: HeaderSource): Promise<void> {
  if (viewer) return;
  await charge("searchVisitor", clientIp(source));
}
