import "server-only";
import { db, Prisma } from "@/lib/server/db";
import type { Viewer } from "@/lib/server/policy";
import { presentNotificationSettings, presentPreferences, presentPrivacySettings } from "@/lib/server/settings/presenters";
import type { NotificationSettingsInput, PreferencesInput, PrivacySettingsInput } from "@/lib/validation/users";

// The JSON object of the given keys that are set (undefined ones are not stored).
function definedEntries(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/**
 * Merges a change into one of the member's JSON settings columns in a single statement (`||` on
 * jsonb), so two saves at once each keep the other's keys; returns the stored value after it.
 */
async function mergeJsonColumn(userId: string, column: "notification_settings" | "privacy_settings" | "preferences", change: Record<string, unknown>) {
  const col = Prisma.raw(column);
  const rows = await db.$queryRaw<{ value: unknown }[]>`
    UPDATE users SET ${col} = coalesce(${col}, '{}'::jsonb) || ${JSON.stringify(definedEntries(change))}::jsonb, updated_at = timezone('UTC', now())
     WHERE id = ${userId}
    RETURNING ${col} AS value`;
  return rows[0]?.value ?? null;
}

/** Saves some of the member's notification switches; returns all of them. */
export async function updateNotificationSettings(viewer: Viewer, input: NotificationSettingsInput) {
  return presentNotificationSettings(await mergeJsonColumn(viewer.id, "notification_settings", input));
}

/** Saves some of the member's privacy settings; returns all of them (profile visibility applies at once). */
export async function updatePrivacySettings(viewer: Viewer, input: PrivacySettingsInput) {
  return presentPrivacySettings(await mergeJsonColumn(viewer.id, "privacy_settings", input));
}

/** Dismisses the home page's first-run card for good (a flag beside the preferences, read by getWelcomeState). */
export async function dismissWelcome(viewer: Viewer): Promise<void> {
  await mergeJsonColumn(viewer.id, "preferences", { welcomeDismissed: true });
}

/** Saves some of the member's preferences; returns all of them. */
export async function updatePreferences(viewer: Viewer, input: PreferencesInput) {
  return presentPreferences(await mergeJsonColumn(viewer.id, "preferences", input));
}
