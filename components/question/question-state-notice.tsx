import type { ReactNode } from "react";
import { Lock, OctagonX } from "lucide-react";
import { useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { TimeAgo } from "@/components/common/time-ago";
import type { QuestionDetail } from "@/lib/api-client/question-cache";
import { displayName } from "@/lib/display";

/**
 * Why a closed question takes no new answers (issues 13 and 14), at the top of its page:
 * "This question already has an answer here:" and the original's link (a duplicate whose original the
 * viewer may see; issue 17), "Closed as a duplicate", "Closed as off topic" or "Closed: needs details",
 * who closed it and when ("by the community" for votes). `actions` holds Reopen for those who may.
 * Plain markup: every visitor's page may carry it.
 */
export function ClosedNotice({ closed, actions }: { closed: NonNullable<QuestionDetail["closed"]>; actions?: ReactNode }) {
  const t = useTranslations("question");
  const tSimilar = useTranslations("similar");
  const time = () => <TimeAgo date={closed.closedAt} />;
  const original = closed.reason === "duplicate" ? closed.duplicateOf : null;
  // A duplicate whose original the viewer may see says so first, with the original's link (issue 17).
  const heading = original ? (
    tSimilar("duplicate.heading")
  ) : closed.reason === "duplicate" ? (
    t("notice.closedDuplicate")
  ) : closed.reason === "off_topic" ? (
    t("notice.closedOffTopic")
  ) : (
    t("notice.closedNeedsDetails")
  );
  const closedBy = closed.closedBy ? t.rich("notice.closedBy", { name: displayName(closed.closedBy), time }) : t.rich("notice.closedByCommunity", { time });
  return (
    <section
      aria-labelledby="closed-notice-title"
      className="rounded-xl border border-amber-600/40 bg-amber-50 p-4 text-amber-950 shadow-xs dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-50"
      data-testid="closed-notice"
    >
      <div className="flex items-start gap-3">
        <OctagonX className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="closed-notice-title" className="font-semibold break-words">
            {heading}
          </h2>
          {original ? (
            <p className="font-medium break-words">
              <Link
                href={`/questions/${original.id}`}
                className="rounded-sm underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                data-testid="duplicate-original"
              >
                {original.title}
              </Link>
            </p>
          ) : null}
          <p className="text-sm">
            {closed.reason === "duplicate"
              ? t("notice.duplicateText")
              : closed.reason === "off_topic"
                ? t("notice.offTopicText")
                : t("notice.needsDetailsText")}
          </p>
          <p className="text-sm text-amber-900 dark:text-amber-100/90">
            {closedBy}
          </p>
        </div>
      </div>
      {actions ? <div className="mt-3 flex flex-wrap items-center gap-2 pl-8">{actions}</div> : null}
    </section>
  );
}

/** The lock notice (issue 14): a locked question takes no answers, comments, votes or accept changes. */
export function LockedNotice({ lockedAt }: { lockedAt: string }) {
  const t = useTranslations("question");
  const text = t.rich("notice.locked", { strong: (chunks) => <strong className="font-semibold">{chunks}</strong>, time: () => <TimeAgo date={lockedAt} /> });
  return (
    <p
      className="flex items-start gap-3 rounded-xl border border-slate-400/50 bg-slate-100 p-4 text-sm text-slate-900 shadow-xs dark:border-slate-500/50 dark:bg-slate-900/60 dark:text-slate-100"
      data-testid="locked-notice"
    >
      <Lock className="mt-0.5 size-5 shrink-0" aria-hidden />
      <span>
        {text}
      </span>
    </p>
  );
}
