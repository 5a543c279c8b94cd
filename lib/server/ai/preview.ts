import "server-only";
import { ANSWER_MAX_LENGTH } from "@/lib/validation/answers";
import { linkCitations } from "@/lib/server/ai/citations";
import { generateAnswer, type GenerateOptions } from "@/lib/server/ai/generate";
import { signProvenance } from "@/lib/server/ai/provenance";
import type { AiQuestion } from "@/lib/server/ai/queries";
import { findSources } from "@/lib/server/ai/retrieval";
import { generationEventStream } from "@/lib/server/ai/sse";
import { log } from "@/lib/server/log";

/*
 * A member's custom-prompt answer, generated but not posted (SPEC.md section 4). Streamed as
 * events: `delta` { text } as tokens arrive, then `done` { content, provenance } with the
 * citations linked (content "" for an empty completion), or `error` { message }.
 */

/** Longest a preview may take. */
export const PREVIEW_TIMEOUT_MS = 90_000;
/** What the member sees when the provider fails (SPEC.md section 8). */
export const PREVIEW_FAILED_MESSAGE = "Failed to generate AI answer. Please try again.";

/** What a finished preview carries: the Markdown to post, and its signed provenance (null when empty). */
export interface PreviewResult {
  content: string;
  provenance: string | null;
}

/** Options of one preview. */
export interface PreviewOptions {
  question: AiQuestion;
  viewerId: string;
  customPrompt: string;
  /** Aborts the generation (the client went away). */
  signal?: AbortSignal;
  /** Called when the preview produced nothing usable (failure or empty), e.g. to give the quota back. */
  onUnproductive?: () => void | Promise<void>;
  model?: GenerateOptions["model"];
  onText?: (delta: string) => void;
}

/** Generates a preview: retrieval, streamed generation, citations linked, provenance signed. */
export async function generatePreview(options: PreviewOptions): Promise<PreviewResult> {
  const { question, customPrompt } = options;
  const sources = await findSources(question);
  const generation = await generateAnswer({
    input: { question, sources: sources.map((s) => s.prompt), customPrompt },
    signal: options.signal,
    timeoutMs: PREVIEW_TIMEOUT_MS,
    model: options.model,
    onText: options.onText ? (delta) => options.onText!(delta) : undefined,
  });
  const text = generation.text.trim();
  if (!text) return { content: "", provenance: null };
  const content = linkCitations(text, sources.map((s) => s.ref.url)).slice(0, ANSWER_MAX_LENGTH);
  const provenance = signProvenance(
    { questionId: question.id, userId: options.viewerId, customPrompt, content },
    {
      model: generation.model,
      prompt: generation.prompt,
      sources: sources.map((s) => s.ref),
      inputTokens: generation.inputTokens,
      outputTokens: generation.outputTokens,
      durationMs: generation.durationMs,
    },
  );
  return { content, provenance };
}

/** The preview as an event stream; stops generating when the client disconnects. */
export function previewEventStream(options: PreviewOptions): ReadableStream<Uint8Array> {
  return generationEventStream({
    signal: options.signal,
    generate: (signal, onText) => generatePreview({ ...options, signal, onText }),
    productive: (result) => Boolean(result.content),
    onUnproductive: options.onUnproductive,
    failedMessage: PREVIEW_FAILED_MESSAGE,
    onFailure: (reason) => log.warn({ questionId: options.question.id, error: reason }, "AI preview failed"),
  });
}
