"use client";

import { useRouter } from "next/navigation";
import { RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useAdminRetry, type RetryTarget } from "@/lib/api-client/admin";

/** The Retry button of a failed AI answer job or e-mail; the dashboard is read again afterwards. */
export function RetryButton({ target, id, label }: { target: RetryTarget; id: number; label: string }) {
  const t = useTranslations("admin.retry");
  const router = useRouter();
  const retry = useAdminRetry(target, { onDone: () => router.refresh() });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      aria-label={t("aria", { label })}
      onClick={() => retry.mutate(id)}
    >
      <RotateCw className={retry.isPending ? "animate-spin" : undefined} aria-hidden /> {t("button")}
    </Button>
  );
}
