"use client";

import { useEffect, useEffectEvent } from "react";

import { earlyState } from "@/lib/early/script";

/**
 * Owns the early actions of one control (lib/early/script.ts): once mounted, replays the last
 * action a person took on it before hydration (`data` holds a form's fields) and tells the
 * script to leave its later events to React. Put `data-early={key}` on the control: the
 * returned props are that attribute, so the key is written once (`<Button {...early}>`).
 */
export function useEarlyAction(key: string, replay: (data: FormData | null) => void): { "data-early": string } {
  const onReplay = useEffectEvent(replay);
  useEffect(() => {
    const early = earlyState();
    early.live[key] = (early.live[key] ?? 0) + 1;
    let last: FormData | null | undefined;
    for (let i = early.queue.length - 1; i >= 0; i--) {
      const entry = early.queue[i]!;
      if (entry.key !== key) continue;
      if (last === undefined) last = entry.data;
      early.queue.splice(i, 1);
    }
    if (last !== undefined) {
      for (const el of document.querySelectorAll(`[data-early-pending]`)) {
        if (el.getAttribute("data-early") === key) el.removeAttribute("data-early-pending");
      }
      onReplay(last);
    }
    return () => {
      early.live[key] = (early.live[key] ?? 1) - 1;
    };
  }, [key]);
  return { "data-early": key };
}
