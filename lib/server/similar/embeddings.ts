import "server-only";
import crypto from "node:crypto";
import { embed, embedMany } from "ai";
import { after as afterResponse } from "next/server";
import { db, Prisma } from "@/lib/server/db";
import { embeddingConfig, embeddingModel, type AiConfig } from "@/lib/server/ai/provider";
import { describeAiError } from "@/lib/server/ai/generate";
import { log } from "@/lib/server/log";
import { DESCRIPTION_CHARS } from "@/lib/server/similar/text";

/*
 * Embeddings of similar questions (issue 17). With AI_EMBEDDING_MODEL set (and a provider:
 * OPENAI_API_KEY or OPENAI_BASE_URL), every question carries an embedding of its title and the
 * first lines of its description, and the lexical candidates of a lookup are re-ranked by cosine
 * similarity (lib/server/similar/queries.ts).
 *
 * Durable like the automatic answers: each question owes its embedding in question_embeddings
 * from its insert, and again after each change of its title or description (the triggers of the
 * question_embeddings migration). The background worker (the AI worker's loop, its kick after a
 * new question, and the cron route) claims owed rows with FOR UPDATE SKIP LOCKED under a lease
 * token, computes a batch with one embedMany call, and stores each vector only while it still
 * holds the row: an edit in between sends the row back to pending and the stale vector is never
 * written. Failures wait with exponential backoff and are retried forever; without a model the
 * rows simply wait. Changing AI_EMBEDDING_MODEL owes every embedding again (other models' vectors
 * are never compared with this one's).
 *
 * The draft being typed is embedded at lookup time, bounded: DRAFT_TIMEOUT_MS at most, cached by
 * the text's hash, and after a provider failure the lookups stay lexical for DRAFT_PAUSE_MS
 * instead of waiting on a provider that is down. Any failure gives null: the lexical path alone.
 */

/** Owed embeddings one worker round claims and computes with one embedMany call. */
export const EMBEDDING_BATCH = 32;
/** How long a claim lasts. */
export const EMBEDDING_LEASE_MS = 120_000;
/** Longest wait for one batch's embeddings. */
export const EMBEDDING_TIMEOUT_MS = 30_000;
/** First retry after this long, then doubling up to an hour. */
const BACKOFF_BASE_S = 10;
const BACKOFF_MAX_S = 3600;
/** Longest wait for a draft's embedding during a lookup; past it the lookup is lexical. */
export const DRAFT_TIMEOUT_MS = 1_500;
/** After a draft's embedding failed, lookups skip the provider for this long. */
export const DRAFT_PAUSE_MS = 30_000;
/** Drafts' embeddings kept in memory (by the text's hash), and for how long. */
const DRAFT_CACHE_SIZE = 500;
const DRAFT_CACHE_MS = 60 * 60_000;

// Timestamps are stored in UTC without a zone, as Prisma writes them.
const NOW = Prisma.raw(`(now() AT TIME ZONE 'UTC')`);
const after = (ms: number) => Prisma.sql`(now() AT TIME ZONE 'UTC') + make_interval(secs => ${ms / 1000})`;

/** A vector and the model it comes from: only vectors of the same model are compared. */
export interface ModelEmbedding {
  model: string;
  vector: number[];
}

/** The text embedded for a question or a draft: its title and the description's first lines (as the lexical lookup reads them). */
export function embeddingTextOf(title: string, description = ""): string {
  return `${title.trim()}\n${description.slice(0, DESCRIPTION_CHARS)}`.trim();
}

/** The vector scaled to unit length (cosine similarity becomes a dot product); null for a zero or malformed vector. */
export function unitVector(vector: readonly number[]): number[] | null {
  let norm = 0;
  for (const x of vector) {
    if (!Number.isFinite(x)) return null;
    norm += x * x;
  }
  if (!(norm > 0)) return null;
  const scale = 1 / Math.sqrt(norm);
  return vector.map((x) => x * scale);
}

// --- The draft's embedding at lookup time ----------------------------------------------------

interface DraftState {
  cache: Map<string, { vector: number[]; at: number }>;
  inflight: Map<string, Promise<number[] | null>>;
  pausedUntil: number;
}

