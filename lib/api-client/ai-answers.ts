"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { isUnauthorizedError, readJsonResponse, throwIfResNotOk } from "@/lib/api-client/fetcher";
import { keys } from "@/lib/api-client/keys";
import { insertAnswer, markQuestionListsStale, updateQuestionDetail, type Answer, type QuestionDetail } from "@/lib/api-client/question-cache";
import { toastError, toastMutationError } from "@/lib/api-client/toast";
import { GENERATE_FAILED_MESSAGE } from "@/lib/validation/messages/ai";

/*
 * The AI answers in the browser (DECISIONS.md section 6): a member's custom-prompt preview,
 * streamed token by token from POST /api/questions/{id}/generate-preview, and the question's
 * automatic answer followed live through GET /api/questions/{id}/ai-answer/stream (an
 * EventSource, which reconnects by itself when the server tells it to come back later).
 */

/** A finished preview (what generate-preview's last event or JSON answer carries). */
export interface AnswerPreview {
  content: string;
  /** Signed provenance to post with the answer, so it records how it was made. */
  provenance?: string | null;
}

/** One Server-Sent Event. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Reads a fetch response body as Server-Sent Events, calling onEvent for each. */
/**
 * Reads a one-off generation's event stream (a preview, an answer to a draft): the text so far
 * to `onText` on each `delta`, then what `done` carried and whether an `error` came.
 */
export async function readGenerationStream<T>(res: Response, onText: (text: string) => void): Promise<{ result: T | null; text: string; failed: boolean }> {
  let result: T | null = null;
  let failed = false;
  let text = "";
  await readEventStream(res, ({ event, data }) => {
    if (event === "delta") {
      text += (data as { text?: string }).text ?? "";
      onText(text);
    } else if (event === "done") {
      result = data as T | null;
    } else if (event === "error") {
      failed = true;
    }
  });
  return { result, text, failed };
}

export async function readEventStream(res: Response, onEvent: (event: StreamEvent) => void): Promise<void> {
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const flush = (block: string) => {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length === 0) return;
    try {
      onEvent({ event, data: JSON.parse(data.join("\n")) });
    } catch {
      // not JSON: not one of ours
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value.replace(/\r\n?/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      flush(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
    if (done) break;
  }
  if (buffer.trim()) flush(buffer);
}

class PreviewFailed extends Error {}

/**
 * Asks the AI for an answer written from the member's own prompt, without posting it (SPEC.md
 * section 4). The text streams into `streamedText` while it is written; the mutation resolves
 * with the finished preview. Failures show 'Failed to generate AI answer. Please try again.';
 * a signed-out member sees 'Login Required' before being sent to sign in.
 */
export function useGenerateAnswerPreview(questionId: number) {
  const t = useTranslations("answer");
  const [streamedText, setStreamedText] = useState("");
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (customPrompt: string): Promise<AnswerPreview | null> => {
      controller.current?.abort();
      const abort = (controller.current = new AbortController());
      setStreamedText("");
      const res = await fetch(`/api/questions/${questionId}/generate-preview`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ customPrompt }),
        signal: abort.signal,
      });
      await throwIfResNotOk(res);
      // A server (or test double) may answer plain JSON { content } instead of a stream.
      if (!(res.headers?.get?.("Content-Type") ?? "").includes("text/event-stream")) {
        return readJsonResponse<AnswerPreview | null>(res);
      }
      const { result, text, failed } = await readGenerationStream<AnswerPreview>(res, setStreamedText);
      if (failed || (!result && !text)) throw new PreviewFailed(GENERATE_FAILED_MESSAGE);
      return result ?? { content: text, provenance: null };
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toastError(t("generate.loginRequiredTitle"), t("generate.loginRequired"), { id: "unauthorized" });
        return;
      }
      if (error instanceof DOMException && error.name === "AbortError") return;
      toastMutationError(error, t("toasts.error"), t("generate.failed"));
    },
    onSettled: () => {
      setStreamedText("");
      // A preview spends (or, failing, gives back) one of the hour's AI answers: the Generate box shows what is left.
      void queryClient.invalidateQueries({ queryKey: keys.aiQuota, exact: true });
    },
  });

  return {
    ...mutation,
    /** The preview's text as it streams in (empty when not generating). */
    streamedText,
    /** Stops a preview being generated. */
    stop: () => controller.current?.abort(),
  };
}

type AiStatus = NonNullable<QuestionDetail["aiStatus"]>;

/** What the page shows of an automatic answer that is not posted yet. */
export interface LiveAiAnswer {
  status: AiStatus | null;
  /** The text written so far (while status is running). */
  content: string;
}

const following = (status: AiStatus | null | undefined) => status !== null && status !== undefined && status.status !== "done";

/**
 * Follows the question's automatic answer while it is owed: its state, and its text token by
 * token. When it is posted, the stored answer joins the cached question page (and the lists
 * learn of it). Nothing happens once it is done or where EventSource is missing.
 */
export function useAiAnswerStream(questionId: number, initialStatus: AiStatus | null): LiveAiAnswer {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveAiAnswer>({ status: initialStatus, content: "" });
  const active = following(initialStatus);

  useEffect(() => {
    if (!active || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/questions/${questionId}/ai-answer/stream`);
    const parse = (e: MessageEvent) => {
      try {
        return JSON.parse(String(e.data)) as unknown;
      } catch {
        return null;
      }
    };
    source.addEventListener("status", (e) => {
      const status = parse(e as MessageEvent) as AiStatus | null;
      if (status) setLive((prev) => ({ status, content: status.status === "running" ? prev.content : "" }));
    });
    source.addEventListener("reset", (e) => {
      const data = parse(e as MessageEvent) as { content?: string } | null;
      setLive((prev) => ({ status: prev.status && { ...prev.status, status: "running" }, content: data?.content ?? "" }));
    });
    source.addEventListener("delta", (e) => {
      const data = parse(e as MessageEvent) as { text?: string } | null;
      setLive((prev) => ({ ...prev, content: prev.content + (data?.text ?? "") }));
    });
    source.addEventListener("done", (e) => {
      source.close();
      const answer = (parse(e as MessageEvent) as { answer?: Answer } | null)?.answer;
      const done: AiStatus = { status: "done", attempts: live.status?.attempts ?? 1, nextAttemptAt: null };
      if (answer) {
        updateQuestionDetail(queryClient, questionId, (q) => ({ ...insertAnswer(q, answer), aiStatus: done }));
        markQuestionListsStale(queryClient);
      }
      setLive({ status: done, content: "" });
    });
    source.addEventListener("none", () => {
      source.close();
      setLive({ status: null, content: "" });
    });
    return () => source.close();
    // `live` is only read for a count when the answer lands; following restarts only with the question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questionId, active, queryClient]);

  return live;
}
