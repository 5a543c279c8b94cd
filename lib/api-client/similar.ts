import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { getJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import type { SimilarQuestionJson } from "@/lib/server/similar/presenters";
import { SIMILAR_DESCRIPTION_SENT, SIMILAR_TITLE_MIN_LENGTH } from "@/lib/validation/similar";
import { useDebounced } from "@/lib/use-debounced";

/** A similar question: id, title, answer count, accepted or not, score and its best answer's first lines. */
export type SimilarQuestion = SimilarQuestionJson;

/** How long typing must pause before a lookup (milliseconds). */
export const SIMILAR_DEBOUNCE_MS = 400;


/**
 * The questions similar to a draft (GET /api/questions/similar), looked up once typing pauses;
 * nothing is read until the title has SIMILAR_TITLE_MIN_LENGTH characters. Only the
 * description's first SIMILAR_DESCRIPTION_SENT characters are sent. The previous list stays while
 * the next one loads, so the panel does not flicker.
 */
export function useSimilarQuestions(title: string, description: string) {
  const draft = {
    title: useDebounced(title.trim(), SIMILAR_DEBOUNCE_MS),
    description: useDebounced(description.trim().slice(0, SIMILAR_DESCRIPTION_SENT), SIMILAR_DEBOUNCE_MS),
  };
  const enabled = draft.title.length >= SIMILAR_TITLE_MIN_LENGTH;
  return useQuery({
    queryKey: keys.similar.draft(draft.title, draft.description),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ title: draft.title });
      if (draft.description) params.set("description", draft.description);
      return getJson<SimilarQuestion[]>(`/api/questions/similar?${params}`, { signal });
    },
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
