import "server-only";
import type { LanguageModel } from "ai";
import { after as afterResponse } from "next/server";
import { renderMarkdown } from "@/lib/markdown/render";
import { db, Prisma } from "@/lib/server/db";
import { claimFrom, failLeaseOf, holdLease, NOW, releaseLeaseOf, renewLeaseOf } from "@/lib/server/ai/leases";
import { claimRevisionJobs, runClaimedRevision } from "@/lib/server/ai/revise";
import { ensureAssistantUser } from "@/lib/server/ai/assistant";
import { linkCitations } from "@/lib/server/ai/citations";
import { AiGenerationError, describeAiError, generateAnswer, type Generation } from "@/lib/server/ai/generate";
import { isAiConfigured } from "@/lib/server/ai/provider";
import { findSources, type RetrievedSource } from "@/lib/server/ai/retrieval";
import { ANSWER_MAX_LENGTH } from "@/lib/validation/answers";
import type { AnswerSourceJson } from "@/lib/server/answers/presenters";
import { notifyNewAnswer } from "@/lib/server/notifications/mutations";
import { log } from "@/lib/server/log";
import { observeAiGeneration } from "@/lib/server/metrics";
import { fillEmbeddings, kickEmbeddingWorker, stopEmbeddingWorker } from "@/lib/server/similar/embeddings";

/*
 * The automatic answers (DECISIONS.md section 6). Every question owes one through its
 * ai_answer_jobs row. A worker claims owed rows with FOR UPDATE SKIP LOCKED (pending or failed
 * ones that are due, and running ones whose lease ran out because their worker died), streams
 * the answer into partial_content so any instance can show it, and then in one transaction
 * marks the job done and inserts the answer, guarded by its lease token: a job completes once,
 * however many workers race for it. Failures wait with exponential backoff and are retried
 * forever; with no provider configured, jobs simply wait.
 *
 * Workers run in every app instance: kicked after each new question, every few seconds by the
 * loop instrumentation.ts starts, and by GET/POST /api/cron/ai-answers on serverless hosting.
 * No transaction or database connection is held while the model writes.
 */

export { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffMs, HEARTBEAT_MS, LEASE_MS, PARTIAL_FLUSH_MS } from "@/lib/server/ai/leases";
/** Jobs one instance writes at the same time (answers and revisions together). */
export const MAX_CONCURRENT_JOBS = 2;
/** How often each instance looks for owed answers. */
export const WORKER_INTERVAL_MS = 10_000;

/** A job this worker holds, with the lease token that proves it. */
export interface ClaimedJob {
  id: number;
  questionId: number;
  attempts: number;
  token: string;
}

/**
 * Claims up to `limit` owed jobs (due, or abandoned by a dead worker), each with its own lease
 * token; `questionIds` narrows the claim to those questions.
 */
export async function claimJobs(limit: number, questionIds?: readonly number[]): Promise<ClaimedJob[]> {
  const where = questionIds ? Prisma.sql`AND j.question_id IN (${Prisma.join(questionIds.length ? questionIds : [-1])})` : Prisma.empty;
  return claimFrom<{ questionId: number }>("ai_answer_jobs", limit, { where, returning: Prisma.sql`j.question_id AS "questionId"` });
}

/** Writes the text so far and renews the lease; false when the lease is no longer this worker's. */
export async function renewLease(job: ClaimedJob, partialContent: string): Promise<boolean> {
  return renewLeaseOf("ai_answer_jobs", job, partialContent);
}

/** What completing a job stores on the answer. */
export interface CompletedAnswer {
  content: string;
  generation: Generation;
  sources: RetrievedSource[];
}

/**
 * In one transaction: marks the job done (only if this worker still holds it) and inserts the
 * automatic answer with its provenance, counting it on the question and notifying the question's
 * author. Null when the job was not this worker's any more, in which case nothing is written.
 */
export async function completeJob(job: ClaimedJob, { content, generation, sources }: CompletedAnswer): Promise<number | null> {
  const authorId = await ensureAssistantUser();
  return db.$transaction((tx) => completeJobIn(tx, job, { authorId, content, generation, sources: sources.map((s) => s.ref), notify: true }));
}

/** What completeJobIn stores: the answer, its provenance, and whether the asker is told. */
export interface AutomaticAnswer {
  /** The assistant account (ensureAssistantUser). */
  authorId: string;
  content: string;
  generation: Generation;
  sources: AnswerSourceJson[];
  notify: boolean;
}

/**
 * completeJob's work inside the caller's transaction (also used to adopt an answer written for
 * the draft before posting: lib/server/ai/draft-answers.ts). Null when the job is not held by
 * `job.token` any more.
 */
