"use client";

import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";

import { keys } from "@/lib/api-client/keys";
import type { QuestionDetail } from "@/lib/api-client/question-cache";

/** How often a question page with an answer being revised reads the question again. */
export const REVISION_POLL_MS = 5_000;

/**
 * A question page's data (GET /api/questions/{id}), starting from what the server rendered.
 * `loadedAt` is when the server read it: when the browser's cached copy is older (say, after
 * navigating back), the server's copy replaces it. The automatic AI answer arrives through its
 * own stream (useAiAnswerStream), which adds it to this cached copy.
 */
export function useQuestionDetail(initial: QuestionDetail, loadedAt: number) {
  const queryClient = useQueryClient();
  const queryKey = keys.questions.detail(initial.id);
  const query = useQuery<QuestionDetail>({
    queryKey,
    initialData: initial,
    initialDataUpdatedAt: loadedAt,
    // While the automatic answer is being revised (issue 16), the page reads the question again
    // every few seconds, so the revised answer replaces "Being revised…" by itself.
    refetchInterval: (q) => (q.state.data?.answers.some((a) => a.aiRevision?.pending) ? REVISION_POLL_MS : false),
  });

  // Only when the server hands over a new copy (a navigation, a refresh): later edits in this
  // browser are newer than it, however the two clocks differ.
  useEffect(() => {
    const key = keys.questions.detail(initial.id);
    const cached = queryClient.getQueryState(key);
    if (!cached || cached.dataUpdatedAt < loadedAt) queryClient.setQueryData(key, initial, { updatedAt: loadedAt });
  }, [loadedAt, initial, queryClient]);

  return query.data ?? initial;
}
