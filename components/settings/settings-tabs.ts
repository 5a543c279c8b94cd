// The settings page's tabs, shared by the server page (?tab=) and the client island.

export const settingsTabs = ["notifications", "privacy", "account", "preferences"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The tab of ?tab=, Notifications when absent or unknown (SPEC.md section 4). */
export function parseSettingsTab(value: string | string[] | undefined): SettingsTab {
  const raw = Array.isArray(value) ? value[0] : value;
  return (settingsTabs as readonly string[]).includes(raw ?? "") ? (raw as SettingsTab) : "notifications";
}
