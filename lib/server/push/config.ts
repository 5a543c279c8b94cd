import "server-only";
import { log } from "@/lib/server/log";

/*
 * The VAPID identity that signs this server's pushes (RFC 8292): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY from the environment (`npm start` generates a pair into the data folder when
 * none is set: scripts/lib/run-agora.ts), VAPID_SUBJECT or a mailto: derived from MAIL_FROM.
 * Without a valid pair, push notifications are unavailable: the public-key route says so, new
 * subscriptions are refused with 503, and nothing is queued.
 */

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const DEFAULT_SUBJECT = "mailto:no-reply@agora.local";
const isBase64UrlOf = (value: string, bytes: number) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, "base64url").length === bytes;

let warned = false;

/** The subject: VAPID_SUBJECT, else mailto: MAIL_FROM's address, else mailto:no-reply@agora.local. */
function subject(): string {
  const configured = process.env.VAPID_SUBJECT?.trim();
  if (configured && /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(configured)) return configured;
  const from = process.env.MAIL_FROM?.trim().match(/<?([^\s<>@]+@[^\s<>@]+)>?\s*$/)?.[1];
  return from ? `mailto:${from}` : DEFAULT_SUBJECT;
}

/** This server's VAPID details, or null when push notifications are not configured. */
export function vapidDetails(): VapidDetails | null {
  const publicKey = process.env.VAPID_PUBLIC_KEY?.trim() ?? "";
  const privateKey = process.env.VAPID_PRIVATE_KEY?.trim() ?? "";
  if (!publicKey && !privateKey) return null;
  if (!isBase64UrlOf(publicKey, 65) || !isBase64UrlOf(privateKey, 32)) {
    if (!warned) log.warn("push notifications unavailable: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, as base64url P-256 keys");
    warned = true;
    return null;
  }
  return { publicKey, privateKey, subject: subject() };
}

/** Whether push endpoints on loopback over plain http are accepted: tests only (NODE_ENV test, or AGORA_PUSH_ALLOW_LOOPBACK=1). */
export function loopbackPushAllowed(): boolean {
  return process.env.NODE_ENV === "test" || process.env.AGORA_PUSH_ALLOW_LOOPBACK === "1";
}
