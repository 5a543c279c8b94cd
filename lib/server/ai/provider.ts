import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
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

export { aiConfig, isAiConfigured, type AiConfig } from "@/lib/server/ai/config";
