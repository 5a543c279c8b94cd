import "server-only";
import { streamText, type LanguageModel } from "ai";
import { aiConfig, languageModel, type AiConfig } from "@/lib/server/ai/provider";
import { buildRevisionPrompt, buildUserPrompt, revisionSystemPromptFor, systemPromptFor, type PromptInput } from "@/lib/server/ai/prompts";
import { detectQuestionLanguage, languageName } from "@/lib/server/ai/language";

/*
 * One streamed generation with every limit a hung or slow provider needs: no first token within
 * FIRST_TOKEN_TIMEOUT_MS, a pause longer than TOKEN_GAP_TIMEOUT_MS, or more than the caller's total
 * budget aborts it. No retries inside the call (the job queue retries with backoff). Errors come
 * out as AiGenerationError with a message that is safe to store and show: never the key, the
 * request body or the instructions.
 */

/** Longest wait for the first token. */
export const FIRST_TOKEN_TIMEOUT_MS = 45_000;
/** Longest pause between tokens once they flow. */
export const TOKEN_GAP_TIMEOUT_MS = 30_000;
/** Default budget of a whole generation. */
export const GENERATION_TIMEOUT_MS = 110_000;
/** Most tokens one answer may have. */
export const MAX_OUTPUT_TOKENS = 1_500;

/** A generation failure whose message is safe to store, log and show. */
export class AiGenerationError extends Error {
  constructor(message: string, readonly kind: "timeout" | "provider" | "network" | "empty" | "aborted" | "unconfigured") {
    super(message);
    this.name = "AiGenerationError";
  }
}

/** What a finished generation produced, and its provenance. */
export interface Generation {
  text: string;
  model: string;
  /** The user message sent (the instructions are fixed in code and not repeated here). */
  prompt: string;
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number;
}

/** Options of one generation. */
export interface GenerateOptions {
  input: PromptInput;
  /** Called with each new piece of text and the text so far. */
  onText?: (delta: string, textSoFar: string) => void | Promise<void>;
  /** Aborts the generation (client gone, lease lost, shutdown). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A model to use instead of the configured provider (tests). */
  model?: LanguageModel;
  config?: AiConfig | null;
}

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" ? status : undefined;
};

/** A safe, one-line description of why a generation failed (for last_error, logs and clients). */
export function describeAiError(error: unknown, signal?: AbortSignal): AiGenerationError {
  if (error instanceof AiGenerationError) return error;
  const name = error instanceof Error ? error.name : "";
  if (signal?.aborted && !(signal.reason instanceof DOMException && signal.reason.name === "TimeoutError")) {
    return new AiGenerationError("The generation was stopped", "aborted");
  }
  if (name === "TimeoutError" || (error instanceof DOMException && error.name === "TimeoutError") || /timed? ?out/i.test(name)) {
    return new AiGenerationError("The AI provider did not answer in time", "timeout");
  }
  if (name === "AbortError") return new AiGenerationError("The AI provider did not answer in time", "timeout");
  const status = statusOf(error) ?? statusOf((error as { lastError?: unknown })?.lastError);
  if (status === 401 || status === 403) return new AiGenerationError(`The AI provider refused the credentials (HTTP ${status})`, "provider");
  if (status === 404) return new AiGenerationError("The AI provider does not know the configured model (HTTP 404)", "provider");
  if (status === 429) return new AiGenerationError("The AI provider is rate limiting requests (HTTP 429)", "provider");
  if (status !== undefined) return new AiGenerationError(`The AI provider answered with an error (HTTP ${status})`, "provider");
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  if (typeof cause?.code === "string" && /^E[A-Z]+/.test(cause.code)) {
    return new AiGenerationError(`The AI provider could not be reached (${cause.code})`, "network");
  }
  return new AiGenerationError("The AI provider failed to produce an answer", "provider");
}

/** Streams an answer from the configured provider (or options.model), calling onText as text arrives. */
export async function generateAnswer(options: GenerateOptions): Promise<Generation> {
  const config = options.config === undefined ? aiConfig() : options.config;
  if (!options.model && !config) throw new AiGenerationError("AI answers are not configured", "unconfigured");
  const model = options.model ?? languageModel(config!);
  const modelName = typeof model === "string" ? model : (config?.model ?? model.modelId);
  const { revision } = options.input;
  const prompt = revision ? buildRevisionPrompt({ ...options.input, revision }) : buildUserPrompt(options.input);
  // Written in the question's language (issue 15), detected from its title and description.
  const language = detectQuestionLanguage(options.input.question);
  const instructions = (revision ? revisionSystemPromptFor : systemPromptFor)(language ? languageName(language) : null);
  const budget = AbortSignal.timeout(options.timeoutMs ?? GENERATION_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;
  const started = performance.now();

  let text = "";
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;
  try {
    const result = streamText({
      model,
      instructions,
      prompt,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: signal,
      timeout: { firstChunkMs: FIRST_TOKEN_TIMEOUT_MS, chunkMs: TOKEN_GAP_TIMEOUT_MS },
      // The SDK would log the whole error, request body (instructions) included; errors surface below instead.
      onError: () => {},
    });
    for await (const part of result.stream) {
      if (part.type === "text-delta") {
        if (!part.text) continue;
        text += part.text;
        await options.onText?.(part.text, text);
      } else if (part.type === "finish") {
        inputTokens = part.totalUsage.inputTokens ?? null;
        outputTokens = part.totalUsage.outputTokens ?? null;
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "abort") {
        throw signal.reason ?? new AiGenerationError("The generation was stopped", "aborted");
      }
    }
  } catch (error) {
    throw describeAiError(error, options.signal?.aborted ? options.signal : undefined);
  }
  if (signal.aborted) throw describeAiError(signal.reason, options.signal?.aborted ? options.signal : undefined);
  return { text, model: modelName, prompt, inputTokens, outputTokens, durationMs: Math.round(performance.now() - started) };
}