const globalForDrafts = globalThis as unknown as { agoraDraftEmbeddings?: DraftState };
const drafts: DraftState = (globalForDrafts.agoraDraftEmbeddings ??= { cache: new Map(), inflight: new Map(), pausedUntil: 0 });

/** Forgets the drafts' embeddings and any pause after a failure (tests). */
export function resetDraftEmbeddings(): void {
  drafts.cache.clear();
  drafts.inflight.clear();
  drafts.pausedUntil = 0;
}

/**
 * The embedding of a draft (its title and description) with the model in force, for re-ranking a
 * lookup; null without AI_EMBEDDING_MODEL, on any failure of the provider, after DRAFT_TIMEOUT_MS,
 * or while lookups pause after a failure. Never throws.
 */
export async function draftEmbedding(title: string, description = "", config: AiConfig | null = embeddingConfig()): Promise<ModelEmbedding | null> {
  if (!config) return null;
  const text = embeddingTextOf(title, description);
  if (!text) return null;
  const key = crypto.createHash("sha256").update(`${config.model}\n${text}`).digest("hex");
  const cached = drafts.cache.get(key);
  if (cached && Date.now() - cached.at < DRAFT_CACHE_MS) {
    // Most recently used last: the oldest entry is the first to go.
    drafts.cache.delete(key);
    drafts.cache.set(key, cached);
    return { model: config.model, vector: cached.vector };
  }
  if (Date.now() < drafts.pausedUntil) return null;
  let pending = drafts.inflight.get(key);
  if (!pending) {
    pending = embedDraft(text, config).finally(() => drafts.inflight.delete(key));
    drafts.inflight.set(key, pending);
  }
  const vector = await pending;
  if (!vector) return null;
  drafts.cache.set(key, { vector, at: Date.now() });
  while (drafts.cache.size > DRAFT_CACHE_SIZE) drafts.cache.delete(drafts.cache.keys().next().value!);
  return { model: config.model, vector };
}

async function embedDraft(text: string, config: AiConfig): Promise<number[] | null> {
  try {
    const { embedding } = await embed({ model: embeddingModel(config), value: text, maxRetries: 0, abortSignal: AbortSignal.timeout(DRAFT_TIMEOUT_MS) });
    const vector = unitVector(embedding);
    if (!vector) throw new Error("The AI provider returned an empty embedding");
    return vector;
  } catch (error) {
    drafts.pausedUntil = Date.now() + DRAFT_PAUSE_MS;
    log.warn({ error: describeAiError(error).message }, "Draft embedding failed: similar questions are lexical for a while");
    return null;
  }
}

/** A question's stored embedding with the model in force (its Related questions), or null. */
export async function storedEmbedding(questionId: number, config: AiConfig | null = embeddingConfig()): Promise<ModelEmbedding | null> {
  if (!config) return null;
  const [row] = await db.$queryRaw<{ embedding: number[] | null }[]>`
    SELECT embedding FROM question_embeddings WHERE question_id = ${questionId} AND model = ${config.model}`;
  return row?.embedding?.length ? { model: config.model, vector: row.embedding.map(Number) } : null;
}

// --- The worker -------------------------------------------------------------------------------

/** A client the worker writes with: the app's, or (evaluation) another database's. */
export type EmbeddingClient = Pick<typeof db, "$queryRaw" | "$executeRaw">;

/** An owed embedding this worker holds, with the lease token that proves it. */
export interface ClaimedEmbedding {
  questionId: number;
  attempts: number;
  token: string;
}

/** Claims up to `limit` owed embeddings (due, or abandoned by a dead worker); `questionIds` narrows the claim. */
export async function claimEmbeddings(limit: number, { questionIds, client = db }: { questionIds?: readonly number[]; client?: EmbeddingClient } = {}): Promise<ClaimedEmbedding[]> {
  const prefix = crypto.randomBytes(12).toString("base64url");
  const only = questionIds ? Prisma.sql`AND question_id IN (${Prisma.join(questionIds.length ? questionIds : [-1])})` : Prisma.empty;
  return client.$queryRaw<ClaimedEmbedding[]>`
    WITH owed AS (
      SELECT question_id FROM question_embeddings
       WHERE ((status IN ('pending', 'failed') AND next_attempt_at <= ${NOW})
          OR (status = 'running' AND (locked_until IS NULL OR locked_until < ${NOW}))) ${only}
       ORDER BY next_attempt_at, question_id
       LIMIT ${limit}
       FOR UPDATE SKIP LOCKED
    )
    UPDATE question_embeddings e
       SET status = 'running', attempts = e.attempts + 1, locked_by = ${prefix} || ':' || e.question_id::text,
           locked_until = ${after(EMBEDDING_LEASE_MS)}, updated_at = ${NOW}
      FROM owed
     WHERE e.question_id = owed.question_id
    RETURNING e.question_id AS "questionId", e.attempts, e.locked_by AS token`;
}

