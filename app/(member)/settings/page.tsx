import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { parseSettingsTab } from "@/components/settings/settings-tabs";
import { SettingsView } from "@/components/settings/settings-view";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import { presentNotificationSettings, presentPrivacySettings } from "@/lib/server/settings/presenters";
import { getPreferences } from "@/lib/server/settings/queries";
import { PageMessages } from "@/components/common/page-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings.page");
  return { title: t("title"), description: t("metaDescription"), robots: { index: false } };
}

/** /settings (SPEC.md section 2): the member's settings, read on the server and saved through their PATCH calls. */
async function SettingsPageContent({ searchParams }: Props) {
  const viewer = await requireMemberForPage();
  const [params, preferences, t] = await Promise.all([searchParams, getPreferences(viewer), getTranslations("settings.page")]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      <SettingsView
        initialTab={parseSettingsTab(params.tab)}
        notificationSettings={presentNotificationSettings(viewer.notificationSettings)}
        privacySettings={presentPrivacySettings(viewer.privacySettings)}
        preferences={preferences}
      />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function SettingsPage(props: Props) {
  return (
    <PageMessages scope="app/(member)/settings/page.tsx">
      <SettingsPageContent {...props} />
    </PageMessages>
  );
}
