"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";

import { readGenerationStream } from "@/lib/api-client/ai-answers";
import { ApiError, errorMessage, isUnauthorizedError, throwIfResNotOk } from "@/lib/api-client/fetcher";
import { toastError, toastMutationError } from "@/lib/api-client/toast";
import { GENERATE_FAILED_MESSAGE } from "@/lib/validation/messages/ai";

/*
 * The AI answer to the Ask dialog's draft before it is posted (issue 17): streamed token by token
 * from POST /api/ai/draft-answer; the finished answer's id is what POST /api/questions takes as
 * draftAnswerId to make it the question's automatic answer.
 */

/** The draft sent for an answer. */
export interface DraftAnswerRequest {
  title: string;
  description: string;
  tagIds: number[];
  groupId: number | null;
}

/** A finished answer to a draft (the stream's `done` event). */
export interface DraftAnswer {
  draftAnswerId: string;
  content: string;
  contentHtml: string;
  sources: { id: number; type: "question" | "answer"; title: string; url: string }[];
  expiresAt: string;
}

class DraftAnswerFailed extends Error {}

/**
 * Asks for an AI answer to the draft. The text streams into `streamedText`; the mutation resolves
 * with the finished answer, or null when the model wrote nothing. Failures and the hourly
 * allowance show their toast.
 */
export function useDraftAnswer() {
  const t = useTranslations("askAi");
  const [streamedText, setStreamedText] = useState("");
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (draft: DraftAnswerRequest): Promise<DraftAnswer | null> => {
      controller.current?.abort();
      const abort = (controller.current = new AbortController());
      setStreamedText("");
      const res = await fetch("/api/ai/draft-answer", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify(draft),
        signal: abort.signal,
      });
      await throwIfResNotOk(res);
      const { result, failed } = await readGenerationStream<DraftAnswer>(res, setStreamedText);
      if (failed) throw new DraftAnswerFailed(GENERATE_FAILED_MESSAGE);
      return result;
    },
    onError: (error) => {
      if (error instanceof DOMException && error.name === "AbortError") return;
      if (isUnauthorizedError(error)) return; // the query client's own toast and redirect
      if (error instanceof DraftAnswerFailed) toastError(t("toasts.errorTitle"), t("toasts.failed"));
      // The hourly allowance (429) and a provider missing (503) say so in the server's words.
      else toastMutationError(error, t("toasts.errorTitle"), error instanceof ApiError && (error.status === 429 || error.status === 503) ? errorMessage(error, t("toasts.failed")) : t("toasts.failed"));
    },
    onSettled: () => setStreamedText(""),
  });

  return {
    ...mutation,
    /** The answer's text as it streams in (empty when not generating). */
    streamedText,
    /** Stops an answer being written. */
    stop: () => controller.current?.abort(),
  };
}
