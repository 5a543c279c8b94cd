import "server-only";
import crypto from "node:crypto";
import { renderMarkdown } from "@/lib/markdown/render";
import { draftFingerprint, type DraftIdentity } from "@/lib/ai-draft";
import { db, Prisma } from "@/lib/server/db";
import type { AnswerSourceJson } from "@/lib/server/answers/presenters";
import { ensureAssistantUser } from "@/lib/server/ai/assistant";
import { linkCitations } from "@/lib/server/ai/citations";
import { generateAnswer, type GenerateOptions } from "@/lib/server/ai/generate";
import { PREVIEW_FAILED_MESSAGE, PREVIEW_TIMEOUT_MS } from "@/lib/server/ai/preview";
import { findSources } from "@/lib/server/ai/retrieval";
import { generationEventStream } from "@/lib/server/ai/sse";
import { completeJobIn, LEASE_MS, releaseJob } from "@/lib/server/ai/worker";
import { log } from "@/lib/server/log";
import type { HeldJob } from "@/lib/server/questions/mutations";
import { ANSWER_MAX_LENGTH } from "@/lib/validation/answers";

/*
 * The AI answer before posting (issue 17). "Get an AI answer first" in the Ask dialog writes an
 * answer to the draft exactly as the worker would for the posted question (retrieval among the
 * posts the draft's audience may read, the same prompts, linked citations) and keeps it in
 * ai_draft_answers, bound to the member and to a hash of the draft (lib/ai-draft.ts), for
 * DRAFT_ANSWER_TTL_MS. Posting the question with its id (POST /api/questions { draftAnswerId })
 * spends the row: the question's job is inserted already held (createQuestion's HeldJob) and, in
 * one transaction, the row is deleted and the answer stored as the automatic answer with the
 * row's provenance, so no worker writes a second one. Another member's id, an expired row or a
 * changed draft is ignored and the worker writes the answer as for any question.
 */

/** How long an answer to a draft waits to be posted with its question. */
export const DRAFT_ANSWER_TTL_MS = 6 * 60 * 60_000;

/** The draft as the model reads it: its identity plus its tags' names. */
export interface DraftQuestion extends DraftIdentity {
  tags: string[];
}

/** What the stream's `done` event carries. */
export interface DraftAnswerJson {
  draftAnswerId: string;
  content: string;
  contentHtml: string;
  sources: AnswerSourceJson[];
  expiresAt: string;
}

/** SHA-256 of the draft's fingerprint, as stored. */
export function draftHash(draft: DraftIdentity): string {
  return crypto.createHash("sha256").update(draftFingerprint(draft)).digest("hex");
}

/** Options of one answer to a draft. */
export interface DraftAnswerOptions {
  draft: DraftQuestion;
  viewerId: string;
  signal?: AbortSignal;
  /** Called when nothing usable came out (failure or empty), e.g. to give the allowance back. */
  onUnproductive?: () => void | Promise<void>;
  model?: GenerateOptions["model"];
  onText?: (delta: string) => void;
}

/** Writes the answer to a draft and keeps it; null for an empty completion. */
export async function createDraftAnswer(options: DraftAnswerOptions): Promise<DraftAnswerJson | null> {
  const { draft } = options;
  // A draft is no question yet: id 0 excludes nothing; the group (checked by the caller) widens the audience as for its questions.
  const sources = await findSources({ id: 0, title: draft.title, description: draft.description, groupId: draft.groupId });
  const generation = await generateAnswer({
    input: { question: { title: draft.title, description: draft.description, tags: draft.tags }, sources: sources.map((s) => s.prompt) },
    signal: options.signal,
    timeoutMs: PREVIEW_TIMEOUT_MS,
    model: options.model,
    onText: options.onText ? (delta) => options.onText!(delta) : undefined,
  });
  const text = generation.text.trim();
  if (!text) return null;
  const content = linkCitations(text, sources.map((s) => s.ref.url)).slice(0, ANSWER_MAX_LENGTH);
  const refs = sources.map((s) => ({ id: s.ref.id, type: s.ref.type, title: s.ref.title, url: s.ref.url }));
  const row = await db.aiDraftAnswer.create({
    data: {
      id: crypto.randomBytes(18).toString("base64url"),
      userId: options.viewerId,
      draftHash: draftHash(draft),
      content,
      aiModel: generation.model.slice(0, 200),
      aiPrompt: generation.prompt,
      aiSources: refs as Prisma.InputJsonValue,
      aiInputTokens: generation.inputTokens,
      aiOutputTokens: generation.outputTokens,
      aiDurationMs: generation.durationMs,
      expiresAt: new Date(Date.now() + DRAFT_ANSWER_TTL_MS),
    },
    select: { id: true, expiresAt: true },
  });
  return { draftAnswerId: row.id, content, contentHtml: renderMarkdown(content), sources: refs, expiresAt: row.expiresAt.toISOString() };
}

