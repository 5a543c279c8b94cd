import "server-only";
import crypto from "node:crypto";
import { notFound, unauthorized } from "@/lib/server/errors";

/**
 * Guards /api/metrics: 404 while METRICS_TOKEN is unset (the endpoint does not exist then, it is
 * never open), 401 unless the request carries `Authorization: Bearer <METRICS_TOKEN>` (compared in
 * constant time).
 */
export function requireMetricsToken(req: Request): void {
  const token = process.env.METRICS_TOKEN?.trim();
  if (!token) throw notFound();
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  if (!given || !crypto.timingSafeEqual(a, b)) throw unauthorized("Unauthorized: a valid metrics token is required");
}
