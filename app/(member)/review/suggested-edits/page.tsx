import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { ReviewTabs } from "@/components/review/review-tabs";
import { SuggestedEditQueue } from "@/components/suggested-edits/suggested-edit-queue";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import { can, SITE } from "@/lib/server/policy";
import { presentSuggestedEdit } from "@/lib/server/suggested-edits/presenters";
import { listSuggestedEdits } from "@/lib/server/suggested-edits/queries";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.metadata");
  return { title: t("editsTitle"), description: t("editsDescription"), robots: { index: false } };
}

/** /review/suggested-edits (issue 13): pending suggested edits, for members with the review privilege and staff; 404 for everyone else. */
async function SuggestedEditsReviewPageContent() {
  const viewer = await requireMemberForPage();
  const t = await getTranslations("review.page");
  if (!can(viewer, "suggestedEdit.list")) notFound();
  const page = await listSuggestedEdits(viewer, { status: "pending", limit: 50, cursor: undefined });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("editsIntro")}</p>
      </div>
      <ReviewTabs showFlags={can(viewer, "review.view", SITE)} />
      <SuggestedEditQueue initialItems={page.rows.map((row) => presentSuggestedEdit(row, viewer))} />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function SuggestedEditsReviewPage() {
  return (
    <PageMessages scope="app/(member)/review/suggested-edits/page.tsx">
      <SuggestedEditsReviewPageContent />
    </PageMessages>
  );
}
