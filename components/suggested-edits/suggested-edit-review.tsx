"use client";

import { useId, useState } from "react";
import { Check, Loader2, X } from "lucide-react";
import { useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { RevisionDiff, TagDiff } from "@/components/revisions/revision-diff";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useReviewSuggestedEdit, type SuggestedEdit } from "@/lib/api-client/suggested-edits";
import { displayName } from "@/lib/display";
import { diffMarkdown, diffTags, diffText } from "@/lib/revisions/diff";
import { REJECT_REASON_MAX_LENGTH } from "@/lib/validation/suggested-edits";

function Section({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1.5">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</h4>
      {children}
    </div>
  );
}

/** The proposed change against the post as it stands, as the revisions pages show a revision (the Markdown source, marked). */
export function SuggestedEditDiff({ edit }: { edit: SuggestedEdit }) {
  const t = useTranslations("suggestedEdits");
  const { current, proposed } = edit;
  if ("content" in current && "content" in proposed) {
    return <RevisionDiff parts={diffMarkdown(current.content, proposed.content)} label={t("diff.answer")} />;
  }
  if ("title" in current && "title" in proposed) {
    return (
      <div className="space-y-3">
        <Section label={t("diff.title")}>
          <RevisionDiff parts={diffText(current.title, proposed.title)} label={t("diff.titleChange")} className="font-sans text-sm" />
        </Section>
        <Section label={t("diff.description")}>
          <RevisionDiff parts={diffMarkdown(current.description, proposed.description)} label={t("diff.descriptionChange")} />
        </Section>
        <Section label={t("diff.tags")}>
          <TagDiff tags={diffTags(current.tags, proposed.tags)} />
        </Section>
      </div>
    );
  }
  return null;
}

/**
 * One suggested edit for a reviewer: who suggested it and why, the diff, and Approve / Reject
 * (with an optional reason) when the viewer may review it.
 */
export function SuggestedEditReview({ edit, questionId, showPost = false, onDone }: { edit: SuggestedEdit; questionId: number | null; showPost?: boolean; onDone?: () => void }) {
  const t = useTranslations("suggestedEdits");
  const id = useId();
  const [reason, setReason] = useState("");
  const review = useReviewSuggestedEdit(questionId);
  const answerTo = t.rich("review.answerTo", {
    link: () => (
      <Link href={edit.link} className="underline-offset-2 hover:underline">
        {edit.questionTitle}
      </Link>
    ),
  });
  const suggestedBy = t.rich("review.suggestedBy", {
    name: displayName(edit.suggester),
    muted: (chunks) => <span className="text-muted-foreground">{chunks}</span>,
    strong: (chunks) => <span className="font-medium">{chunks}</span>,
  });
  const decide = (decision: "approve" | "reject") =>
    review.mutate({ id: edit.id, decision, reason: reason.trim() || undefined }, { onSuccess: () => onDone?.() });

  return (
    <div className="space-y-3">
      <div className="space-y-1 text-sm">
        {showPost ? (
          <p className="font-medium">
            {edit.targetType === "answer" ? (
              answerTo
            ) : (
              <Link href={edit.link} className="underline-offset-2 hover:underline">
                {edit.questionTitle}
              </Link>
            )}
          </p>
        ) : null}
        <p>
          {suggestedBy}
        </p>
        <p>
          <span className="text-muted-foreground">{t("review.summary")} </span>
          {edit.summary}
        </p>
      </div>
      <SuggestedEditDiff edit={edit} />
      {edit.viewerCan.review ? (
        <div className="space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-reason`}>
              {t("review.reason")} <span className="font-normal text-muted-foreground">{t("review.optional")}</span>
            </Label>
            <Input id={`${id}-reason`} value={reason} maxLength={REJECT_REASON_MAX_LENGTH} onChange={(e) => setReason(e.target.value)} placeholder={t("review.reasonPlaceholder")} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" disabled={review.isPending} onClick={() => decide("reject")}>
              {review.isPending && review.variables?.decision === "reject" ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />}
              {t("review.reject")}
            </Button>
            <Button type="button" disabled={review.isPending} onClick={() => decide("approve")}>
              {review.isPending && review.variables?.decision === "approve" ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
              {t("review.approve")}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
