import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import type { EmbeddingModel, LanguageModel } from "ai";
import type { AiConfig } from "@/lib/server/ai/config";

/*
 * The one place that creates the AI provider (DECISIONS.md section 6): OpenAI itself, or any
 * OpenAI-compatible server (Ollama, vLLM, llama.cpp's server, LM Studio, OpenRouter) through
 * Chat Completions whenever OPENAI_BASE_URL is set. Nothing else imports @ai-sdk/openai.
 */

// Local servers take no key, but the SDK insists on one: any placeholder will do for them.
const NO_KEY = "not-needed";

/** The language model answers are written with; with a base URL, always through Chat Completions. */
export function languageModel(config: AiConfig): LanguageModel {
  const provider = createOpenAI({ apiKey: config.apiKey ?? NO_KEY, baseURL: config.baseURL, name: "agora-ai" });
  return config.baseURL ? provider.chat(config.model) : provider(config.model);
}

/** The embedding model of similar questions (issue 17): `config` from embeddingConfig (its model is AI_EMBEDDING_MODEL); POST {baseURL}/embeddings. */
export function embeddingModel(config: AiConfig): EmbeddingModel {
  const provider = createOpenAI({ apiKey: config.apiKey ?? NO_KEY, baseURL: config.baseURL, name: "agora-ai" });
  return provider.embedding(config.model);
}

export { aiConfig, embeddingConfig, isAiConfigured, type AiConfig } from "@/lib/server/ai/config";
