// Agora's configuration: environment variables only, each listed in .env.example. Read and
// checked in one place so a wrong value stops start-up with one line naming it.
import { z } from "zod";
import { ADMIN_EMAILS_MESSAGE, parseAdminEmails } from "./admin-emails";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (name: string, protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `${name} must be a ${protocols.map((p) => p.replace(":", "://")).join(" or ")} URL` },
  );

/** Whether `value` is unpadded base64url of exactly `bytes` bytes (a VAPID key). */
function isBase64UrlOf(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, "base64url").length === bytes;
}

const envSchema = z.object({
  DATABASE_URL: optionalUrl("DATABASE_URL", ["postgres:", "postgresql:"]),
  DATABASE_POOL_SIZE: optionalString.refine((v) => v === undefined || /^[1-9]\d{0,2}$/.test(v), {
    message: "DATABASE_POOL_SIZE must be a whole number between 1 and 999",
  }),
  PORT: optionalString.refine((v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) > 0 && Number(v) < 65536), {
    message: "PORT must be a port number between 1 and 65535",
  }),
  APP_URL: optionalUrl("APP_URL", ["http:", "https:"]),
  NEXTAUTH_URL: optionalUrl("NEXTAUTH_URL", ["http:", "https:"]),
  NEXTAUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "NEXTAUTH_SECRET must be at least 32 characters (try: openssl rand -base64 32)",
  }),
  GITHUB_ID: optionalString,
  GITHUB_SECRET: optionalString,
  GOOGLE_ID: optionalString,
  GOOGLE_SECRET: optionalString,
  OIDC_ISSUER: optionalUrl("OIDC_ISSUER", ["https:", "http:"]),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl("OPENAI_BASE_URL", ["http:", "https:"]),
  AI_MODEL: optionalString,
  AI_EMBEDDING_MODEL: optionalString,
  BLOB_READ_WRITE_TOKEN: optionalString,
  SMTP_URL: optionalUrl("SMTP_URL", ["smtp:", "smtps:"]),
  MAIL_FROM: optionalString,
  CRON_SECRET: optionalString,
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "METRICS_TOKEN must be at least 16 characters (try: openssl rand -hex 24)",
  }),
  LOG_LEVEL: optionalString.refine((v) => v === undefined || ["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(v.toLowerCase()), {
    message: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl("OTEL_EXPORTER_OTLP_ENDPOINT", ["http:", "https:"]),
  AGORA_READY_AI_MAX_WAIT_S: optionalString.refine((v) => v === undefined || (/^\d{1,6}$/.test(v) && Number(v) > 0), {
    message: "AGORA_READY_AI_MAX_WAIT_S must be a whole number of seconds above 0",
  }),
  AGORA_ADMIN_EMAILS: optionalString.refine((v) => parseAdminEmails(v) !== null, { message: ADMIN_EMAILS_MESSAGE }),
  VAPID_PUBLIC_KEY: optionalString.refine((v) => v === undefined || isBase64UrlOf(v, 65), {
    message: "VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters; try: npx web-push generate-vapid-keys)",
  }),
  VAPID_PRIVATE_KEY: optionalString.refine((v) => v === undefined || isBase64UrlOf(v, 32), {
    message: "VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters; try: npx web-push generate-vapid-keys)",
  }),
  VAPID_SUBJECT: optionalString.refine((v) => v === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), {
    message: "VAPID_SUBJECT must be a mailto: address or an https:// URL",
  }),
  TRUST_PROXY: optionalString.refine((v) => v === undefined || (/^\d{1,2}$/.test(v) && Number(v) <= 10), {
    message: "TRUST_PROXY must be the number of proxies in front of Agora, from 0 to 10",
  }),
});

export type AgoraEnv = z.infer<typeof envSchema>;

/** Pairs of variables that only make sense together. */
const pairs: [keyof AgoraEnv, keyof AgoraEnv][] = [
  ["GITHUB_ID", "GITHUB_SECRET"],
  ["GOOGLE_ID", "GOOGLE_SECRET"],
  ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
  ["OIDC_CLIENT_ID", "OIDC_ISSUER"],
  ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
];

/** Reads and checks the environment; throws an Error whose message is one line naming the variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): AgoraEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`Configuration error: ${issue.message}`);
  }
  for (const [a, b] of pairs) {
    if (Boolean(result.data[a]) !== Boolean(result.data[b])) {
      throw new Error(`Configuration error: ${a} and ${b} must be set together`);
    }
  }
  return result.data;
}

/** The model AI answers use when AI_MODEL is unset. */
export const DEFAULT_AI_MODEL = "gpt-4o-mini";

/** The similar questions' embeddings, when AI_EMBEDDING_MODEL names a model (issue 17). */
const embeddingNote = (env: AgoraEnv) => (env.AI_EMBEDDING_MODEL ? `; similar questions re-ranked with ${env.AI_EMBEDDING_MODEL} embeddings` : "");

/** One line saying which provider and model write AI answers, or that none is configured. */
export function describeAi(env: AgoraEnv): string {
  const model = env.AI_MODEL ?? DEFAULT_AI_MODEL;
  if (env.OPENAI_BASE_URL) {
    return `AI answers: ${model} via the OpenAI-compatible server at ${new URL(env.OPENAI_BASE_URL).origin} (Chat Completions)${embeddingNote(env)}`;
  }
  if (env.OPENAI_API_KEY) return `AI answers: ${model} via OpenAI${embeddingNote(env)}`;
  return "AI answers: not configured (set OPENAI_API_KEY, or OPENAI_BASE_URL for Ollama, vLLM or LM Studio); readers are told AI answers are not available, and members get no Generate AI Answer box, until then";
}
