"use client";

import { useId } from "react";

import { SettingsCard, SwitchRow } from "@/components/settings/setting-row";
import { useAutoSave } from "@/components/settings/use-auto-save";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { USER_MESSAGES, useUpdatePrivacySettings } from "@/lib/api-client/users";
import type { PrivacySettings } from "@/lib/validation/users";
import { profileVisibilities, type ProfileVisibility } from "@/lib/validation/users";

/** The visibility choices (SPEC.md section 2: public anyone, registered only registered users, private only you). */
export const VISIBILITY_LABELS: Record<ProfileVisibility, string> = {
  public: "Public - anyone can see your profile",
  registered: "Registered users - only signed-in members",
  private: "Private - only you",
};

/**
 * Settings > Privacy: profile visibility (applied at once by the profile calls), activity status,
 * messages; each saved as it changes ("Privacy Updated" with Undo).
 */
export function PrivacySettingsForm({ initial }: { initial: PrivacySettings }) {
  const id = useId();
  const { mutateAsync } = useUpdatePrivacySettings();
  const { values, change } = useAutoSave({
    initial,
    save: mutateAsync,
    saved: USER_MESSAGES.privacyUpdated,
    failed: USER_MESSAGES.privacyFailed,
    toastId: "settings-privacy",
  });
  return (
    <SettingsCard title="Privacy Settings" description="Decide who can see your profile and how others can reach you. Changes are saved as you make them.">
      <div className="divide-y">
        <div className="space-y-2 pb-4">
          <Label htmlFor={`${id}-visibility`}>Profile visibility</Label>
          <Select value={values.profileVisibility} onValueChange={(v) => change({ profileVisibility: v as ProfileVisibility })}>
            <SelectTrigger id={`${id}-visibility`} className="w-full sm:w-96" aria-describedby={`${id}-visibility-help`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {profileVisibilities.map((v) => (
                <SelectItem key={v} value={v}>
                  {VISIBILITY_LABELS[v]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${id}-visibility-help`} className="text-sm text-muted-foreground">
            Your questions and answers always show your name; this decides who can open your profile page.
          </p>
        </div>
        <div className="pt-4">
          <SwitchRow
            label="Show activity status"
            description="Let others see when you were last active."
            checked={values.showActivity}
            onCheckedChange={(checked) => change({ showActivity: checked })}
          />
        </div>
        <div className="pt-4">
          <SwitchRow
            label="Allow direct messages"
            description="Let other members send you messages."
            checked={values.allowMessages}
            onCheckedChange={(checked) => change({ allowMessages: checked })}
          />
        </div>
      </div>
    </SettingsCard>
  );
}
