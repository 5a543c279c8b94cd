"use client";

import { useSyncExternalStore } from "react";

import { timeAgo } from "@/lib/time";

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

const noSubscription = () => () => {};

/** The page's shared clock (milliseconds), read again every minute; the server's own time while rendering there. */
export function useClock(): number {
  return useSyncExternalStore(subscribeToClock, readClock, readServerClock);
}

/**
 * A relative time (SPEC.md section 9). The server renders it with a fixed locale; once in the
 * browser it switches to the visitor's locale and keeps itself current every minute.
 */
export function TimeAgo({ date, className }: { date: string | Date; className?: string }) {
  const iso = typeof date === "string" ? date : date.toISOString();
  const now = useClock();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  return (
    <time dateTime={iso} title={new Date(iso).toUTCString()} className={className} suppressHydrationWarning>
      {timeAgo(iso, now, hydrated ? undefined : "en-US")}
    </time>
  );
}