/** The answer to a draft as an event stream (`delta` { text }, then `done` DraftAnswerJson | null, or `error` { message }). */
export function draftAnswerEventStream(options: DraftAnswerOptions): ReadableStream<Uint8Array> {
  return generationEventStream({
    signal: options.signal,
    generate: (signal, onText) => createDraftAnswer({ ...options, signal, onText }),
    productive: (result) => result !== null,
    onUnproductive: options.onUnproductive,
    failedMessage: PREVIEW_FAILED_MESSAGE,
    onFailure: (reason) => log.warn({ error: reason }, "AI answer to a draft failed"),
  });
}

/**
 * Whether the member holds an unexpired answer to exactly this draft under that id; when so,
 * the job to insert with the question (held, so no worker starts on it before adoptDraftAnswer).
 */
export async function holdForDraftAnswer(draftAnswerId: string | null, viewerId: string, draft: DraftIdentity): Promise<HeldJob | null> {
  if (!draftAnswerId) return null;
  const row = await db.aiDraftAnswer.findFirst({
    where: { id: draftAnswerId, userId: viewerId, draftHash: draftHash(draft), expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  return row ? { token: `draft:${crypto.randomBytes(12).toString("base64url")}`, leaseMs: LEASE_MS } : null;
}

/**
 * In one transaction: spends the member's answer to the draft and stores it as the question's
 * automatic answer, completing the job held under `held.token`. True when adopted; otherwise
 * (spent meanwhile, expired) the job is released at once for a worker to write the answer.
 */
export async function adoptDraftAnswer(questionId: number, held: HeldJob, draftAnswerId: string, viewerId: string, draft: DraftIdentity): Promise<boolean> {
  const authorId = await ensureAssistantUser();
  const adopted = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<DraftRow[]>`
      DELETE FROM ai_draft_answers
       WHERE id = ${draftAnswerId} AND user_id = ${viewerId} AND draft_hash = ${draftHash(draft)} AND expires_at > now() AT TIME ZONE 'UTC'
      RETURNING content, ai_model AS "aiModel", ai_prompt AS "aiPrompt", ai_sources AS "aiSources",
                ai_input_tokens AS "aiInputTokens", ai_output_tokens AS "aiOutputTokens", ai_duration_ms AS "aiDurationMs"`;
    if (!row) return false;
    const [job] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM ai_answer_jobs WHERE question_id = ${questionId}`;
    if (!job) return false;
    const answerId = await completeJobIn(tx, { id: job.id, questionId, token: held.token }, {
      authorId,
      content: row.content,
      generation: { text: row.content, model: row.aiModel, prompt: row.aiPrompt, inputTokens: row.aiInputTokens, outputTokens: row.aiOutputTokens, durationMs: row.aiDurationMs },
      sources: row.aiSources,
      // The asker has just read it in the Ask dialog.
      notify: false,
    });
    if (answerId === null) throw new JobNotHeld(); // rolls the spent row back
    return true;
  }).catch((error) => {
    log.warn({ questionId, error: error instanceof Error ? error.name : "error" }, "AI answer to the draft not adopted");
    return false;
  });
  if (!adopted) {
    const [job] = await db.aiAnswerJob.findMany({ where: { questionId }, select: { id: true } });
    if (job) await releaseJob({ id: job.id, questionId, attempts: 1, token: held.token }).catch(() => false);
  }
  return adopted;
}

class JobNotHeld extends Error {
  name = "JobNotHeld";
}

interface DraftRow {
  content: string;
  aiModel: string;
  aiPrompt: string;
  aiSources: AnswerSourceJson[];
  aiInputTokens: number | null;
  aiOutputTokens: number | null;
  aiDurationMs: number;
}

/** The names of the draft's chosen tags that exist, in the member's order (unknown ids are dropped: tags only hint the model). */
export async function listDraftTagNames(tagIds: readonly number[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await db.tag.findMany({ where: { id: { in: [...tagIds] } }, select: { id: true, name: true } });
  return tagIds.flatMap((id) => rows.find((r) => r.id === id)?.name ?? []);
}
