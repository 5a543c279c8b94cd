"use client";

import { useClock } from "@/components/common/time-ago";
import { activityLabel } from "@/lib/time";
import { cn } from "@/lib/utils";

/**
 * A member's activity status (issue 15): "Active 5 minutes ago", "Active today"... The server
 * hands out `lastActiveAt` only when the member shows it (or to the member themself), so nothing
 * is rendered for null. It keeps itself current with the page's one-minute clock.
 */
export function ActivityStatus({ lastActiveAt, className }: { lastActiveAt: string | null | undefined; className?: string }) {
  const now = useClock();
  if (!lastActiveAt) return null;
  const label = activityLabel(lastActiveAt, now);
  if (!label) return null;
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