export async function completeJobIn(tx: Prisma.TransactionClient, job: Pick<ClaimedJob, "id" | "questionId" | "token">, answerData: AutomaticAnswer): Promise<number | null> {
  const { authorId, content, generation, sources } = answerData;
  const held = await tx.$queryRaw<{ id: number }[]>`
    UPDATE ai_answer_jobs
       SET status = 'done', locked_by = NULL, locked_until = NULL, partial_content = NULL, last_error = NULL, updated_at = ${NOW}
     WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.token}
    RETURNING id`;
  if (held.length === 0) return null;
  const now = new Date();
  const answer = await tx.answer.create({
    data: {
      questionId: job.questionId,
      authorId,
      content,
      contentHtml: renderMarkdown(content),
      isAutoGenerated: true,
      aiModel: generation.model.slice(0, 200),
      aiPrompt: generation.prompt,
      aiSources: sources.map((s) => ({ id: s.id, type: s.type, title: s.title, url: s.url })) as Prisma.InputJsonValue,
      aiInputTokens: generation.inputTokens,
      aiOutputTokens: generation.outputTokens,
      aiDurationMs: generation.durationMs,
      createdAt: now,
      updatedAt: now,
    },
    select: { id: true },
  });
  await tx.question.update({ where: { id: job.questionId }, data: { answerCount: { increment: 1 }, lastActivityAt: now }, select: { id: true } });
  await tx.aiAnswerJob.update({ where: { id: job.id }, data: { answerId: answer.id }, select: { id: true } });
  if (answerData.notify) await notifyNewAnswer(tx, { answerId: answer.id });
  return answer.id;
}

/** Gives a failed job back: failed and retried after the backoff, with a safe message; false when it was not this worker's. */
export async function failJob(job: ClaimedJob, error: AiGenerationError): Promise<boolean> {
  return failLeaseOf("ai_answer_jobs", job, error);
}

/**
 * Gives a job back at once, as if this attempt had not begun, so another instance can take it
 * without waiting for the lease to run out (graceful shutdown); false when it was not this worker's.
 */
export async function releaseJob(job: ClaimedJob): Promise<boolean> {
  return releaseLeaseOf("ai_answer_jobs", job);
}

/** How one claimed job ended. */
export type JobOutcome = "done" | "failed" | "lost";

