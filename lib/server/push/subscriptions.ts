import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import type { Viewer } from "@/lib/server/policy";
import { PUSH_SUBSCRIPTION_NOT_FOUND, PUSH_SUBSCRIPTIONS_PER_MEMBER, type PushSubscriptionInput } from "@/lib/validation/push";

/** A key as stored: base64url without padding, whichever base64 alphabet the browser used. */
const normalizeKey = (value: string) => Buffer.from(value.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""), "base64url").toString("base64url");

/**
 * Stores the viewer's browser subscription (issue 15), keyed by its endpoint:
 * - the same endpoint again (the settings page re-sends it on each visit) updates its keys and
 *   makes it the most recently used;
 * - an endpoint another member subscribed (the same browser, another account signed in since)
 *   passes to the viewer as a new row: the other member's queued pushes are deleted with the old
 *   row, and nothing of theirs reaches this browser again;
 * - past PUSH_SUBSCRIPTIONS_PER_MEMBER browsers, the least recently used ones are dropped.
 * The member's users row is locked for the transaction, so simultaneous subscriptions of one
 * member cannot exceed the limit. Returns whether a new subscription was created.
 */
export async function savePushSubscription(viewer: Viewer, input: PushSubscriptionInput): Promise<{ id: number; created: boolean }> {
  const p256dh = normalizeKey(input.keys.p256dh);
  const auth = normalizeKey(input.keys.auth);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${viewer.id} FOR UPDATE`;
    await tx.$executeRaw`DELETE FROM push_subscriptions WHERE endpoint = ${input.endpoint} AND user_id <> ${viewer.id}`;
    const [row] = await tx.$queryRaw<{ id: number; created: boolean }[]>`
      INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at, updated_at)
      VALUES (${viewer.id}, ${input.endpoint}, ${p256dh}, ${auth}, timezone('UTC', now()), timezone('UTC', now()))
      ON CONFLICT (endpoint) DO UPDATE
        SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = EXCLUDED.updated_at
      RETURNING id, (xmax = 0) AS created`;
    await tx.$executeRaw`
      DELETE FROM push_subscriptions
       WHERE user_id = ${viewer.id}
         AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = ${viewer.id} ORDER BY updated_at DESC, id DESC LIMIT ${PUSH_SUBSCRIPTIONS_PER_MEMBER})`;
    return row!;
  });
}

/**
 * Refreshes a subscription the viewer already has (the Settings page's visit, `?refresh=1`):
 * its keys and its last use; never creates one and never takes one over from another member, so
 * a browser someone else subscribed does not pass to the viewer without their click. 404 when the
 * endpoint is not the viewer's.
 */
export async function refreshPushSubscription(viewer: Viewer, input: PushSubscriptionInput): Promise<{ id: number; created: false }> {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    UPDATE push_subscriptions SET p256dh = ${normalizeKey(input.keys.p256dh)}, auth = ${normalizeKey(input.keys.auth)}, updated_at = timezone('UTC', now())
     WHERE endpoint = ${input.endpoint} AND user_id = ${viewer.id}
    RETURNING id`;
  if (!row) throw notFound(PUSH_SUBSCRIPTION_NOT_FOUND);
  return { id: row.id, created: false };
}

/** Forgets the viewer's browser with this endpoint (and what was queued for it); 404 when the viewer has none such. */
export async function deletePushSubscription(viewer: Viewer, endpoint: string): Promise<void> {
  const { count } = await db.pushSubscription.deleteMany({ where: { endpoint, userId: viewer.id } });
  if (count === 0) throw notFound(PUSH_SUBSCRIPTION_NOT_FOUND);
}
