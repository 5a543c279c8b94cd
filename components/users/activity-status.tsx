"use client";

import { useClock } from "@/components/common/time-ago";
import { useTranslations } from "next-intl";

import { activityTime } from "@/lib/time";
import { cn } from "@/lib/utils";

/**
 * A member's activity status (issue 15): "Active 5 minutes ago", "Active today"... The server
 * hands out `lastActiveAt` only when the member shows it (or to the member themself), so nothing
 * is rendered for null. It keeps itself current with the page's one-minute clock.
 */
export function ActivityStatus({ lastActiveAt, className }: { lastActiveAt: string | null | undefined; className?: string }) {
  const now = useClock();
  const t = useTranslations("activity");
  const activity = activityTime(lastActiveAt, now);
  if (!lastActiveAt || !activity) return null;
  const label = "count" in activity ? t(activity.key, { count: activity.count }) : t(activity.key);
  const recent = now - new Date(lastActiveAt).getTime() < 5 * 60_000;
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)} data-testid="activity-status" suppressHydrationWarning>
      <span aria-hidden className={cn("size-2 shrink-0 rounded-full", recent ? "bg-emerald-500" : "bg-muted-foreground/40")} />
      <time dateTime={lastActiveAt} title={new Date(lastActiveAt).toUTCString()} suppressHydrationWarning>
        {label}
      </time>
    </span>
  );
}
