import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { AdminForbidden } from "@/components/admin/admin-forbidden";
import { AuditLog } from "@/components/admin/audit-log";
import { AUDIT_PAGE_SIZE } from "@/lib/api-client/paging";
import { signInHref } from "@/lib/auth-links";
import { getViewer } from "@/lib/server/auth/session";
import { presentAuditEntry } from "@/lib/server/moderation/presenters";
import { listAuditEntries } from "@/lib/server/moderation/queries";
import { asRole, can, SITE } from "@/lib/server/policy";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.metadata");
  return { title: t("auditTitle"), description: t("auditDescription"), robots: { index: false } };
}

/**
 * /admin/audit (issue 14): the audit log for moderators and admins, from the same query and
 * presenter as GET /api/admin/audit. Members get the 403 page; visitors are sent to sign in
 * (proxy.ts does so before the members' layout would answer with its 404).
 */
async function AuditPageContent() {
  const viewer = await getViewer();
  if (!viewer) redirect(signInHref("/admin/audit"));
  if (!can(viewer, "audit.view", SITE)) return <AdminForbidden role={asRole(viewer.role)} area="audit" />;
  const page = await listAuditEntries(viewer, { limit: AUDIT_PAGE_SIZE });
  const items = page.rows.map((row) => presentAuditEntry(row, page.targets, viewer.id));
  return <AuditLog initialPage={{ items, nextCursor: page.nextCursor, total: null }} />;
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function AuditPage() {
  return (
    <PageMessages scope="app/(member)/admin/audit/page.tsx">
      <AuditPageContent />
    </PageMessages>
  );
}
