import "server-only";
import { forbidden } from "@/lib/server/errors";
import { isQuestionLocked } from "@/lib/server/question-states/queries";
import { QUESTION_CLOSED_MESSAGE, QUESTION_LOCKED_MESSAGE } from "@/lib/validation/question-states";

/*
 * What a closed or locked question refuses, checked by the write routes after they load the
 * post (so a hidden question still answers 404) and before they authorize. Every refusal is a
 * 403 with a message that names the state: a lock refuses answers, comments and replies, votes
 * and accept changes; a close refuses new answers (the AI's custom-prompt answers included).
 */

/** Throws 403 "This question is locked" or "This question is closed" unless the question takes new answers. */
export function assertAcceptsAnswers(question: { closedAt: Date | null; lockedAt: Date | null }): void {
  if (question.lockedAt) throw forbidden(QUESTION_LOCKED_MESSAGE);
  if (question.closedAt) throw forbidden(QUESTION_CLOSED_MESSAGE);
}

/** Throws 403 "This question is locked" while the question is locked. */
export function assertUnlocked(question: { lockedAt: Date | null }): void {
  if (question.lockedAt) throw forbidden(QUESTION_LOCKED_MESSAGE);
}

/** As assertUnlocked, for a post under a question known by id (an answer's or a comment's): one read. */
export async function assertQuestionUnlocked(questionId: number): Promise<void> {
  if (await isQuestionLocked(questionId)) throw forbidden(QUESTION_LOCKED_MESSAGE);
}
