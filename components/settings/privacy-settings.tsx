"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";

import { SettingsCard, SwitchRow } from "@/components/settings/setting-row";
import { useAutoSave } from "@/components/settings/use-auto-save";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useUpdatePrivacySettings } from "@/lib/api-client/users";
import type { PrivacySettings } from "@/lib/validation/users";
import { profileVisibilities, type ProfileVisibility } from "@/lib/validation/users";

/** The visibility choices' messages (SPEC.md section 2: public anyone, registered only registered users, private only you). */
const VISIBILITY_KEYS = { public: "visibilityPublic", registered: "visibilityRegistered", private: "visibilityPrivate" } as const satisfies Record<
  ProfileVisibility,
  string
>;

/**
 * Settings > Privacy: profile visibility (applied at once by the profile calls), activity status,
 * messages; each saved as it changes ("Privacy Updated" with Undo).
 */
export function PrivacySettingsForm({ initial }: { initial: PrivacySettings }) {
  const id = useId();
  const t = useTranslations("settings.privacy");
  const { mutateAsync } = useUpdatePrivacySettings();
  const { values, change } = useAutoSave({
    initial,
    save: mutateAsync,
    saved: [t("savedTitle"), t("savedDescription")],
    failed: t("failed"),
    toastId: "settings-privacy",
  });
  return (
    <SettingsCard title={t("title")} description={t("description")}>
      <div className="divide-y">
        <div className="space-y-2 pb-4">
          <Label htmlFor={`${id}-visibility`}>{t("visibility")}</Label>
          <Select value={values.profileVisibility} onValueChange={(v) => change({ profileVisibility: v as ProfileVisibility })}>
            <SelectTrigger id={`${id}-visibility`} className="w-full sm:w-96" aria-describedby={`${id}-visibility-help`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {profileVisibilities.map((v) => (
                <SelectItem key={v} value={v}>
                  {t(VISIBILITY_KEYS[v])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${id}-visibility-help`} className="text-sm text-muted-foreground">
            {t("visibilityHelp")}
          </p>
        </div>
        <div className="pt-4">
          <SwitchRow
            label={t("showActivity")}
            description={t("showActivityHelp")}
            checked={values.showActivity}
            onCheckedChange={(checked) => change({ showActivity: checked })}
          />
        </div>
        <div className="pt-4">
          <SwitchRow
            label={t("allowMessages")}
            description={t("allowMessagesHelp")}
            checked={values.allowMessages}
            onCheckedChange={(checked) => change({ allowMessages: checked })}
          />
        </div>
      </div>
    </SettingsCard>
  );
}
