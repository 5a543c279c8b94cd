import { Ban } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

/**
 * The bar above every page of a suspended member (site-shell.tsx renders it only for them,
 * while the suspension is in force): until when, what they can still do, and the moderator's
 * reason when one was given. A server component: it has nothing to click.
 */
export function SuspendedBanner({ until, reason }: { until: Date; reason: string | null }) {
  const t = useTranslations("auth.suspended");
  const format = useFormatter();
  // In full and in UTC, as the server's 403 says it ("December 4, 2026, 15:00 UTC"; lib/suspension.ts).
  const date = format.dateTime(until, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const time = format.dateTime(until, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
  return (
    <section
      aria-label={t("label")}
      data-testid="suspended-banner"
      className="mb-6 flex gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950 dark:border-red-800/70 dark:bg-red-950/40 dark:text-red-100"
    >
      <Ban className="mt-0.5 hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p>
          <strong className="font-semibold">{t("message", { date, time })}</strong> {t("hint")}
        </p>
        {reason ? (
          <p className="break-words">
            <span className="font-medium">{t("reason")}</span> {reason}
          </p>
        ) : null}
      </div>
    </section>
  );
}
