import "server-only";
import { describeAiError } from "@/lib/server/ai/generate";

/*
 * Server-Sent Events framing for the AI streams (GET /api/questions/{id}/ai-answer/stream and
 * POST /api/questions/{id}/generate-preview, POST /api/ai/draft-answer): `event: <name>` and one
 * JSON `data:` line.
 */

/** Response headers of an event stream that proxies must not buffer or cache. */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

const encoder = new TextEncoder();

/** One event, encoded. */
export function sseEvent(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The reconnection delay a browser's EventSource should use after this stream ends. */
export function sseRetry(ms: number): Uint8Array {
  return encoder.encode(`retry: ${Math.max(0, Math.round(ms))}\n\n`);
}

/** Whether the client asked for an event stream (Accept: text/event-stream). */
export function wantsEventStream(req: Request): boolean {
  return (req.headers.get("accept") ?? "").includes("text/event-stream");
}

/**
 * A one-off generation as an event stream: `delta` { text } while it writes, then `done` with its
 * result, or `error` { message: failedMessage, reason }; stops generating when the client goes.
 * An empty or failed generation calls `onUnproductive` (the member's allowance is given back).
 * The previews of custom prompts and the answers to Ask-dialog drafts share it.
 */
export function generationEventStream<T>(options: {
  signal?: AbortSignal;
  generate: (signal: AbortSignal, onText: (text: string) => void) => Promise<T>;
  productive: (result: T) => boolean;
  onUnproductive?: () => unknown;
  failedMessage: string;
  onFailure: (reason: string) => void;
}): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([stop.signal, options.signal]) : stop.signal;
  let closed = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (!closed) controller.enqueue(sseEvent(event, data));
      };
      try {
        const result = await options.generate(signal, (text) => send("delta", { text }));
        if (!options.productive(result)) await options.onUnproductive?.();
        send("done", result);
      } catch (error) {
        const safe = describeAiError(error, signal.aborted ? signal : undefined);
        await Promise.resolve(options.onUnproductive?.()).catch(() => {});
        if (safe.kind !== "aborted") {
          options.onFailure(safe.message);
          send("error", { message: options.failedMessage, reason: safe.message });
        }
      } finally {
        if (!closed) {
          closed = true;
          controller.close();
        }
      }
    },
    cancel() {
      closed = true;
      stop.abort();
    },
  });
}
