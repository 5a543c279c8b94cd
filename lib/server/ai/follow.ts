import "server-only";
import { presentAnswer, type AnswerJson } from "@/lib/server/answers/presenters";
import { getAnswer } from "@/lib/server/answers/queries";
import type { Viewer } from "@/lib/server/policy";
import { isAiConfigured } from "@/lib/server/ai/provider";
import type { AiJobProgress } from "@/lib/server/ai/queries";
import { subscribeProgress } from "@/lib/server/ai/progress-hub";
import { shutdownSignal } from "@/lib/server/shutdown";
import { sseEvent, sseRetry } from "@/lib/server/ai/sse";
import { fillWorkerSlots, workersDisabled } from "@/lib/server/ai/worker";
import { log } from "@/lib/server/log";

/*
 * GET /api/questions/{id}/ai-answer/stream: the page follows its automatic answer as it is
 * written, on whichever instance writes it. The job row is read by this instance's one shared
 * reader per question (lib/server/ai/progress-hub.ts: woken by the row's NOTIFY, at most every
 * POLL_MS; the worker writes partial_content every 200 ms), not by each connection. Events:
 *   status { status, attempts, nextAttemptAt }  whenever the state changes (unconfigured included)
 *   reset  { content }                          the text so far (first event of a new attempt)
 *   delta  { text }                             text appended since the last event
 *   done   { answer }                           the stored answer, presented for the viewer
 *   none   {}                                   no automatic answer is owed for this question
 * The stream ends after done or none, when the answer waits for a provider or a retry (with a
 * `retry:` telling EventSource when to come back), after MAX_STREAM_MS, or when the client leaves.
 */

/** Longest one stream stays open; EventSource reconnects after it. */
export const MAX_STREAM_MS = 120_000;

type FollowStatus = "pending" | "running" | "failed" | "done" | "unconfigured";

/** The status the page shows: a waiting answer with no provider configured is "unconfigured". */
export function shownStatus(job: Pick<AiJobProgress, "status">, configured = isAiConfigured()): FollowStatus {
  return (job.status === "pending" || job.status === "failed") && !configured ? "unconfigured" : job.status;
}

const isDue = (job: AiJobProgress, now: number) =>
  ((job.status === "pending" || job.status === "failed") && job.nextAttemptAt.getTime() <= now) ||
  (job.status === "running" && (job.lockedUntil === null || job.lockedUntil.getTime() < now));

/** Options of following one question's automatic answer. */
export interface FollowOptions {
  questionId: number;
  viewer: Viewer | null;
  signal?: AbortSignal;
  maxMs?: number;
}

/** The event stream of a question's automatic answer; `onClose` runs once when it ends either way. */
export function followAiAnswerStream({ questionId, viewer, signal, maxMs = MAX_STREAM_MS, onClose }: FollowOptions & { onClose?: () => void }): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  // A shutting-down instance ends its streams (the browser reconnects, to another instance).
  const done = AbortSignal.any(signal ? [stop.signal, shutdownSignal(), signal] : [stop.signal, shutdownSignal()]);
  let closed = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const push = (chunk: Uint8Array) => {
        if (!closed && !done.aborted) controller.enqueue(chunk);
      };
      const deadline = Date.now() + maxMs;
      let sent = "";
      let attemptKey = "";
      let lastStatus = "";
      let kicked = false;
      const progress = subscribeProgress(questionId);
      try {
        push(sseRetry(1_000));
        while (!done.aborted && Date.now() < deadline) {
          const snapshot = await progress.next(done, deadline);
          if (!snapshot) break;
          if (snapshot.error !== undefined) throw snapshot.error;
          const job = snapshot.job;
          if (!job) {
            push(sseEvent("none", {}));
            return;
          }
          const now = Date.now();
          const configured = isAiConfigured();
          const status = shownStatus(job, configured);
          const statusKey = `${status}:${job.attempts}:${job.nextAttemptAt.getTime()}`;
          if (statusKey !== lastStatus && status !== "done") {
            lastStatus = statusKey;
            const waiting = status === "pending" || status === "failed" || status === "unconfigured";
            push(sseEvent("status", { status, attempts: job.attempts, nextAttemptAt: waiting ? job.nextAttemptAt.toISOString() : null }));
          }
          if (status === "done") {
            const row = job.answerId === null ? null : await getAnswer(job.answerId, viewer);
            if (row) {
              const answer: AnswerJson = presentAnswer(row, { viewer });
              push(sseEvent("done", { answer }));
            } else {
              push(sseEvent("none", {}));
            }
            return;
          }
          if (status === "unconfigured") {
            push(sseRetry(30_000)); // come back later: a provider may be configured by then
            return;
          }
          // On hosting without a background loop, a reader of the page gets due work started.
          if (!kicked && configured && !workersDisabled() && isDue(job, now)) {
            kicked = true;
            void fillWorkerSlots().catch(() => {});
          }
          if (status === "running") {
            const key = job.startedAt?.toISOString() ?? "";
            if (key !== attemptKey || !job.partialContent.startsWith(sent)) {
              attemptKey = key;
              sent = job.partialContent;
              push(sseEvent("reset", { content: sent }));
            } else if (job.partialContent.length > sent.length) {
              push(sseEvent("delta", { text: job.partialContent.slice(sent.length) }));
              sent = job.partialContent;
            }
          } else if (status === "failed") {
            const wait = job.nextAttemptAt.getTime() - now;
            if (wait > 60_000) {
              push(sseRetry(Math.min(wait, 5 * 60_000)));
              return;
            }
          }
        }
      } catch (error) {
        log.error({ questionId, error: error instanceof Error ? error.name : "error" }, "AI answer stream failed");
        push(sseRetry(5_000));
      } finally {
        progress.close();
        onClose?.();
        if (!closed) {
          closed = true;
          controller.close();
        }
      }
    },
    cancel() {
      closed = true;
      stop.abort();
      onClose?.();
    },
  });
}
