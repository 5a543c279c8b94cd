"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";

import { SuggestedEditReview } from "@/components/suggested-edits/suggested-edit-review";
import type { SuggestedEdit } from "@/lib/api-client/suggested-edits";

/** The pending suggested edits, each with its diff and Approve / Reject; a decided one leaves the list. */
export function SuggestedEditQueue({ initialItems }: { initialItems: SuggestedEdit[] }) {
  const t = useTranslations("suggestedEdits");
  const [items, setItems] = useState(initialItems);
  if (items.length === 0) {
    return <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">{t("queue.empty")}</p>;
  }
  return (
    <ul className="space-y-4" aria-label={t("queue.label")}>
      {items.map((edit) => (
        <li key={edit.id} className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5">
          <SuggestedEditReview edit={edit} questionId={null} showPost onDone={() => setItems((all) => all.filter((e) => e.id !== edit.id))} />
        </li>
      ))}
    </ul>
  );
}
