// Runs once when a Next.js server instance starts (Next's instrumentation hook). In the Node.js
// runtime it puts the visitors' question-page cache in front of Next (lib/server/page-cache), stamps each request with the connection's address for per-IP limits and drops an
// unreadable router-state header (lib/server/peer-address.ts), and starts this instance's background work: the loop that writes
// owed AI answers, picking up whatever was owed or abandoned before a restart
// (lib/server/ai/worker.ts), and the loop that delivers the e-mail outbox and the weekly digests
// (lib/server/mail/loop.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Traces only when an OTLP endpoint is set; otherwise no OpenTelemetry code is loaded (lib/server/tracing.ts).
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) (await import("./lib/server/tracing")).startTracing();
  // The visitors' page cache (lib/server/page-cache) first, so the peer-address stamping wraps it.
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    const { installPageCache } = await import("./lib/server/page-cache/install");
    installPageCache();
  }
  const { installPeerAddressHeader } = await import("./lib/server/peer-address");
  installPeerAddressHeader();
  (await import("./lib/server/request-layer")).installRequestLayer(); // request ids and request metrics, outermost
  // `next build` loads the server too; background work belongs to running servers only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // SIGTERM: stop accepting, finish requests, hand back AI answers, write view counts, exit (lib/server/shutdown.ts).
  const { installShutdown } = await import("./lib/server/shutdown");
  installShutdown();
  // Without sharp, uploads are refused (503); say so once now rather than at the first upload.
  void import("./lib/server/uploads/image").then(({ checkImageLibrary }) => checkImageLibrary());
  if (!process.env.DATABASE_URL) return;
  // Accounts listed in AGORA_ADMIN_EMAILS become admins, once per server start (lib/server/auth/admin-emails.ts).
  void import("./lib/server/auth/admin-emails").then(({ applyAdminEmailsAtStart }) => applyAdminEmailsAtStart());
  const { startAiWorkerLoop } = await import("./lib/server/ai/worker");
  startAiWorkerLoop();
  (await import("./lib/server/spam/worker")).startSpamCheckLoop(); // the model's spam classifications owed (issue 14)
  (await import("./lib/server/retention")).startRetentionLoop(); // hourly pruning of tables that grow without bound
  // AGORA_MAIL_LOOP=off leaves delivery to /api/cron/mail (the benchmark counts SQL per request without it).
  if (process.env.AGORA_MAIL_LOOP?.trim().toLowerCase() === "off") return;
  const { startMailLoop } = await import("./lib/server/mail/loop");
  startMailLoop();
}
