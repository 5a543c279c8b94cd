import "server-only";
import type { LanguageModel } from "ai";
import { renderMarkdown } from "@/lib/markdown/render";
import { db, Prisma } from "@/lib/server/db";
import { claimFrom, failLeaseOf, holdLease, NOW, releaseLeaseOf, type Lease } from "@/lib/server/ai/leases";
import { ensureAssistantUser } from "@/lib/server/ai/assistant";
import { linkCitations } from "@/lib/server/ai/citations";
import { AiGenerationError, describeAiError, generateAnswer, type Generation } from "@/lib/server/ai/generate";
import { excerptOf, type PromptCorrection } from "@/lib/server/ai/prompts";
import { findSources, type RetrievedSource } from "@/lib/server/ai/retrieval";
import { appendAnswerRevision, keepOriginalAnswer } from "@/lib/server/revisions/mutations";
import { rewardVerdicts } from "@/lib/server/reputation/ledger";
import { resetVerdicts } from "@/lib/server/verification/mutations";
import { authorSelect, presentAuthor, type AuthorRow } from "@/lib/server/users/presenters";
import { log } from "@/lib/server/log";
import { observeAiGeneration } from "@/lib/server/metrics";
import { displayName } from "@/lib/display";
import { parseRevisionReply, type CorrectionJson, type RevisionOutcome, type RevisionTrigger } from "@/lib/ai-revision";
import { ANSWER_MAX_LENGTH } from "@/lib/validation/answers";

/*
 * Revisions of the automatic answer (issue 16, ARCHITECTURE.md "The correction loop"). The
 * triggers (lib/server/ai/revision-triggers.ts) owe ai_revision_jobs rows; the AI worker
 * (lib/server/ai/worker.ts) claims them with the same lease code as the first answers
 * (lib/server/ai/leases.ts), one job of an answer at a time, oldest first. A run gathers the
 * corrections as they stand, asks the model with the question, the previous answer and the
 * corrections as delimited data, and completes in one transaction guarded by its lease token:
 * the job is marked done with what it used and, when the model changed the answer, the answer
 * gets its new text as its next revision (by the assistant), the members whose "incorrect"
 * verdicts stood on it earn +2 once, and its verdicts reset. A run that lost its lease writes
 * nothing, so a revision is written once however many workers raced or died.
 */

/** Most "incorrect" verdicts a revision reads as corrections (a dispute needs 2). */
export const MAX_VERDICT_CORRECTIONS = 20;
/** Longest excerpt of a correcting answer in the prompt. */
const ANSWER_CORRECTION_CHARS = 2_000;

/** A revision job this worker holds. */
export interface ClaimedRevision extends Lease {
  answerId: number;
  questionId: number;
  trigger: RevisionTrigger;
  answerRevision: number;
  correctingAnswerId: number | null;
  requestedById: string | null;
  requestNote: string | null;
  questionRevision: number | null;
}

/**
 * Claims up to `limit` owed revisions: due (or abandoned) jobs that are the oldest unfinished
 * job of their answer, so the revisions of one answer are never written at the same time.
 */
export async function claimRevisionJobs(limit: number, answerIds?: readonly number[]): Promise<ClaimedRevision[]> {
  const only = answerIds ? Prisma.sql`AND j.answer_id IN (${Prisma.join(answerIds.length ? answerIds : [-1])})` : Prisma.empty;
  return claimFrom<Omit<ClaimedRevision, keyof Lease>>("ai_revision_jobs", limit, {
    where: Prisma.sql`AND NOT EXISTS (SELECT 1 FROM ai_revision_jobs o WHERE o.answer_id = j.answer_id AND o.id < j.id AND o.status <> 'done') ${only}`,
    returning: Prisma.sql`j.answer_id AS "answerId", j.question_id AS "questionId", j.trigger, j.answer_revision AS "answerRevision",
      j.correcting_answer_id AS "correctingAnswerId", j.requested_by_id AS "requestedById", j.request_note AS "requestNote",
      j.question_revision AS "questionRevision"`,
  });
}

const nameOf = (row: AuthorRow) => displayName(presentAuthor(row));

