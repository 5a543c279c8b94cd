import "server-only";
import type { Prisma } from "@/lib/server/db";
import { vapidDetails } from "@/lib/server/push/config";
import { kickPushSender } from "@/lib/server/push/sender";

/** What the service worker (public/sw.js) shows for one push. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path on this site the notification opens. */
  url: string;
  /** Replaces an earlier notification with the same tag on the device. */
  tag: string;
  icon: string;
}

/** The icon every push shows. */
export const PUSH_ICON = "/icon-192.png";
const TITLE_MAX = 120;
const BODY_MAX = 300;
const URL_MAX = 500;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The payload of a notification's push: short enough for any push service (4 KB after encryption). */
export function pushPayload(notification: { id: number; title: string; message: string; link: string }): PushPayload {
  return {
    title: clip(notification.title, TITLE_MAX),
    body: clip(notification.message, BODY_MAX),
    url: notification.link.startsWith("/") && !notification.link.startsWith("//") ? clip(notification.link, URL_MAX) : "/notifications",
    tag: `agora-notification-${notification.id}`,
    icon: PUSH_ICON,
  };
}

/**
 * Writes one push per subscribed browser of the member to push_outbox, in the caller's
 * transaction (the notification's), so a push exists exactly when its notification committed; the
 * background sender delivers after the response (kickPushSender) or on its next round. Nothing is
 * written when push is not configured on this server or the member has no subscription. The
 * caller decides whether the member wants it (their pushNotifications switch and the per-type
 * switches: lib/server/notifications/mutations.ts). Returns how many pushes were queued.
 */
export async function enqueuePush(tx: Prisma.TransactionClient, userId: string, notificationId: number, payload: PushPayload): Promise<number> {
  if (!vapidDetails()) return 0;
  const queued = await tx.$executeRaw`
    INSERT INTO push_outbox (subscription_id, user_id, notification_id, payload, next_attempt_at, created_at)
    SELECT id, user_id, ${notificationId}, ${JSON.stringify(payload)}, timezone('UTC', now()), timezone('UTC', now())
      FROM push_subscriptions WHERE user_id = ${userId}`;
  if (queued > 0) kickPushSender();
  return queued;
}
