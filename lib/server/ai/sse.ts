import "server-only";

/*
 * Server-Sent Events framing for the AI streams (GET /api/questions/{id}/ai-answer/stream and
 * POST /api/questions/{id}/generate-preview): `event: <name>` and one JSON `data:` line.
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
