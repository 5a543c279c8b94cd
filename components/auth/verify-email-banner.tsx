"use client";

import { useState } from "react";
import { LoaderCircle, MailWarning } from "lucide-react";
import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { resendVerification } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/fetcher";
import { toastError, toastSuccess } from "@/lib/api-client/toast";

/**
 * The bar above every page of a member whose e-mail address is not verified yet (site-shell.tsx
 * renders it only for them): why it matters, and a Resend button.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const t = useTranslations("auth.verifyBanner");
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await resendVerification();
      toastSuccess(t("sentTitle"), t("sentBody", { email }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Verified meanwhile (in another tab): reload, and the banner is gone.
        window.location.reload();
        return;
      }
      toastError(t("failedTitle"), error instanceof ApiError && error.serverMessage ? error.serverMessage : t("failedBody"));
    } finally {
      setSending(false);
    }
  }

  const body = t.rich("body", { email, address: (chunks) => <span className="font-medium break-all">{chunks}</span> });
  return (
    <section
      aria-label={t("label")}
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <MailWarning className="hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      <p className="flex-1">
        <strong className="font-semibold">{t("title")}</strong>{" "}
        {body}
      </p>
      <Button type="button" size="sm" variant="outline" className="shrink-0 self-start bg-background sm:self-auto" onClick={resend} disabled={sending}>
        {sending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {t("resend")}
      </Button>
    </section>
  );
}
