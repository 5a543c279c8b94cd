import "server-only";
import crypto from "node:crypto";
import { unauthorized } from "@/lib/server/errors";

/**
 * Throws 401 unless the request carries `Authorization: Bearer <CRON_SECRET>` (compared in
 * constant time); with CRON_SECRET unset, every request is refused.
 */
export function requireCronSecret(req: Request): void {
  const secret = process.env.CRON_SECRET?.trim();
  const header = req.headers.get("authorization") ?? "";
  const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  if (!secret || !given) throw unauthorized();
  const a = crypto.createHash("sha256").update(secret).digest();
  const b = crypto.createHash("sha256").update(given).digest();
  if (!crypto.timingSafeEqual(a, b)) throw unauthorized();
}
