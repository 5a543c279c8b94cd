import "server-only";
import { LRUCache } from "lru-cache";
import { db } from "@/lib/server/db";
import { scheduleAfterResponse } from "@/lib/server/auth/email-tokens";
import { presentPrivacySettings } from "@/lib/server/settings/presenters";

/*
 * Activity status (issue 15): when a member was last seen, recorded coarsely. A signed-in request
 * (getViewer / getPageSession) calls noteActivity with the member it just read; the member's own
 * row already says when they were last recorded, and an in-process memo remembers the members
 * this instance recorded (or scheduled) in the last 5 minutes, so nearly every request adds no
 * statement at all. Otherwise one conditional UPDATE runs after the response, and only writes
 * when the stored time is older than 5 minutes: at most one write per member per 5 minutes,
 * across any number of instances.
 */

/** How coarse the record is: at most one write per member per this long. */
export const ACTIVITY_INTERVAL_MS = 5 * 60_000;

// Members recorded (or scheduled) by this instance within the interval; bounded, so a crowd of
// members costs a fixed amount of memory (a forgotten member costs one conditional UPDATE).
const recent = ((globalThis as unknown as { agoraActivityMemo?: LRUCache<string, true> }).agoraActivityMemo ??= new LRUCache<string, true>({
  max: 50_000,
  ttl: ACTIVITY_INTERVAL_MS,
  ttlAutopurge: false,
}));

/** Whether a stored last-activity time is fresh (recorded within the interval). */
function isFresh(lastActiveAt: Date | null | undefined, now: number): boolean {
  return lastActiveAt != null && now - lastActiveAt.getTime() < ACTIVITY_INTERVAL_MS;
}

/**
 * Records that the member was active now, unless their row or this instance's memo says it was
 * recorded less than 5 minutes ago; the write (one conditional UPDATE) runs after the response.
 */
export function noteActivity(member: { id: string; lastActiveAt?: Date | null }, now = Date.now()): void {
  if (isFresh(member.lastActiveAt, now) || recent.has(member.id)) return;
  recent.set(member.id, true);
  scheduleAfterResponse("record activity", async () => {
    await recordActivity(member.id);
  });
}

/**
 * The conditional write behind noteActivity: sets last_active_at to now (UTC, as every time
 * column) only when it is unset or older than 5 minutes. Returns whether a row was written.
 */
export async function recordActivity(memberId: string): Promise<boolean> {
  const written = await db.$executeRaw`
    UPDATE users SET last_active_at = timezone('UTC', now())
     WHERE id = ${memberId} AND deleted_at IS NULL AND NOT is_assistant
       AND (last_active_at IS NULL OR last_active_at < timezone('UTC', now()) - interval '5 minutes')`;
  return written > 0;
}

/** Forgets this instance's memo (tests). */
export function forgetActivityMemo(): void {
  recent.clear();
}

/** The columns activityStatusOf reads; select them beside a member's other columns. */
export const activitySelect = { lastActiveAt: true, privacySettings: true } as const;

/**
 * A member's last activity as the viewer may see it: the time (ISO) when the member's "Show
 * activity status" is on, or to the member themself whatever the setting; null otherwise, and
 * for deleted accounts, the AI assistant and members never seen. Hidden and unknown look alike.
 */
export function activityStatusOf(
  member: { id: string; lastActiveAt?: Date | null; privacySettings?: unknown; deletedAt?: Date | null; isAssistant?: boolean },
  viewer: { id: string } | null,
): string | null {
  if (!member.lastActiveAt || member.deletedAt || member.isAssistant) return null;
  const own = viewer?.id === member.id;
  if (!own && !presentPrivacySettings(member.privacySettings).showActivity) return null;
  return member.lastActiveAt.toISOString();
}