/** What one round of the embedding worker did. */
export interface EmbeddingBatchResult {
  claimed: number;
  done: number;
  failed: number;
  lost: number;
}

interface EmbeddingWorkerState {
  /** Models whose outdated vectors this process already sent back to pending, per client. */
  reconciled: WeakMap<object, Set<string>>;
  running: Promise<unknown> | null;
  again: boolean;
  stopping: AbortController;
}

const globalForWorker = globalThis as unknown as { agoraEmbeddingWorker?: EmbeddingWorkerState };
const state: EmbeddingWorkerState = (globalForWorker.agoraEmbeddingWorker ??= { reconciled: new WeakMap(), running: null, again: false, stopping: new AbortController() });

/** Once per process and model: embeddings of another model are owed again (they cannot be compared with this one's). */
async function reconcileModel(client: EmbeddingClient, model: string): Promise<void> {
  const seen = state.reconciled.get(client) ?? new Set<string>();
  if (seen.has(model)) return;
  await client.$executeRaw`
    UPDATE question_embeddings SET status = 'pending', attempts = 0, next_attempt_at = ${NOW}, updated_at = ${NOW}
     WHERE status = 'done' AND model IS DISTINCT FROM ${model}`;
  seen.add(model);
  state.reconciled.set(client, seen);
}

/**
 * Claims up to `limit` owed embeddings and computes them with one embedMany call (the worker loop,
 * the cron route, tests and the evaluation); nothing without AI_EMBEDDING_MODEL and a provider.
 */
export async function processOwedEmbeddings(
  options: { limit?: number; questionIds?: readonly number[]; client?: EmbeddingClient; config?: AiConfig | null; signal?: AbortSignal } = {},
): Promise<EmbeddingBatchResult> {
  const result: EmbeddingBatchResult = { claimed: 0, done: 0, failed: 0, lost: 0 };
  const config = options.config === undefined ? embeddingConfig() : options.config;
  const client = options.client ?? db;
  if (!config || state.stopping.signal.aborted) return result;
  await reconcileModel(client, config.model);
  const claimed = await claimEmbeddings(Math.max(1, options.limit ?? EMBEDDING_BATCH), { questionIds: options.questionIds, client });
  result.claimed = claimed.length;
  if (claimed.length === 0) return result;
  const rows = await client.$queryRaw<{ id: number; title: string; description: string }[]>`
    SELECT id, title, description FROM questions WHERE id IN (${Prisma.join(claimed.map((c) => c.questionId))})`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const held = claimed.filter((c) => byId.has(c.questionId)); // the others were deleted: their rows went with them
  result.lost += claimed.length - held.length;
  if (held.length === 0) return result;
  const signals = [AbortSignal.timeout(EMBEDDING_TIMEOUT_MS), state.stopping.signal, ...(options.signal ? [options.signal] : [])];
  try {
    const { embeddings } = await embedMany({
      model: embeddingModel(config),
      values: held.map((c) => embeddingTextOf(byId.get(c.questionId)!.title, byId.get(c.questionId)!.description)),
      maxRetries: 0,
      abortSignal: AbortSignal.any(signals),
    });
    const vectors = held.map((c, i) => ({ claim: c, vector: unitVector(embeddings[i] ?? []) }));
    const good = vectors.filter((v): v is { claim: ClaimedEmbedding; vector: number[] } => v.vector !== null);
    if (good.length > 0) {
      const values = good.map(({ claim, vector }) => Prisma.sql`(${claim.questionId}::int, ${claim.token}::text, ${vector}::real[])`);
      const stored = await client.$executeRaw`
        UPDATE question_embeddings e
           SET status = 'done', model = ${config.model}, embedding = v.vector, locked_by = NULL, locked_until = NULL,
               last_error = NULL, updated_at = ${NOW}
          FROM (VALUES ${Prisma.join(values)}) AS v(question_id, token, vector)
         WHERE e.question_id = v.question_id AND e.status = 'running' AND e.locked_by = v.token`;
      result.done += stored;
      result.lost += good.length - stored;
    }
    const empty = vectors.filter((v) => v.vector === null).map((v) => v.claim);
    if (empty.length > 0) {
      const failed = await failEmbeddings(client, empty, "The AI provider returned an empty embedding");
      result.failed += failed;
      result.lost += empty.length - failed;
    }
  } catch (error) {
    if (state.stopping.signal.aborted) {
      // Shutting down: hand them back for the next instance rather than let the leases run out.
      await releaseEmbeddings(client, held).catch(() => {});
      result.lost += held.length;
      return result;
    }
    const safe = describeAiError(error);
    log.warn({ count: held.length, error: safe.message }, "Question embeddings failed");
    const failed = await failEmbeddings(client, held, safe.message).catch(() => 0);
    result.failed += failed;
    result.lost += held.length - failed;
  }
  return result;
}

