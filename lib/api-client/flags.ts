"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiJson } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";
import type { FlagCreateInput, FlagTargetType, ReviewActionInput } from "@/lib/validation/flags";

/** What POST /api/flags answers (docs/API.md: Flag). */
export interface FlagResult {
  id: number;
  targetType: FlagTargetType;
  targetId: number;
  reason: string;
  status: "open" | "dismissed" | "actioned";
  postHidden: boolean;
}

/** Flags a post ('Thanks — a moderator will review this.'); flagging it again changes nothing. */
export function useFlagPost() {
  return useMutation({
    mutationFn: (input: FlagCreateInput) => apiJson<FlagResult>("POST", "/api/flags", input),
    onSuccess: () => toastSuccess("Thanks — a moderator will review this."),
    onError: (error) => toastMutationError(error, "Could not flag this post", error instanceof Error ? error.message : "Please try again."),
  });
}

/** A moderator's action on a flagged post from the review queue; the queue reloads after it. */
export function useReviewAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewActionInput) => apiJson<{ resolvedFlags: number }>("POST", "/api/review/actions", input),
    onSuccess: (_result, input) => {
      const done: Record<ReviewActionInput["action"], string> = {
        dismiss: "Flags dismissed",
        hide: "Post hidden",
        unhide: "Post restored",
        delete: "Post deleted",
        lock: "Question locked",
        suspend: "Author suspended",
      };
      toastSuccess(done[input.action]);
    },
    onError: (error) => toastMutationError(error, "Could not complete the action", error instanceof Error ? error.message : "Please try again."),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.review.all }),
  });
}
