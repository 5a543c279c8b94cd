import Link from "@/components/common/link";
import { Activity, FileQuestion, MessageCircle, MessageSquare, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";

import { TimeAgo } from "@/components/common/time-ago";
import type { RecentActivityItem } from "@/lib/server/home/queries";

const kinds = {
  question: { icon: FileQuestion, verb: "asked" },
  answer: { icon: MessageSquare, verb: "answered" },
  comment: { icon: MessageCircle, verb: "commented" },
} as const;

/**
 * The desktop-only side panel of the home feed: the member's own latest questions, answers and
 * comments (none: no list, since the first-run card guides newcomers), and a tip.
 */
export function RecentActivityPanel({ activity = [] }: { activity?: RecentActivityItem[] }) {
  const t = useTranslations("home.recentActivity");
  return (
    <aside aria-label={t("label")} className="hidden w-72 shrink-0 xl:block">
      <div className="sticky top-24 space-y-4">
        {activity.length > 0 ? (
          <section aria-labelledby="recent-activity-title" className="rounded-xl border bg-card p-5 shadow-xs">
            <h2 id="recent-activity-title" className="flex items-center gap-2 text-sm font-semibold">
              <Activity className="size-4 text-primary" aria-hidden /> {t("title")}
            </h2>
            <ol className="mt-3 space-y-3">
              {activity.map((item) => {
                const { icon: Icon, verb } = kinds[item.kind];
                return (
                  <li key={`${item.kind}-${item.id}`} className="flex gap-2.5">
                    <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0 text-sm">
                      <p className="text-xs text-muted-foreground">
                        {t(verb)} · <TimeAgo date={item.createdAt} />
                      </p>
                      <Link
                        href={item.link}
                        className="line-clamp-2 rounded-sm leading-snug font-medium outline-none hover:text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        {item.questionTitle}
                      </Link>
                    </div>
                  </li>
                );
              })}
            </ol>
          </section>
        ) : null}
        <section aria-label={t("tip")} className="rounded-xl border border-primary/20 bg-gradient-to-br from-primary/10 to-transparent p-5">
          <p className="flex items-center gap-2 text-sm font-semibold text-accent-foreground">
            <Sparkles className="size-4" aria-hidden /> {t("tip")}
          </p>
          <p className="mt-2 text-sm leading-relaxed text-foreground/80">
            {t("tipBody")}
          </p>
          <Link href="/tags" className="mt-3 inline-block rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {t("exploreTags")}
          </Link>
        </section>
      </div>
    </aside>
  );
}
