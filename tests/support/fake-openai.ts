// A loopback server speaking OpenAI's Chat Completions API, streamed (SSE chunks with
// choices[0].delta.content, a usage chunk when stream_options.include_usage, then [DONE]) and
// not. Tests, the e2e server and the benchmark point OPENAI_BASE_URL at it and tell it how to
// behave: a reply, a delay per token, an HTTP error, a hang, an empty completion, hostile HTML,
// or (whatever it was told) the exact text a reply marker in the prompt carries (replyMarker).
// It serves the Embeddings API too (POST /v1/embeddings, OpenAI's response shape): a deterministic
// fake embedding of each input (fakeEmbedding: a hashed bag of words), or the test's own function;
// "fail" and "hang" apply to it as well. It records every request it answers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { deflateRawSync, inflateRawSync } from "node:zlib";

/** How the next completions are answered. */
export interface FakeBehavior {
  /** "ok" (default) answers `reply`; "fail" answers HTTP `status`; "hang" never answers; "empty" streams no content. */
  mode?: "ok" | "fail" | "hang" | "empty";
  /** The completion's text; a function sees the request body. Default: an answer citing [1]. */
  reply?: string | ((body: ChatRequestBody) => string);
  /** Milliseconds before each token (and before the first). */
  tokenDelayMs?: number;
  /** HTTP status for mode "fail" (default 500). */
  status?: number;
  /** Answer "hang" only after this many tokens (mode "ok" only): the stream stalls mid-answer. */
  hangAfterTokens?: number;
  /** The embedding of each input of POST /embeddings; default fakeEmbedding. */
  embedding?: (input: string) => number[];
  /** Milliseconds before the first token of a streamed answer; a function sees the request body (a slow kind of request). */
  firstTokenDelayMs?: number | ((body: ChatRequestBody) => number);
}

/** The parts of a Chat Completions request body the fake reads. */
export interface ChatRequestBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: { role: string; content: unknown }[];
  [key: string]: unknown;
}

/** One request the fake answered. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: ChatRequestBody;
  receivedAt: number;
}

/** A running fake provider. */
export interface FakeOpenAI {
  /** The base URL to use as OPENAI_BASE_URL (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Changes how later requests are answered (merged over the defaults). */
  behave(behavior: FakeBehavior): void;
  /** Back to the default behaviour, requests forgotten. */
  reset(): void;
  close(): Promise<void>;
}

/** The default answer: Markdown citing the first source. */
export const DEFAULT_REPLY = "Use **a ref** to keep the value between renders [1].\n\n```js\nconst ref = useRef(0);\n```";

/** An answer full of markup that must come out inert. */
export const HOSTILE_REPLY =
  'Here you go <img src=x onerror="alert(1)"> <script>alert(2)</script> [click](javascript:alert(3)) <a href="javascript:alert(4)">x</a> <iframe src="https://evil.example"></iframe>';

/**
 * A test can choose the AI's reply from inside the question it asks: `replyMarker(text)` is a
 * token to put in the question (its title or description reaches the prompt), and
 * `markedReply(body)` finds it in a request and gives the text back (null when there is none).
 * The text travels compressed and base64url-encoded, so no escaping or prompt fencing can change
 * it, a long text fits in a question's prompt, and
 * parallel tests never see each other's replies.
 */
const REPLY_MARKER = /FAKE-REPLY-([A-Za-z0-9_-]+)-END/;

export function replyMarker(text: string): string {
  return `FAKE-REPLY-${deflateRawSync(Buffer.from(text, "utf8"), { level: 9 }).toString("base64url")}-END`;
}

export function markedReply(body: ChatRequestBody): string | null {
  // Only the asking member's own words count: a marked question quoted among another question's
  // sources must not take over that question's answer.
  const prompt = JSON.stringify(body.messages ?? []).replace(/<sources>[\s\S]*?<\/sources>/g, "");
  const match = REPLY_MARKER.exec(prompt);
  if (!match) return null;
  try {
    return inflateRawSync(Buffer.from(match[1]!, "base64url")).toString("utf8");
  } catch {
    return null; // a look-alike that is not ours
  }
}

/** Dimensions of fakeEmbedding's vectors. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

// Words too common to say what a text is about (a real model gives them little weight too).
const FAKE_STOPWORDS = new Set(
  "a an and are as at be but by can do does for from get has have how i if in is it its my not of on or so that the their there this to was what when where which why will with you your".split(" "),
);

/**
 * A deterministic stand-in for a real embedding (tests and the evaluation's wiring check only): a
 * hashed bag of words into FAKE_EMBEDDING_DIMENSIONS signed buckets, each word cut to its first
 * five letters (a crude stem: "crashes" and "crashed" meet), common words left out. Texts sharing
 * words point the same way; it knows no synonyms.
 */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (FAKE_STOPWORDS.has(word)) continue;
    const stem = word.slice(0, 5);
    let hash = 0x811c9dc5; // FNV-1a
    for (let i = 0; i < stem.length; i++) hash = Math.imul(hash ^ stem.charCodeAt(i), 0x01000193) >>> 0;
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  return vector;
}

