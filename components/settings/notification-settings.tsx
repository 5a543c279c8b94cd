"use client";

import { PushNotificationRow } from "@/components/settings/push-notification-row";
import { SettingsCard, SwitchRow } from "@/components/settings/setting-row";
import { useAutoSave } from "@/components/settings/use-auto-save";
import { USER_MESSAGES, useUpdateNotificationSettings } from "@/lib/api-client/users";
import type { NotificationSettings } from "@/lib/validation/users";

const rows = [
  { key: "emailNotifications", label: "Email notifications", description: "Receive notifications by e-mail as well as on Agora." },
  { key: "weeklyDigest", label: "Weekly digest", description: "A weekly e-mail with the most active questions in your topics." },
  { key: "newAnswers", label: "New answers on your questions", description: "When someone (or the AI) answers a question you asked." },
  { key: "newFollowers", label: "New followers", description: "When a member starts following you." },
  { key: "upvotes", label: "Upvotes and downvotes", description: "When your answers are voted on." },
] as const;

/**
 * Settings > Notifications (SPEC.md section 2): the switches, each saved as it changes
 * ("Settings Updated" with Undo), so nothing is lost by opening another tab.
 */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const { mutateAsync } = useUpdateNotificationSettings();
  const { values, change } = useAutoSave({
    initial,
    save: mutateAsync,
    saved: USER_MESSAGES.settingsUpdated,
    failed: USER_MESSAGES.settingsFailed,
    toastId: "settings-notifications",
  });
  return (
    <SettingsCard title="Notification Preferences" description="Choose what Agora tells you about. Changes are saved as you make them.">
      <div className="divide-y">
        {rows.map((row) => (
          <SwitchRow
            key={row.key}
            label={row.label}
            description={row.description}
            checked={values[row.key]}
            onCheckedChange={(checked) => change({ [row.key]: checked })}
          />
        ))}
        <PushNotificationRow enabled={values.pushNotifications} onSettingChange={(on) => change({ pushNotifications: on })} />
      </div>
    </SettingsCard>
  );
}
