import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { QUESTION_NOT_FOUND } from "@/lib/server/questions/queries";
import { questionStateSelect, type QuestionStateRow } from "@/lib/server/question-states/presenters";
import { DUPLICATE_OF_NOT_FOUND_MESSAGE } from "@/lib/validation/question-states";

/** A question's closed and locked state as the viewer sees it, or 404 "Question not found". */
export async function getQuestionStateOrThrow(id: number, viewer: Viewer | null): Promise<QuestionStateRow> {
  const row = await db.question.findFirst({ where: { AND: [{ id }, visibleQuestionsWhere(viewer)] }, select: questionStateSelect(viewer) });
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return row;
}

/** The original a duplicate names, when the viewer may see it, or 404 "The original question was not found". */
export async function getOriginalQuestionOrThrow(id: number, viewer: Viewer): Promise<{ id: number; title: string }> {
  const row = await db.question.findFirst({ where: { AND: [{ id }, visibleQuestionsWhere(viewer)] }, select: { id: true, title: true } });
  if (!row) throw notFound(DUPLICATE_OF_NOT_FOUND_MESSAGE);
  return row;
}

/** Whether the question (by id) is locked now; false when it is gone. */
export async function isQuestionLocked(questionId: number): Promise<boolean> {
  const row = await db.question.findUnique({ where: { id: questionId }, select: { lockedAt: true } });
  return row?.lockedAt != null;
}
