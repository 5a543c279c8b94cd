import "server-only";
import {
  defaultNotificationSettings,
  defaultPrivacySettings,
  parseStoredPreferences,
  type NotificationSettings,
  type Preferences,
  type PrivacySettings,
} from "@/lib/validation/users";

function readBooleans<T extends Record<string, boolean>>(defaults: T, stored: unknown): T {
  const raw = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = raw[key as string];
    if (typeof value === "boolean") out[key] = value as T[keyof T];
  }
  return out;
}

/** A member's notification switches: the stored ones over SPEC.md section 4's defaults (the notifications capability reads these). */
export function presentNotificationSettings(stored: unknown): NotificationSettings {
  return readBooleans(defaultNotificationSettings, stored);
}

/** A member's privacy settings: the stored ones over SPEC.md section 4's defaults. */
export function presentPrivacySettings(stored: unknown): PrivacySettings {
  const raw = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const visibility = raw.profileVisibility;
  const { showActivity, allowMessages } = readBooleans({ showActivity: defaultPrivacySettings.showActivity, allowMessages: defaultPrivacySettings.allowMessages }, stored);
  return {
    profileVisibility: visibility === "registered" || visibility === "private" ? visibility : "public",
    showActivity,
    allowMessages,
  };
}

/** A member's preferences (theme, language, questions per page), defaults filled in. */
export function presentPreferences(stored: unknown): Preferences {
  return parseStoredPreferences(stored);
}

