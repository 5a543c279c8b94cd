"use client";

import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useRequestRevision } from "@/lib/api-client/verification";

/** A moderator's "Ask AI to review" on the automatic answer (issue 16); loaded on demand, staff only. */
export function RequestRevisionButton({ questionId, answerId }: { questionId: number; answerId: number }) {
  const t = useTranslations("verification");
  const request = useRequestRevision(questionId, answerId);
  return (
    <Button type="button" variant="ghost" size="sm" className="h-8 text-muted-foreground" disabled={request.isPending} onClick={() => request.mutate()}>
      <RefreshCw aria-hidden /> {t("revision.request")}
    </Button>
  );
}
