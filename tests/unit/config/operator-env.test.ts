/** @jest-environment node */
// The operator variables are checked at start-up like the others: one line naming the variable.
import crypto from "node:crypto";
import { readEnv } from "@/lib/config/env";

const env = (extra: Record<string, string>) => ({ NODE_ENV: "test", ...extra }) as NodeJS.ProcessEnv;

it.each([
  ["METRICS_TOKEN", "short", /^Configuration error: METRICS_TOKEN must be at least 16 characters/],
  ["LOG_LEVEL", "verbose", /^Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent$/],
  ["OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318", /^Configuration error: OTEL_EXPORTER_OTLP_ENDPOINT must be a/],
  ["AGORA_READY_AI_MAX_WAIT_S", "0", /^Configuration error: AGORA_READY_AI_MAX_WAIT_S must be a whole number/],
  ["VAPID_PUBLIC_KEY", "not-a-key", /^Configuration error: VAPID_PUBLIC_KEY must be a P-256 public key in base64url/],
  ["VAPID_PRIVATE_KEY", Buffer.alloc(16, 1).toString("base64url"), /^Configuration error: VAPID_PRIVATE_KEY must be a P-256 private key in base64url/],
  ["VAPID_SUBJECT", "http://agora.example", /^Configuration error: VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL$/],
])("refuses %s=%s", (name, value, message) => {
  expect(() => readEnv(env({ [name]: value }))).toThrow(message);
});

it("accepts good values", () => {
  expect(() =>
    readEnv(env({ METRICS_TOKEN: "a".repeat(32), LOG_LEVEL: "DEBUG", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", AGORA_READY_AI_MAX_WAIT_S: "120" })),
  ).not.toThrow();
});

it("takes the VAPID keys as a pair (push notifications, issue 15)", () => {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey().toString("base64url");
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url");
  expect(() => readEnv(env({ VAPID_PUBLIC_KEY: publicKey }))).toThrow("Configuration error: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  expect(() => readEnv(env({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: "mailto:ops@agora.example" }))).not.toThrow();
});
