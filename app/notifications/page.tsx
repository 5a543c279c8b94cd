import type { Metadata } from "next";
import { BellOff, LogIn } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";

import { NotificationsView } from "@/components/notifications/notifications-view";
import { SiteShell } from "@/components/layout/site-shell";
import { Button } from "@/components/ui/button";
import { NOTIFICATION_PAGE_SIZE } from "@/lib/api-client/paging";
import { getViewer } from "@/lib/server/auth/session";
import { presentNotification } from "@/lib/server/notifications/presenters";
import { countNotifications, countUnreadNotifications, listNotifications } from "@/lib/server/notifications/queries";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications.metadata");
  return { title: t("title"), description: t("description"), keywords: t("keywords").split(",") };
}

/**
 * /notifications: a sign-in prompt for visitors (SPEC.md section 2); for members the tabs All and
 * Unread over their notifications, the first page rendered here.
 */
export default async function NotificationsPage() {
  const viewer = await getViewer();
  if (!viewer) {
    const t = await getTranslations("notifications.signIn");
    return (
      <SiteShell>
        <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <BellOff className="size-7" aria-hidden />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="mt-2 text-muted-foreground">{t("text")}</p>
          <Button asChild className="mt-6">
            <a href="/api/login?callbackUrl=%2Fnotifications">
              <LogIn aria-hidden /> {t("button")}
            </a>
          </Button>
        </div>
      </SiteShell>
    );
  }

  const [page, total, unread, locale] = await Promise.all([
    listNotifications(viewer.id, { limit: NOTIFICATION_PAGE_SIZE }),
    countNotifications(viewer.id),
    countUnreadNotifications(viewer.id),
    getLocale(),
  ]);
  return (
    <SiteShell>
      <PageMessages scope="app/notifications/page.tsx">
        <div className="mx-auto max-w-3xl">
          <NotificationsView
            initialPage={{ items: page.rows.map((row) => presentNotification(row, viewer.id, locale)), nextCursor: page.nextCursor, total }}
            initialUnread={unread}
          />
        </div>
      </PageMessages>
    </SiteShell>
  );
}