/** The corrections of a job as they stand: for the prompt, and as the job records them. Empty: nothing left to correct. */
export async function gatherCorrections(job: ClaimedRevision, currentRevision: number): Promise<{ prompt: PromptCorrection[]; stored: CorrectionJson[] }> {
  switch (job.trigger) {
    case "disputed": {
      if (currentRevision > job.answerRevision) return { prompt: [], stored: [] }; // a newer text since: the dispute was of the old one
      const verdicts = await db.answerVerification.findMany({
        where: { answerId: job.answerId, verdict: "incorrect", reason: { not: null } },
        select: { memberId: true, reason: true, member: { select: authorSelect } },
        orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
        take: MAX_VERDICT_CORRECTIONS,
      });
      return {
        prompt: verdicts.map((v) => ({ kind: "verdict", reason: v.reason ?? "" })),
        stored: verdicts.map((v) => ({ type: "verdict", memberId: v.memberId, name: nameOf(v.member), reason: v.reason ?? "" })),
      };
    }
    case "accepted":
    case "outscored": {
      const answer = job.correctingAnswerId
        ? await db.answer.findFirst({
            where: { id: job.correctingAnswerId, questionId: job.questionId, hiddenAt: null },
            select: { id: true, content: true, authorId: true, author: { select: authorSelect } },
          })
        : null;
      if (!answer) return { prompt: [], stored: [] }; // deleted or hidden since
      return {
        prompt: [{ kind: "answer", why: job.trigger, excerpt: excerptOf(answer.content, ANSWER_CORRECTION_CHARS) }],
        stored: [{ type: "answer", answerId: answer.id, memberId: answer.authorId, name: nameOf(answer.author), why: job.trigger }],
      };
    }
    case "edited": {
      const n = job.questionRevision ?? 1;
      const before = await db.questionRevision.findFirst({ where: { questionId: job.questionId, number: n - 1 }, select: { title: true, description: true } });
      return { prompt: [{ kind: "edit", before }], stored: [{ type: "edit", questionRevision: n }] };
    }
    case "moderator": {
      const moderator = job.requestedById ? await db.user.findUnique({ where: { id: job.requestedById }, select: authorSelect }) : null;
      return {
        prompt: [{ kind: "moderator", reason: job.requestNote }],
        stored: [{ type: "moderator", memberId: job.requestedById ?? "", name: moderator ? nameOf(moderator) : "", reason: job.requestNote }],
      };
    }
  }
}

/** What finishing a revision job stores. */
export type RevisionResult =
  | { outcome: "superseded" }
  | { outcome: "unchanged"; summary: string | null; corrections: CorrectionJson[] }
  | { outcome: "revised"; summary: string | null; corrections: CorrectionJson[]; content: string; generation: Generation; sources: RetrievedSource[] };

/** The revision history's summary of an AI revision (stored as written, at most 200 characters). */
function historySummary(trigger: RevisionTrigger, summary: string | null): string {
  const why: Record<RevisionTrigger, string> = {
    disputed: "members disputed it",
    accepted: "the asker accepted a member's answer",
    outscored: "a member's answer was voted above it",
    edited: "the question was edited",
    moderator: "a moderator asked",
  };
  return `Revised by Agora AI after ${why[trigger]}${summary ? `: ${summary}` : ""}`.slice(0, 200);
}

/**
 * In one transaction: marks the job done with its outcome (only if this worker still holds it)
 * and, for a revised answer, writes the new text as the answer's next revision, rewards the
 * standing "incorrect" verdicts and resets them. The outcome, or null when the job was not this
 * worker's any more (nothing written).
 */
