import "server-only";
import crypto from "node:crypto";
import { unauthorized } from "@/lib/server/errors";

/**
 * Throws 401 unless the request carries `Authorization: Bearer <CRON_SECRET>` (the scheme in any
 * case, the secret compared in constant time); with CRON_SECRET unset, every request is refused.
 * Every scheduler route (/api/cron/*) calls it.
 */
export function requireCronSecret(req: Request): void {
  const secret = process.env.CRON_SECRET?.trim();
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(secret ?? "").digest();
  if (!secret || !given || !crypto.timingSafeEqual(a, b)) throw unauthorized("Unauthorized: a valid cron secret is required");
}