/** Splits text into streaming tokens: words with their following spaces. */
export function tokenize(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the fake on 127.0.0.1 on a free port. */
export async function startFakeOpenAI(initial: FakeBehavior = {}): Promise<FakeOpenAI> {
  let behavior: FakeBehavior = { ...initial };
  const requests: RecordedRequest[] = [];
  const open = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer(req, res, Buffer.concat(chunks).toString("utf8")));
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    let body: ChatRequestBody = {};
    try {
      body = raw ? (JSON.parse(raw) as ChatRequestBody) : {};
    } catch {
      res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "invalid JSON" } }));
      return;
    }
    const path = (req.url ?? "").split("?")[0]!;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body, receivedAt: Date.now() });
    const isEmbeddings = req.method === "POST" && path.endsWith("/embeddings");
    if (req.method !== "POST" || !(path.endsWith("/chat/completions") || isEmbeddings)) {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${path}` } }));
      return;
    }
    const b = behavior;
    const mode = b.mode ?? "ok";
    if (mode === "hang") {
      open.add(res);
      res.on("close", () => open.delete(res));
      return; // never answers
    }
    if (mode === "fail") {
      res.writeHead(b.status ?? 500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "The fake provider failed on purpose", type: "server_error" } }));
      return;
    }
    if (isEmbeddings) {
      const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? "")];
      const embedOf = b.embedding ?? fakeEmbedding;
      const promptTokens = inputs.reduce((n, input) => n + Math.ceil(input.length / 4), 0);
      if (b.tokenDelayMs) await sleep(b.tokenDelayMs);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          data: inputs.map((input, index) => ({ object: "embedding", index, embedding: embedOf(input) })),
          model: body.model ?? "fake-embedding",
          usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
        }),
      );
      return;
    }
    // A reply marker in the prompt wins over `reply`, and streams quickly (long hostile texts).
    const marked = markedReply(body);
    const text = mode === "empty" ? "" : marked ?? (typeof b.reply === "function" ? b.reply(body) : (b.reply ?? DEFAULT_REPLY));
    const tokenDelayMs = marked === null ? b.tokenDelayMs : Math.min(b.tokenDelayMs ?? 0, 2);
    const tokens = tokenize(text);
    const id = `chatcmpl-fake-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? "fake-model";
    const usage = { prompt_tokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4), completion_tokens: tokens.length, total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

    if (!body.stream) {
      if (tokenDelayMs) await sleep(tokenDelayMs * Math.max(1, tokens.length));
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          id, object: "chat.completion", created, model,
          choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
          usage,
        }),
      );
      return;
    }

    open.add(res);
    res.on("close", () => open.delete(res));
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.flushHeaders();
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      send({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }] });
    chunk({ role: "assistant", content: "" });
    const firstDelay = typeof b.firstTokenDelayMs === "function" ? b.firstTokenDelayMs(body) : (b.firstTokenDelayMs ?? 0);
    if (firstDelay > 0) await sleep(firstDelay);
    for (const [i, token] of tokens.entries()) {
      if (res.destroyed) return;
      if (b.hangAfterTokens !== undefined && i >= b.hangAfterTokens) return; // stalls with the connection open
      if (tokenDelayMs) await sleep(tokenDelayMs);
      if (res.destroyed) return;
      chunk({ content: token });
    }
    chunk({}, "stop");
    if (body.stream_options?.include_usage) send({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
    res.write("data: [DONE]\n\n");
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behavior = { ...behavior, ...next };
    },
    reset() {
      behavior = { ...initial };
      requests.length = 0;
    },
    close() {
      for (const res of open) res.destroy();
      return new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}

/** The text of the user message of a recorded request. */
export function userMessageOf(request: RecordedRequest): string {
  const message = request.body.messages?.find((m) => m.role === "user");
  if (!message) return "";
  if (typeof message.content === "string") return message.content;
  if (Array.isArray(message.content)) return message.content.map((p) => (p as { text?: string }).text ?? "").join("");
  return "";
}

/** The text of the system message of a recorded request. */
export function systemMessageOf(request: RecordedRequest): string {
  const message = request.body.messages?.find((m) => m.role === "system" || m.role === "developer");
  return typeof message?.content === "string" ? message.content : "";
}
