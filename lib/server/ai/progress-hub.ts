import "server-only";
import pg from "pg";
import { AppError } from "@/lib/server/errors";
import { getAiJobProgress, type AiJobProgress } from "@/lib/server/ai/queries";

/*
 * The followers of automatic answers on this instance (GET /api/questions/{id}/ai-answer/stream).
 * However many connections follow one question, ONE reader reads its ai_answer_jobs row and fans
 * each snapshot out in memory. The reader reads when the row changed (the trigger of migration
 * ai_answer_notify NOTIFYs agora_ai_answer with the question id; this instance LISTENs on one
 * connection while anyone follows, so a worker on any instance wakes it), at most every
 * POLL_MS, and otherwise every few seconds as a safety net (or every POLL_MS while not listening).
 *
 * Connections are bounded: AGORA_AI_STREAMS_PER_CLIENT (default 4) per member or, for visitors,
 * per address (429 beyond), and AGORA_AI_STREAMS_MAX (default 200) per instance (503 beyond).
 */

/** The channel the ai_answer_jobs trigger notifies. */
export const AI_ANSWER_CHANNEL = "agora_ai_answer";
/** Fewest milliseconds between two reads of one question's row. */
export const POLL_MS = 250;
/** Reads while the answer waits (pending or failed), to see it become due. */
const IDLE_POLL_MS = 1_000;
/** Safety-net read of a running answer while notifications arrive. */
const LISTENING_POLL_MS = 5_000;

/** One reading of a job: the row (null when no answer is owed) or the read's failure. */
export type ProgressSnapshot = { job: AiJobProgress | null; error?: undefined } | { job?: undefined; error: unknown };

type Subscriber = (snapshot: ProgressSnapshot) => void;

interface Channel {
  subscribers: Set<Subscriber>;
  latest: ProgressSnapshot | null;
  wake: () => void;
  woken: boolean;
}

interface HubState {
  channels: Map<number, Channel>;
  open: number;
  perClient: Map<string, number>;
  listener: pg.Client | null;
  listening: boolean;
  reads: number;
  /** No new LISTEN connection before this time (backoff after a lost or refused one). */
  listenAfter: number;
}

// Only the route handlers' bundle follows answers, so module state is this instance's state.
const hub: HubState = { channels: new Map(), open: 0, perClient: new Map(), listener: null, listening: false, reads: 0, listenAfter: 0 };

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Streams one member or address may hold open at once. */
export const streamsPerClient = () => envInt("AGORA_AI_STREAMS_PER_CLIENT", 4);
/** Streams this instance holds open at once. */
export const streamsPerInstance = () => envInt("AGORA_AI_STREAMS_MAX", 200);

export const TOO_MANY_STREAMS_MESSAGE = "Too many open AI answer streams. Close another tab following an answer and try again.";
export const STREAMS_BUSY_MESSAGE = "The server is following too many AI answers right now. Try again shortly.";

/**
 * Takes one stream slot for `client` (a member id or an address), throwing 429 past the
 * per-client bound and 503 past the per-instance one; the returned function gives it back (once).
 */
export function acquireStreamSlot(client: string): () => void {
  const held = hub.perClient.get(client) ?? 0;
  if (held >= streamsPerClient()) throw new AppError("rate_limited", TOO_MANY_STREAMS_MESSAGE, { retryAfterSeconds: 30 });
  if (hub.open >= streamsPerInstance()) throw new AppError("service_unavailable", STREAMS_BUSY_MESSAGE);
  hub.open += 1;
  hub.perClient.set(client, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    hub.open -= 1;
    const left = (hub.perClient.get(client) ?? 1) - 1;
    if (left > 0) hub.perClient.set(client, left);
    else hub.perClient.delete(client);
  };
}

/** Open streams on this instance and job-row reads so far (tests, metrics). */
export function hubStats(): { open: number; followed: number; reads: number; listening: boolean } {
  return { open: hub.open, followed: hub.channels.size, reads: hub.reads, listening: hub.listening };
}

function wakeAll() {
  for (const channel of hub.channels.values()) channel.wake();
}

