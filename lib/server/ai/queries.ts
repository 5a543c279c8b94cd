import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { QUESTION_NOT_FOUND } from "@/lib/server/answers/queries";

/** A question as the AI reads it: its text, tags and group. */
export interface AiQuestion {
  id: number;
  title: string;
  description: string;
  groupId: number | null;
  tags: string[];
  /** A closed or locked question takes no custom-prompt answers (lib/server/question-states/guards.ts). */
  closedAt: Date | null;
  lockedAt: Date | null;
}

/** A question the viewer may see, with what the AI needs of it, or 404 "Question not found". */
export async function getAiQuestionOrThrow(id: number, viewer: Viewer | null): Promise<AiQuestion> {
  const row = await db.question.findFirst({
    where: { AND: [{ id }, visibleQuestionsWhere(viewer)] },
    select: { id: true, title: true, description: true, groupId: true, closedAt: true, lockedAt: true, tags: { select: { tag: { select: { name: true } } }, orderBy: { id: "asc" } } },
  });
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return { id: row.id, title: row.title, description: row.description, groupId: row.groupId, tags: row.tags.map((t) => t.tag.name), closedAt: row.closedAt, lockedAt: row.lockedAt };
}

/** Where a question's automatic answer stands, as the page's stream follows it. */
export interface AiJobProgress {
  status: "pending" | "running" | "failed" | "done";
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  startedAt: Date | null;
  partialContent: string;
  answerId: number | null;
}

/** The progress of a question's automatic answer, or null when none is owed. */
export async function getAiJobProgress(questionId: number): Promise<AiJobProgress | null> {
  const job = await db.aiAnswerJob.findUnique({
    where: { questionId },
    select: { status: true, attempts: true, nextAttemptAt: true, lockedUntil: true, startedAt: true, partialContent: true, answerId: true },
  });
  if (!job) return null;
  const status = (["pending", "running", "failed", "done"] as const).find((s) => s === job.status) ?? "pending";
  return { ...job, status, partialContent: job.partialContent ?? "" };
}
