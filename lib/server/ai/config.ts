import "server-only";
import { DEFAULT_AI_MODEL } from "@/lib/config/env";

/*
 * Which AI provider answers questions, read from the environment on every call, so configuring
 * a provider takes effect without a restart of the workers or reposting anything.
 */

/** The provider settings in force: where to send requests, which model, with which key. */
export interface AiConfig {
  baseURL: string | undefined;
  apiKey: string | undefined;
  model: string;
}

const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The provider configuration from the environment, or null when no provider is configured. */
export function aiConfig(env: Record<string, string | undefined> = process.env): AiConfig | null {
  const baseURL = trimmed(env.OPENAI_BASE_URL);
  const apiKey = trimmed(env.OPENAI_API_KEY);
  if (!baseURL && !apiKey) return null;
  return { baseURL: baseURL?.replace(/\/+$/, ""), apiKey, model: trimmed(env.AI_MODEL) ?? DEFAULT_AI_MODEL };
}

/** Whether an AI provider is configured (OPENAI_API_KEY or OPENAI_BASE_URL). */
export function isAiConfigured(): boolean {
  return aiConfig() !== null;
}

/** The embedding model in force (issue 17): the configured provider's AI_EMBEDDING_MODEL, or null without either. */
export function embeddingConfig(env: Record<string, string | undefined> = process.env): AiConfig | null {
  const config = aiConfig(env);
  const model = trimmed(env.AI_EMBEDDING_MODEL);
  return config && model ? { ...config, model } : null;
}
