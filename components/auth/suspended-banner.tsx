import { Ban } from "lucide-react";

import { SUSPENDED_BANNER_HINT, suspensionMessage } from "@/lib/suspension";

/**
 * The bar above every page of a suspended member (site-shell.tsx renders it only for them,
 * while the suspension is in force): until when, what they can still do, and the moderator's
 * reason when one was given. A server component: it has nothing to click.
 */
export function SuspendedBanner({ until, reason }: { until: Date; reason: string | null }) {
  return (
    <section
      aria-label="Account suspended"
      data-testid="suspended-banner"
      className="mb-6 flex gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950 dark:border-red-800/70 dark:bg-red-950/40 dark:text-red-100"
    >
      <Ban className="mt-0.5 hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p>
          <strong className="font-semibold">{suspensionMessage(until)}</strong> {SUSPENDED_BANNER_HINT}
        </p>
        {reason ? (
          <p className="break-words">
            <span className="font-medium">Reason:</span> {reason}
          </p>
        ) : null}
      </div>
    </section>
  );
}
