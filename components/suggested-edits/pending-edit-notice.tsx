"use client";

import { useState } from "react";
import { Clock } from "lucide-react";
import { useTranslations } from "next-intl";

import { SuggestedEditReview } from "@/components/suggested-edits/suggested-edit-review";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useSuggestedEdit } from "@/lib/api-client/suggested-edits";
import type { PendingEditJson } from "@/lib/server/suggested-edits/presenters";

/** "An edit is waiting for review" on a post, with Review (the diff, Approve / Reject) for those who may review it. */
export function PendingEditNotice({ pending, questionId, what }: { pending: PendingEditJson; questionId: number; what: "question" | "answer" }) {
  const t = useTranslations("suggestedEdits");
  const [open, setOpen] = useState(false);
  const reviewLabel = t.rich("notice.review", { what, sr: (chunks) => <span className="sr-only">{chunks}</span> });
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-amber-600/40 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100" role="status">
      <Clock className="size-4 shrink-0" aria-hidden />
      <span>{pending.mine ? t("notice.mine") : t("notice.waiting")}</span>
      {pending.viewerCan.review ? (
        <>
          <Button type="button" size="sm" variant="outline" className="ml-auto h-7 bg-background" onClick={() => setOpen(true)}>
            {reviewLabel}
          </Button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
              <DialogHeader>
                <DialogTitle>{t("notice.dialogTitle")}</DialogTitle>
                <DialogDescription>{t("notice.dialogDescription")}</DialogDescription>
              </DialogHeader>
              {open ? <ReviewBody id={pending.id} questionId={questionId} onDone={() => setOpen(false)} /> : null}
            </DialogContent>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}

function ReviewBody({ id, questionId, onDone }: { id: number; questionId: number; onDone: () => void }) {
  const t = useTranslations("suggestedEdits");
  const edit = useSuggestedEdit(id);
  if (edit.data) return <SuggestedEditReview edit={edit.data} questionId={questionId} onDone={onDone} />;
  if (edit.isError) return <p className="text-sm text-destructive">{t("notice.loadFailed")}</p>;
  return (
    <div className="space-y-3" role="status" aria-label={t("notice.loading")}>
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
