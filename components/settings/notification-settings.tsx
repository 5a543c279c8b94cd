"use client";

import { useState } from "react";
import { Loader2 } from "lucide-react";

import { SettingsCard, SwitchRow } from "@/components/settings/setting-row";
import { Button } from "@/components/ui/button";
import { useUpdateNotificationSettings } from "@/lib/api-client/users";
import type { NotificationSettings } from "@/lib/server/users/presenters";

const rows = [
  { key: "emailNotifications", label: "Email notifications", description: "Receive notifications by e-mail as well as on Agora." },
  { key: "weeklyDigest", label: "Weekly digest", description: "A weekly e-mail with the most active questions in your topics." },
  { key: "newAnswers", label: "New answers on your questions", description: "When someone (or the AI) answers a question you asked." },
  { key: "newFollowers", label: "New followers", description: "When a member starts following you." },
  { key: "upvotes", label: "Upvotes and downvotes", description: "When your answers are voted on." },
] as const;

/** Settings > Notifications (SPEC.md section 2): the switches and "Save Notification Settings". */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const [values, setValues] = useState(initial);
  const save = useUpdateNotificationSettings();
  return (
    <SettingsCard
      title="Notification Preferences"
      description="Choose what Agora tells you about."
      footer={
        <Button onClick={() => save.mutate(values, { onSuccess: setValues })} disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Save Notification Settings
        </Button>
      }
    >
      <div className="divide-y">
        {rows.map((row) => (
          <SwitchRow
            key={row.key}
            label={row.label}
            description={row.description}
            checked={values[row.key]}
            onCheckedChange={(checked) => setValues((v) => ({ ...v, [row.key]: checked }))}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
