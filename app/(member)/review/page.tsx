import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";

import { ReviewQueue } from "@/components/review/review-queue";
import { ReviewTabs } from "@/components/review/review-tabs";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import { presentReviewItem } from "@/lib/server/flags/presenters";
import { listReviewItems } from "@/lib/server/flags/queries";
import { can, SITE } from "@/lib/server/policy";
import { PageMessages } from "@/components/common/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.metadata");
  return { title: t("flagsTitle"), description: t("flagsDescription"), robots: { index: false } };
}

/** /review (issue 14): the queue of flagged posts, for moderators and admins; everyone else gets the 404 screen. */
async function ReviewPageContent() {
  const viewer = await requireMemberForPage();
  const t = await getTranslations("review.page");
  if (!can(viewer, "review.view", SITE)) notFound();
  const page = await listReviewItems();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("flagsIntro")}</p>
      </div>
      <ReviewTabs />
      <ReviewQueue initialItems={page.rows.map((row) => presentReviewItem(row, viewer.id))} />
    </div>
  );
}

/** The page with its own texts for its client components (components/common/page-messages.tsx). */
export default async function ReviewPage() {
  return (
    <PageMessages scope="app/(member)/review/page.tsx">
      <ReviewPageContent />
    </PageMessages>
  );
}