/** Gives claimed embeddings back as failed, retried after the backoff; how many were still this worker's. */
async function failEmbeddings(client: EmbeddingClient, claims: ClaimedEmbedding[], message: string): Promise<number> {
  return client.$executeRaw`
    UPDATE question_embeddings e
       SET status = 'failed', locked_by = NULL, locked_until = NULL, last_error = ${message.slice(0, 1000)}, updated_at = ${NOW},
           next_attempt_at = ${NOW} + make_interval(secs => least(${BACKOFF_MAX_S}, ${BACKOFF_BASE_S} * power(2, greatest(0, e.attempts - 1))))
      FROM unnest(${claims.map((c) => c.questionId)}::int[], ${claims.map((c) => c.token)}::text[]) AS v(question_id, token)
     WHERE e.question_id = v.question_id AND e.status = 'running' AND e.locked_by = v.token`;
}

/** Gives claimed embeddings back at once, as if this attempt had not begun (shutdown). */
async function releaseEmbeddings(client: EmbeddingClient, claims: ClaimedEmbedding[]): Promise<number> {
  return client.$executeRaw`
    UPDATE question_embeddings e
       SET status = 'pending', attempts = greatest(0, e.attempts - 1), locked_by = NULL, locked_until = NULL, next_attempt_at = ${NOW}, updated_at = ${NOW}
      FROM unnest(${claims.map((c) => c.questionId)}::int[], ${claims.map((c) => c.token)}::text[]) AS v(question_id, token)
     WHERE e.question_id = v.question_id AND e.status = 'running' AND e.locked_by = v.token`;
}

/**
 * Computes this instance's owed embeddings, batch after batch, until none is due (one round at a
 * time per process; a call during a round asks for another). Nothing without a model.
 */
export async function fillEmbeddings(): Promise<void> {
  if (state.running) {
    state.again = true;
    return;
  }
  const round = (async () => {
    do {
      state.again = false;
      for (;;) {
        if (!embeddingConfig() || state.stopping.signal.aborted) return;
        const result = await processOwedEmbeddings();
        // A batch that came back short (or failed) leaves nothing due right now.
        if (result.claimed < EMBEDDING_BATCH || result.done === 0) break;
      }
    } while (state.again);
  })();
  state.running = round;
  try {
    await round;
  } finally {
    state.running = null;
  }
}

/** Starts computing owed embeddings without making the caller wait (after the response inside a request). */
export function kickEmbeddingWorker(): void {
  if (!embeddingConfig() || process.env.AGORA_AI_WORKER?.trim().toLowerCase() === "off") return;
  const work = () => fillEmbeddings().catch((error) => log.error({ error: error instanceof Error ? error.name : "error" }, "Embedding worker round failed"));
  try {
    afterResponse(work);
  } catch {
    void work(); // outside a request (scripts, tests)
  }
}

/** Graceful shutdown: no more claims; a batch being computed is handed back. */
export async function stopEmbeddingWorker(): Promise<void> {
  state.stopping.abort();
  await state.running?.catch(() => {});
}
