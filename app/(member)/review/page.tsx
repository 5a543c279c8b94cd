import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ReviewQueue } from "@/components/review/review-queue";
import { ReviewTabs } from "@/components/review/review-tabs";
import { requireMemberForPage } from "@/lib/server/auth/member-page";
import { presentReviewItem } from "@/lib/server/flags/presenters";
import { listReviewItems } from "@/lib/server/flags/queries";
import { can, SITE } from "@/lib/server/policy";

export const metadata: Metadata = {
  title: "Review flags",
  description: "Flagged posts waiting for a moderator.",
  robots: { index: false },
};

/** /review (issue 14): the queue of flagged posts, for moderators and admins; everyone else gets the 404 screen. */
export default async function ReviewPage() {
  const viewer = await requireMemberForPage();
  if (!can(viewer, "review.view", SITE)) notFound();
  const page = await listReviewItems();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Review</h1>
        <p className="text-muted-foreground">Flagged posts, the most recently flagged first. Each action resolves all of a post&apos;s flags.</p>
      </div>
      <ReviewTabs />
      <ReviewQueue initialItems={page.rows.map((row) => presentReviewItem(row, viewer.id))} />
    </div>
  );
}
