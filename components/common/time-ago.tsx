"use client";

import { useCallback, useSyncExternalStore } from "react";
import { useFormatter, useTranslations } from "next-intl";

import { relativeTime } from "@/lib/time";

const CLOCK_INTERVAL_MS = 60_000;

/*
 * One clock for every TimeAgo on the page: a reading of Date.now() taken when the first one
 * mounts and again every minute while any is mounted, so the labels update together.
 */
const clockListeners = new Set<() => void>();
let clockReading = 0;
let clockTimer: ReturnType<typeof setInterval> | undefined;

function subscribeToClock(listener: () => void) {
  clockListeners.add(listener);
  if (clockListeners.size === 1) {
    // The reading may be stale from an earlier page; React re-renders when it changes here.
    clockReading = Date.now();
    clockTimer = setInterval(() => {
      clockReading = Date.now();
      clockListeners.forEach((notify) => notify());
    }, CLOCK_INTERVAL_MS);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) clearInterval(clockTimer);
  };
}

const readClock = () => clockReading || (clockReading = Date.now());
// The server renders with its own time; while hydrating, the browser's reading (React needs a stable value).
const readServerClock = () => (typeof window === "undefined" ? Date.now() : readClock());

/** The page's shared clock (milliseconds), read again every minute; the server's own time while rendering there. */
export function useClock(): number {
  return useSyncExternalStore(subscribeToClock, readClock, readServerClock);
}

/** Puts a time into words relative to `now` in the interface's language ("3 minutes ago", "hace 3 minutos", then the date). */
export function useTimeAgo(): (date: Date | string | number, now: number) => string {
  const t = useTranslations("time");
  const format = useFormatter();
  return useCallback(
    (date, now) => {
      const relative = relativeTime(date, now);
      switch (relative.key) {
        case "invalid":
          return "";
        case "date":
          return format.dateTime(relative.date, { dateStyle: "short" });
        case "justNow":
          return t("justNow");
        default:
          return t(relative.key, { count: relative.count });
      }
    },
    [t, format],
  );
}

/**
 * A relative time (SPEC.md section 9) in the interface's language, kept current every minute.
 * Server and browser render the same words (one language, one time zone: lib/i18n/format.ts).
 */
export function TimeAgo({ date, className }: { date: string | Date; className?: string }) {
  const iso = typeof date === "string" ? date : date.toISOString();
  const now = useClock();
  const timeAgo = useTimeAgo();

  return (
    <time dateTime={iso} title={new Date(iso).toUTCString()} className={className} suppressHydrationWarning>
      {timeAgo(iso, now)}
    </time>
  );
}
