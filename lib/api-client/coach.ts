import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";

import { readJsonResponse, throwIfResNotOk } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { useDebounced } from "@/lib/use-debounced";
import { COACH_DESCRIPTION_SENT, COACH_MIN_DESCRIPTION_CHARS, type CoachResponse } from "@/lib/validation/ai";
import { TITLE_MIN_LENGTH } from "@/lib/validation/questions";

/** How long typing must pause before the model is asked (longer than similar questions': each call costs a model call). */
export const COACH_DEBOUNCE_MS = 1_500;

/**
 * The model's suggestions on the Ask dialog's draft (POST /api/ai/coach, issue 17), asked once
 * typing pauses and only when `enabled` (a provider is configured) and the draft has a title and a
 * description worth reading; each draft text is asked once (cached), failures are not retried (the
 * heuristic suggestions stay), and the previous suggestions stay while the next ones load.
 */
export function useModelCoaching(title: string, description: string, enabled: boolean) {
  const locale = useLocale();
  const draft = {
    title: useDebounced(title.trim(), COACH_DEBOUNCE_MS),
    description: useDebounced(description.trim().slice(0, COACH_DESCRIPTION_SENT), COACH_DEBOUNCE_MS),
  };
  const ready = enabled && draft.title.length >= TITLE_MIN_LENGTH && draft.description.length >= COACH_MIN_DESCRIPTION_CHARS;
  return useQuery({
    queryKey: keys.coach.draft(draft.title, draft.description, locale),
    queryFn: async ({ signal }) => {
      const res = await fetch("/api/ai/coach", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...draft, locale }),
        signal,
      });
      await throwIfResNotOk(res);
      return ((await readJsonResponse<CoachResponse>(res))?.suggestions ?? []).filter((s) => typeof s === "string");
    },
    enabled: ready,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
