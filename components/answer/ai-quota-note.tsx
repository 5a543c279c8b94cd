"use client";

import { useFormatter, useTranslations } from "next-intl";

import { useAiQuota } from "@/lib/api-client/verification";

/** "14 of 20 AI answers left this hour" under the Generate box (GET /api/ai/quota); nothing until it is known. */
export function AiQuotaNote() {
  const t = useTranslations("verification");
  const format = useFormatter();
  const { data } = useAiQuota();
  if (!data) return null;
  const text =
    data.remaining > 0 || !data.resetsAt
      ? t("quota.left", { remaining: data.remaining, limit: data.limit })
      : t("quota.spent", { limit: data.limit, time: format.dateTime(new Date(data.resetsAt), { timeStyle: "short" }) });
  return (
    <p className="mr-auto text-xs text-muted-foreground" data-testid="ai-quota" aria-live="polite">
      {text}
    </p>
  );
}
