import "server-only";
import { db } from "@/lib/server/db";
import { chargeInOrder } from "@/lib/server/rate-limit";
import { applyScreening, type Screening } from "@/lib/server/spam/act";
import { kickSpamChecks } from "@/lib/server/spam/worker";
import type { TrustLevel } from "@/lib/server/trust";

/**
 * Charges the daily limits of a new answer or comment (replies count as comments), by trust
 * level, in one statement: a new member spends the new members' allowance first (10 answers,
 * 20 comments a day), then everyone the general one; the first spent answers the 429.
 */
export async function chargeNewPost(memberId: string, kind: "answer" | "comment", level: TrustLevel): Promise<void> {
  const spend = kind === "answer" ? (level === 0 ? (["answerNewMemberDaily", "answerDaily"] as const) : (["answerDaily"] as const)) : level === 0 ? (["commentNewMemberDaily", "commentDaily"] as const) : (["commentDaily"] as const);
  await chargeInOrder(memberId, { check: [], spend });
}

/**
 * Acts on the screening of a question just created (createQuestion is one statement of its own):
 * hides it when judged spam, or records the model's pending check and starts it after the response.
 * Questions notify nobody when asked, so nothing is held back.
 */
export async function screenCreatedQuestion(question: { id: number }, authorId: string, screening: Screening | null): Promise<void> {
  if (!screening || (!screening.verdict.spam && !screening.model)) return;
  await db.$transaction((tx) => applyScreening(tx, { type: "question", id: question.id, authorId }, screening));
  if (screening.model) kickSpamChecks();
}
