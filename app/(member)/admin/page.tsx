import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { AdminForbidden } from "@/components/admin/admin-forbidden";
import { signInHref } from "@/lib/auth-links";
import { getAdminOverview } from "@/lib/server/admin/queries";
import { presentAdminOverview } from "@/lib/server/admin/presenters";
import { getViewer } from "@/lib/server/auth/session";
import { asRole, can } from "@/lib/server/policy";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.metadata");
  return { title: t("dashboardTitle"), description: t("dashboardDescription"), robots: { index: false } };
}

/**
 * /admin (issue 14): the dashboard for admins, from the same queries and presenter as
 * GET /api/admin/overview. Members and moderators get a 403 page; visitors are sent to sign in
 * (proxy.ts does so before the members' layout would answer with its 404).
 */
async function AdminPageContent() {
  const viewer = await getViewer();
  if (!viewer) redirect(signInHref("/admin"));
  if (!can(viewer, "admin.view")) return <AdminForbidden role={asRole(viewer.role)} />;
  return <AdminDashboard overview={presentAdminOverview(await getAdminOverview(), viewer.id)} />;
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function AdminPage() {
  return (
    <PageMessages scope="app/(member)/admin/page.tsx">
      <AdminPageContent />
    </PageMessages>
  );
}
