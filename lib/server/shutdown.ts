import "server-only";
import http from "node:http";

/*
 * Graceful shutdown of one app instance (installed by instrumentation.ts). On SIGTERM or SIGINT,
 * within SHUTDOWN_BUDGET_MS:
 *   1. stop accepting connections; requests in flight finish (AI answer streams end at once with
 *      a `retry:` so the browser follows on another instance); idle keep-alive connections close;
 *   2. the AI worker stops claiming and hands back the answers it is writing (their
 *      ai_answer_jobs lease released), so another instance takes them at once; the mail loop stops
 *      after the message it is sending;
 *   3. the view counts waiting in memory (AGORA_VIEW_FLUSH_MS) are written;
 *   4. the process exits (0; 1 when the budget ran out first).
 * Next's own signal handler would exit after step 1 only: `npm start` sets NEXT_MANUAL_SIG_HANDLE,
 * and when it is unset (plain `next start`) the handlers registered before this one are replaced.
 */

/** The whole shutdown, from signal to exit. */
export const SHUTDOWN_BUDGET_MS = 10_000;
/** How long requests in flight may take before their connections are closed. */
const REQUEST_GRACE_MS = 6_000;

interface ShutdownState {
  controller: AbortController;
  servers: Set<http.Server>;
  installed: boolean;
  running: Promise<void> | null;
}

// On globalThis: instrumentation.ts and the route handlers are separate bundles, and both read it.
const KEY = Symbol.for("agora.shutdown");
const holder = globalThis as typeof globalThis & { [KEY]?: ShutdownState };
const state: ShutdownState = (holder[KEY] ??= { controller: new AbortController(), servers: new Set(), installed: false, running: null });

/** Aborted when this instance begins shutting down (long-lived responses end on it). */
export function shutdownSignal(): AbortSignal {
  return state.controller.signal;
}

const log = (message: string) => console.log(`[agora] ${message}`);

/** Stops accepting, lets requests in flight finish within the grace, then closes what is left. */
async function closeServers(graceMs: number): Promise<void> {
  await Promise.all(
    [...state.servers].map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          const idle = setInterval(() => server.closeIdleConnections(), 100);
          const force = setTimeout(() => server.closeAllConnections(), graceMs);
          server.close(() => {
            clearInterval(idle);
            clearTimeout(force);
            resolve();
          });
          server.closeIdleConnections();
        }),
    ),
  );
}

/** Runs the shutdown once (later calls share it) and exits the process through `exit`. */
export function shutdown(reason: string, exit: (code: number) => void = (code) => process.exit(code)): Promise<void> {
  state.running ??= (async () => {
    const started = Date.now();
    log(`${reason}: shutting down (finishing requests, handing back AI answers, writing view counts)`);
    const budget = setTimeout(() => {
      log(`shutdown did not finish within ${SHUTDOWN_BUDGET_MS / 1000} s; exiting now`);
      exit(1);
    }, SHUTDOWN_BUDGET_MS - 500);
    budget.unref?.();
    const failed = (what: string) => (error: unknown) => console.error(`[agora] shutdown: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    state.controller.abort();
    const closing = closeServers(REQUEST_GRACE_MS).catch(failed("closing connections")); // stops listening now
    const [{ stopAiWorker }, { stopMailLoop }, { flushQuestionViews }] = await Promise.all([
      import("@/lib/server/ai/worker"),
      import("@/lib/server/mail/loop"),
      import("@/lib/server/questions/views"),
    ]);
    await Promise.all([
      closing,
      stopAiWorker().catch(failed("AI worker")),
      stopMailLoop().catch(failed("mail loop")),
    ]);
    // After the last request, which may have counted a view.
    await flushQuestionViews().catch(failed("view counts"));
    clearTimeout(budget);
    log(`stopped cleanly in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    exit(0);
  })();
  return state.running;
}

/**
 * Installs the graceful shutdown in this process (once): remembers each HTTP server as it
 * receives its first request, and runs `shutdown` on SIGTERM and SIGINT.
 */
export function installShutdown(): void {
  if (state.installed) return;
  state.installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request" || event === "connection") state.servers.add(this);
    return (emit as (this: http.Server, ...all: unknown[]) => boolean).apply(this, [event, ...args]);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    // Next's handler (start-server) would exit as soon as the server closed, before step 2.
    if (!process.env.NEXT_MANUAL_SIG_HANDLE) process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}
