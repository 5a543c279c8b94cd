"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the media query matches, following its changes (a window resized, a phone turned); false
 * on the server, in the first render of a hydrating page (so both agree), and where the browser
 * has no matchMedia (jsdom).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = typeof window.matchMedia === "function" ? window.matchMedia(query) : null;
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === "function" ? window.matchMedia(query).matches : false),
    () => false,
  );
}
