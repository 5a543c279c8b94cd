/** @jest-environment node */
import { readEventStream, type StreamEvent } from "@/lib/api-client/ai-answers";

function responseOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
  );
}

describe("readEventStream", () => {
  it("reads events split anywhere across chunks, skipping retry lines and comments", async () => {
    const events: StreamEvent[] = [];
    await readEventStream(
      responseOf(["retry: 1000\n\nevent: del", 'ta\ndata: {"text":"Hel', 'lo"}\n', "\n: comment\n\nevent: done\r\ndata: {\"content\":\"Hello\"}\r\n\r\n"]),
      (e) => events.push(e),
    );
    expect(events).toEqual([
      { event: "delta", data: { text: "Hello" } },
      { event: "done", data: { content: "Hello" } },
    ]);
  });
});
