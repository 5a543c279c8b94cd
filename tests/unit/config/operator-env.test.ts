/** @jest-environment node */
// The operator variables are checked at start-up like the others: one line naming the variable.
import { readEnv } from "@/lib/config/env";

const env = (extra: Record<string, string>) => ({ NODE_ENV: "test", ...extra }) as NodeJS.ProcessEnv;

it.each([
  ["METRICS_TOKEN", "short", /^Configuration error: METRICS_TOKEN must be at least 16 characters/],
  ["LOG_LEVEL", "verbose", /^Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent$/],
  ["OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318", /^Configuration error: OTEL_EXPORTER_OTLP_ENDPOINT must be a/],
  ["AGORA_READY_AI_MAX_WAIT_S", "0", /^Configuration error: AGORA_READY_AI_MAX_WAIT_S must be a whole number/],
])("refuses %s=%s", (name, value, message) => {
  expect(() => readEnv(env({ [name]: value }))).toThrow(message);
});

it("accepts good values", () => {
  expect(() =>
    readEnv(env({ METRICS_TOKEN: "a".repeat(32), LOG_LEVEL: "DEBUG", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", AGORA_READY_AI_MAX_WAIT_S: "120" })),
  ).not.toThrow();
});
