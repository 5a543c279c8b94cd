import "server-only";
import { registerOTel } from "@vercel/otel";

/**
 * Sends OpenTelemetry traces of this server (Next's own spans: requests, renders, route handlers,
 * fetches) to the OTLP endpoint of OTEL_EXPORTER_OTLP_ENDPOINT. instrumentation.ts loads this module
 * only when that variable is set, so without it no OpenTelemetry code is loaded at all.
 */
export function startTracing(): void {
  registerOTel({ serviceName: process.env.OTEL_SERVICE_NAME?.trim() || "agora" });
}