/** Options of running jobs (tests pass a model; shutdown passes a signal). */
export interface RunOptions {
  model?: LanguageModel;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Writes the answer of a claimed job: retrieval, streamed generation into partial_content, completion or failure. */
export async function runClaimedJob(job: ClaimedJob, options: RunOptions = {}): Promise<JobOutcome> {
  const lease = new AbortController();
  const started = Date.now();
  const stopping = state.stopping.signal;
  const signal = AbortSignal.any(options.signal ? [lease.signal, stopping, options.signal] : [lease.signal, stopping]);
  const held = holdLease("ai_answer_jobs", job, lease, "Another worker took over this answer");

  try {
    const question = await db.question.findUnique({
      where: { id: job.questionId },
      select: { id: true, title: true, description: true, groupId: true, tags: { select: { tag: { select: { name: true } } } } },
    });
    if (!question) return "lost"; // deleted: its job went with it
    const sources = await findSources(question);
    const generation = await generateAnswer({
      input: { question: { title: question.title, description: question.description, tags: question.tags.map((t) => t.tag.name) }, sources: sources.map((s) => s.prompt) },
      signal,
      model: options.model,
      timeoutMs: options.timeoutMs,
      onText: (_delta, soFar) => held.onText(soFar),
    });
    if (!generation.text.trim()) throw new AiGenerationError("The AI provider returned an empty answer", "empty");
    await held.settled();
    const content = linkCitations(generation.text.trim(), sources.map((s) => s.ref.url)).slice(0, ANSWER_MAX_LENGTH);
    const answerId = await completeJob(job, { content, generation, sources });
    if (answerId !== null) observeAiGeneration("done", generation.durationMs / 1000, { input: generation.inputTokens ?? 0, output: generation.outputTokens ?? 0 });
    return answerId === null ? "lost" : "done";
  } catch (error) {
    if (lease.signal.aborted) return "lost";
    if (stopping.aborted) {
      // Shutting down mid-answer: hand it back for the next instance rather than let the lease run out.
      await releaseJob(job).catch(() => false);
      return "lost";
    }
    const safe = describeAiError(error);
    log.warn({ questionId: job.questionId, attempt: job.attempts, error: safe.message }, "AI answer failed");
    observeAiGeneration("failed", (Date.now() - started) / 1000);
    return (await failJob(job, safe).catch(() => false)) ? "failed" : "lost";
  } finally {
    await held.release();
  }
}

/** What one batch of work did. */
export interface BatchResult {
  claimed: number;
  done: number;
  failed: number;
  lost: number;
}

/** Claims up to `limit` owed answers and writes them concurrently (the cron route and tests); nothing when AI is not configured. */
export async function processOwedAnswers(options: RunOptions & { limit?: number; questionIds?: readonly number[] } = {}): Promise<BatchResult> {
  const result: BatchResult = { claimed: 0, done: 0, failed: 0, lost: 0 };
  if ((!options.model && !isAiConfigured()) || state.stopping.signal.aborted) return result;
  const jobs = await claimJobs(Math.max(1, options.limit ?? MAX_CONCURRENT_JOBS), options.questionIds);
  result.claimed = jobs.length;
  const runs = jobs.map((job) => {
    const run = runClaimedJob(job, options).finally(() => state.running.delete(run));
    state.running.add(run);
    return run;
  });
  for (const outcome of await Promise.all(runs)) result[outcome] += 1;
  return result;
}

/**
 * Claims up to `limit` owed revisions of automatic answers (issue 16) and writes them
 * concurrently (the cron route and tests); `answerIds` narrows the claim. Nothing when AI is not configured.
 */
export async function processOwedRevisions(options: RunOptions & { limit?: number; answerIds?: readonly number[] } = {}): Promise<BatchResult> {
  const result: BatchResult = { claimed: 0, done: 0, failed: 0, lost: 0 };
  if ((!options.model && !isAiConfigured()) || state.stopping.signal.aborted) return result;
  const jobs = await claimRevisionJobs(Math.max(1, options.limit ?? MAX_CONCURRENT_JOBS), options.answerIds);
  result.claimed = jobs.length;
  const runs = jobs.map((job) => {
    const run = runClaimedRevision(job, { ...options, stopping: state.stopping.signal }).finally(() => state.running.delete(run));
    state.running.add(run);
    return run;
  });
  for (const outcome of await Promise.all(runs)) result[outcome] += 1;
  return result;
}

interface WorkerState {
  active: number;
  filling: boolean;
  again: boolean;
  loop?: ReturnType<typeof setInterval>;
  /** Aborted by stopAiWorker: no more claims, answers being written are handed back. */
  stopping: AbortController;
  /** The jobs this process is writing. */
  running: Set<Promise<unknown>>;
}

// One pool per process, kept across hot reloads in development.
const globalForWorker = globalThis as unknown as { agoraAiWorker?: WorkerState };
const state: WorkerState = (globalForWorker.agoraAiWorker ??= { active: 0, filling: false, again: false, stopping: new AbortController(), running: new Set() });

/** Fills this instance's free job slots with owed answers; resolves when the jobs it started have ended. */
export async function fillWorkerSlots(): Promise<void> {
  if (state.filling) {
    state.again = true;
    return;
  }
  state.filling = true;
  const started: Promise<unknown>[] = [];
  try {
    do {
      state.again = false;
      while (state.active < MAX_CONCURRENT_JOBS && isAiConfigured() && !state.stopping.signal.aborted) {
        // Owed first answers first, then owed revisions of answers (lib/server/ai/revise.ts).
        const [job] = await claimJobs(1);
        const [revision] = job ? [] : await claimRevisionJobs(1);
        if (!job && !revision) break;
        state.active += 1;
        const work = job ? runClaimedJob(job) : runClaimedRevision(revision!, { stopping: state.stopping.signal });
        const run: Promise<unknown> = work.finally(() => {
          state.active -= 1;
          state.running.delete(run);
          if (!state.stopping.signal.aborted) void fillWorkerSlots().catch(() => {});
        });
        state.running.add(run);
        started.push(run);
      }
    } while (state.again);
  } finally {
    state.filling = false;
  }
  await Promise.allSettled(started);
}

/** AGORA_AI_WORKER=off keeps this instance from writing automatic answers (the cron route still can). */
export function workersDisabled(): boolean {
  return process.env.AGORA_AI_WORKER?.trim().toLowerCase() === "off";
}

/**
 * Starts writing owed answers now without making the caller wait: after the response when
 * called inside a request (next/server's after), in the background otherwise.
 */
export function kickAiWorker(): void {
  if (!isAiConfigured() || workersDisabled()) return;
  kickEmbeddingWorker(); // a new or edited question owes its embedding too (issue 17)
  const work = () => fillWorkerSlots().catch((error) => log.error({ error: error instanceof Error ? error.name : "error" }, "AI worker round failed"));
  try {
    afterResponse(work);
  } catch {
    void work(); // outside a request (scripts, tests)
  }
}

/** Starts this instance's periodic look for owed and abandoned answers (once per process). */
export function startAiWorkerLoop(intervalMs = WORKER_INTERVAL_MS): void {
  if (state.loop || workersDisabled()) return;
  const tick = () => {
    void fillWorkerSlots().catch((error) => log.error({ error: error instanceof Error ? error.name : "error" }, "AI worker round failed"));
    // The similar questions' embeddings owed (issue 17): nothing without AI_EMBEDDING_MODEL.
    void fillEmbeddings().catch((error) => log.error({ error: error instanceof Error ? error.name : "error" }, "Embedding worker round failed"));
  };
  state.loop = setInterval(tick, intervalMs);
  state.loop.unref?.();
  tick();
}

/** Stops the periodic loop (tests and shutdown). */
export function stopAiWorkerLoop(): void {
  if (state.loop) clearInterval(state.loop);
  state.loop = undefined;
}

/**
 * Graceful shutdown: stops the loop and further claims, and hands back every answer this process
 * is writing (releaseJob) so another instance picks it up at once; resolves when they are handed back.
 */
export async function stopAiWorker(): Promise<void> {
  stopAiWorkerLoop();
  state.stopping.abort();
  await Promise.allSettled([...state.running, stopEmbeddingWorker()]);
}