export async function completeRevision(job: ClaimedRevision, result: RevisionResult): Promise<RevisionOutcome | null> {
  const assistantId = result.outcome === "revised" ? await ensureAssistantUser() : null;
  return db.$transaction(async (tx) => {
    const summary = result.outcome === "superseded" ? null : result.summary;
    const corrections = result.outcome === "superseded" ? [] : result.corrections;
    const held = await tx.$queryRaw<{ id: number }[]>`
      UPDATE ai_revision_jobs
         SET status = 'done', locked_by = NULL, locked_until = NULL, partial_content = NULL, last_error = NULL,
             outcome = ${result.outcome}, summary = ${summary}, corrections = ${JSON.stringify(corrections)}::jsonb,
             finished_at = ${NOW}, updated_at = ${NOW}
       WHERE id = ${job.id} AND status = 'running' AND locked_by = ${job.token}
      RETURNING id`;
    if (held.length === 0) return null;
    if (result.outcome !== "revised") return result.outcome;
    // The answer's row, as its edits lock it (NO KEY UPDATE: votes and verdicts on it wait; accepts and new jobs' foreign keys do not).
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM answers WHERE id = ${job.answerId} FOR NO KEY UPDATE`;
    if (locked.length === 0) return null;
    await keepOriginalAnswer(tx, job.answerId);
    const { generation, sources, content } = result;
    await tx.answer.update({
      where: { id: job.answerId },
      data: {
        content,
        contentHtml: renderMarkdown(content),
        aiModel: generation.model.slice(0, 200),
        aiPrompt: generation.prompt,
        aiSources: sources.map((s) => ({ id: s.ref.id, type: s.ref.type, title: s.ref.title, url: s.ref.url })) as Prisma.InputJsonValue,
        aiInputTokens: generation.inputTokens,
        aiOutputTokens: generation.outputTokens,
        aiDurationMs: generation.durationMs,
        editedAt: new Date(),
      },
      select: { id: true },
    });
    await appendAnswerRevision(tx, job.answerId, { editorId: assistantId!, summary: historySummary(job.trigger, summary) });
    await tx.$executeRaw`
      UPDATE ai_revision_jobs SET revision_number = (SELECT max(number) FROM answer_revisions WHERE answer_id = ${job.answerId})
       WHERE id = ${job.id}`;
    // Members whose "incorrect" verdict stood on the corrected answer: +2, once per answer (issue 16).
    await rewardVerdicts(tx, job.answerId, "incorrect");
    // A new text to judge.
    await resetVerdicts(tx, job.answerId);
    return "revised";
  });
}

/** How one claimed revision ended. */
export type RevisionRunOutcome = "done" | "failed" | "lost";

/** Options of running revisions (tests pass a model; the worker passes its stopping signal). */
export interface RevisionRunOptions {
  model?: LanguageModel;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Aborted when the process shuts down: the job is handed back. */
  stopping?: AbortSignal;
}

/** Writes a claimed revision: corrections, streamed generation (lease renewed), completion or failure. */
export async function runClaimedRevision(job: ClaimedRevision, options: RevisionRunOptions = {}): Promise<RevisionRunOutcome> {
  const lease = new AbortController();
  const started = Date.now();
  const stopping = options.stopping ?? new AbortController().signal;
  const signal = AbortSignal.any([lease.signal, stopping, ...(options.signal ? [options.signal] : [])]);
  const held = holdLease("ai_revision_jobs", job, lease, "Another worker took over this revision");

  try {
    const answer = await db.answer.findUnique({
      where: { id: job.answerId },
      select: {
        content: true,
        question: { select: { id: true, title: true, description: true, groupId: true, tags: { select: { tag: { select: { name: true } } } } } },
      },
    });
    if (!answer) return "lost"; // deleted: its jobs went with it
    const [current] = await db.$queryRaw<{ n: number }[]>`
      SELECT COALESCE(max(number), 1)::int AS n FROM answer_revisions WHERE answer_id = ${job.answerId}`;
    const corrections = await gatherCorrections(job, current?.n ?? 1);
    if (corrections.stored.length === 0) {
      return (await completeRevision(job, { outcome: "superseded" })) === null ? "lost" : "done";
    }
    const { question } = answer;
    const sources = await findSources(question);
    const generation = await generateAnswer({
      input: {
        question: { title: question.title, description: question.description, tags: question.tags.map((t) => t.tag.name) },
        sources: sources.map((s) => s.prompt),
        revision: { previousAnswer: answer.content, corrections: corrections.prompt },
      },
      signal,
      model: options.model,
      timeoutMs: options.timeoutMs,
      onText: (_delta, soFar) => held.onText(soFar),
    });
    if (!generation.text.trim()) throw new AiGenerationError("The AI provider returned an empty answer", "empty");
    await held.settled();
    const reply = parseRevisionReply(generation.text, answer.content);
    const result: RevisionResult =
      reply.kind === "unchanged"
        ? { outcome: "unchanged", summary: reply.reason, corrections: corrections.stored }
        : {
            outcome: "revised",
            summary: reply.summary,
            corrections: corrections.stored,
            content: linkCitations(reply.content, sources.map((s) => s.ref.url)).slice(0, ANSWER_MAX_LENGTH),
            generation,
            sources,
          };
    const outcome = await completeRevision(job, result);
    if (outcome !== null) observeAiGeneration("done", generation.durationMs / 1000, { input: generation.inputTokens ?? 0, output: generation.outputTokens ?? 0 });
    return outcome === null ? "lost" : "done";
  } catch (error) {
    if (lease.signal.aborted) return "lost";
    if (stopping.aborted) {
      await releaseLeaseOf("ai_revision_jobs", job).catch(() => false);
      return "lost";
    }
    const safe = describeAiError(error);
    log.warn({ answerId: job.answerId, attempt: job.attempts, error: safe.message }, "AI revision failed");
    observeAiGeneration("failed", (Date.now() - started) / 1000);
    return (await failLeaseOf("ai_revision_jobs", job, safe).catch(() => false)) ? "failed" : "lost";
  } finally {
    await held.release();
  }
}
