"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Bell, Palette, Shield, UserCog } from "lucide-react";

import { AccountSettings } from "@/components/settings/account-settings";
import { NotificationSettingsForm } from "@/components/settings/notification-settings";
import { PreferencesSettingsForm } from "@/components/settings/preferences-settings";
import { PrivacySettingsForm } from "@/components/settings/privacy-settings";
import { BlockedMembers } from "@/components/settings/blocked-members";
import { parseSettingsTab, settingsTabs, type SettingsTab } from "@/components/settings/settings-tabs";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { NotificationSettings, PrivacySettings } from "@/lib/validation/users";
import type { Preferences } from "@/lib/validation/users";

// Each tab's label is settings.tabs.<tab>.
const icons: Record<SettingsTab, typeof Bell> = { notifications: Bell, privacy: Shield, account: UserCog, preferences: Palette };

/**
 * The settings page's tabs: Notifications (default), Privacy, Account, Preferences; the tab stays
 * in ?tab=. The settings tabs stay mounted (hidden when not shown), so what was changed on one
 * is still there after opening another.
 */
export function SettingsView({
  initialTab,
  notificationSettings,
  privacySettings,
  preferences,
}: {
  initialTab: SettingsTab;
  notificationSettings: NotificationSettings;
  privacySettings: PrivacySettings;
  preferences: Preferences;
}) {
  const t = useTranslations("settings.tabs");
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  function change(next: string) {
    const value = parseSettingsTab(next);
    setTab(value);
    const url = new URL(window.location.href);
    if (value === "notifications") url.searchParams.delete("tab");
    else url.searchParams.set("tab", value);
    window.history.replaceState(window.history.state, "", url);
  }
  return (
    <Tabs value={tab} onValueChange={change} className="gap-5">
      <TabsList aria-label={t("label")} className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-fit">
        {settingsTabs.map((value) => {
          const Icon = icons[value];
          return (
            <TabsTrigger key={value} value={value} className="px-3 data-[state=active]:text-foreground">
              <Icon aria-hidden /> {t(value)}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent value="notifications" forceMount className="data-[state=inactive]:hidden">
        <NotificationSettingsForm initial={notificationSettings} />
      </TabsContent>
      <TabsContent value="privacy" forceMount className="data-[state=inactive]:hidden">
        <div className="space-y-6">
          <PrivacySettingsForm initial={privacySettings} />
          <BlockedMembers />
        </div>
      </TabsContent>
      <TabsContent value="account">
        <AccountSettings />
      </TabsContent>
      <TabsContent value="preferences" forceMount className="data-[state=inactive]:hidden">
        <PreferencesSettingsForm initial={preferences} />
      </TabsContent>
    </Tabs>
  );
}
