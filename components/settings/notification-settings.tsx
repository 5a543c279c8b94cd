"use client";

import { useTranslations } from "next-intl";

import { PushNotificationRow } from "@/components/settings/push-notification-row";
import { SettingsCard, SwitchRow } from "@/components/settings/setting-row";
import { useAutoSave } from "@/components/settings/use-auto-save";
import { useUpdateNotificationSettings } from "@/lib/api-client/users";
import type { NotificationSettings } from "@/lib/validation/users";

// Each switch's label is settings.notifications.<key>, its sentence <key>Help.
const rows = ["emailNotifications", "weeklyDigest", "newAnswers", "newFollowers", "upvotes"] as const;

/**
 * Settings > Notifications (SPEC.md section 2): the switches, each saved as it changes
 * ("Settings Updated" with Undo), so nothing is lost by opening another tab.
 */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const t = useTranslations("settings.notifications");
  const { mutateAsync } = useUpdateNotificationSettings();
  const { values, change } = useAutoSave({
    initial,
    save: mutateAsync,
    saved: [t("savedTitle"), t("savedDescription")],
    failed: t("failed"),
    toastId: "settings-notifications",
  });
  return (
    <SettingsCard title={t("title")} description={t("description")}>
      <div className="divide-y">
        {rows.map((key) => (
          <SwitchRow
            key={key}
            label={t(key)}
            description={t(`${key}Help`)}
            checked={values[key]}
            onCheckedChange={(checked) => change({ [key]: checked })}
          />
        ))}
        <PushNotificationRow enabled={values.pushNotifications} onSettingChange={(on) => change({ pushNotifications: on })} />
      </div>
    </SettingsCard>
  );
}