async function listen(): Promise<void> {
  if (hub.listener || !process.env.DATABASE_URL || Date.now() < hub.listenAfter) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: "agora-ai-followers" });
  hub.listener = client;
  const drop = () => {
    if (hub.listener !== client) return;
    hub.listener = null;
    hub.listening = false;
    hub.listenAfter = Date.now() + 5_000;
    client.removeAllListeners("notification");
    void client.end().catch(() => {});
    wakeAll(); // fall back to polling every POLL_MS; a later read reconnects
  };
  client.on("error", drop);
  client.on("end", drop);
  client.on("notification", (message) => {
    if (message.channel !== AI_ANSWER_CHANNEL) return;
    const channel = hub.channels.get(Number(message.payload));
    channel?.wake();
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${AI_ANSWER_CHANNEL}`);
    if (hub.listener !== client) return;
    hub.listening = true;
    // Changes between the first read and LISTEN are caught by one more read.
    wakeAll();
    if (hub.channels.size === 0) unlisten();
  } catch {
    drop();
  }
}

function unlisten() {
  const client = hub.listener;
  hub.listener = null;
  hub.listening = false;
  if (client) {
    client.removeAllListeners();
    client.on("error", () => {});
    void client.end().catch(() => {});
  }
}

function nextDelay(snapshot: ProgressSnapshot): number {
  if (!snapshot.job) return IDLE_POLL_MS;
  if (snapshot.job.status !== "running") return IDLE_POLL_MS;
  return hub.listening ? LISTENING_POLL_MS : POLL_MS;
}

async function readLoop(questionId: number, channel: Channel) {
  try {
    while (channel.subscribers.size > 0) {
      channel.woken = false;
      let snapshot: ProgressSnapshot;
      try {
        hub.reads += 1;
        snapshot = { job: await getAiJobProgress(questionId) };
      } catch (error) {
        snapshot = { error };
      }
      channel.latest = snapshot;
      for (const subscriber of [...channel.subscribers]) subscriber(snapshot);
      if (!hub.listener) void listen(); // lost: try again (at most every 5 s)
      const readAt = Date.now();
      await new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout>;
        const done = () => {
          clearTimeout(timer);
          channel.wake = () => void (channel.woken = true);
          resolve();
        };
        // A wake-up reads again, but never sooner than POLL_MS after the last read.
        channel.wake = () => {
          clearTimeout(timer);
          timer = setTimeout(done, Math.max(0, POLL_MS - (Date.now() - readAt)));
        };
        timer = setTimeout(done, nextDelay(snapshot));
        if (channel.woken) channel.wake();
      });
    }
  } finally {
    hub.channels.delete(questionId);
    if (hub.channels.size === 0) unlisten();
  }
}

/** A follower's view of one question's job snapshots: the newest not yet taken. */
export interface ProgressSubscription {
  /** The next snapshot (waits for one); null when `signal` aborts or `deadline` passes first. */
  next(signal: AbortSignal, deadline: number): Promise<ProgressSnapshot | null>;
  close(): void;
}

/** Follows a question's job through this instance's shared reader. */
export function subscribeProgress(questionId: number): ProgressSubscription {
  let channel = hub.channels.get(questionId);
  const fresh = !channel;
  if (!channel) {
    channel = { subscribers: new Set(), latest: null, wake: () => {}, woken: false };
    channel.wake = () => void (channel!.woken = true);
    hub.channels.set(questionId, channel);
  }
  let pending: ProgressSnapshot | null = channel.latest;
  let notify: (() => void) | null = null;
  const subscriber: Subscriber = (snapshot) => {
    pending = snapshot;
    notify?.();
  };
  channel.subscribers.add(subscriber);
  if (fresh) {
    void readLoop(questionId, channel);
    void listen();
  }
  const own = channel;
  return {
    async next(signal, deadline) {
      while (!pending) {
        if (signal.aborted || Date.now() >= deadline) return null;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, Math.max(0, deadline - Date.now()));
          function finish() {
            clearTimeout(timer);
            signal.removeEventListener("abort", finish);
            notify = null;
            resolve();
          }
          notify = finish;
          signal.addEventListener("abort", finish, { once: true });
        });
      }
      const snapshot = pending;
      pending = null;
      return snapshot;
    },
    close() {
      own.subscribers.delete(subscriber);
      if (own.subscribers.size === 0) own.wake();
    },
  };
}
