import "server-only";
import { truncateText } from "@/lib/markdown/render";
import { applyAnswerUpdate } from "@/lib/server/answers/mutations";
import { forgetPopularTags, forgetTrending } from "@/lib/server/cache";
import { db, Prisma } from "@/lib/server/db";
import { badRequest, conflict, notFound } from "@/lib/server/errors";
import { NOTIFYING_TRANSACTION, notifySuggestedEditReviewed } from "@/lib/server/notifications/mutations";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import { recordReputation, REPUTATION_POINTS } from "@/lib/server/reputation/ledger";
import { applyQuestionUpdate, ROLLBACK_TAGS_GONE_MESSAGE } from "@/lib/server/questions/mutations";
import { listTagIdsByName } from "@/lib/server/revisions/queries";
import { suggestedEditSelect, type SuggestedEditRow } from "@/lib/server/suggested-edits/presenters";
import type { TrustLevel } from "@/lib/server/trust";
import { EDIT_SUMMARY_MAX_LENGTH } from "@/lib/validation/revisions";

/*
 * Suggested edits (issue 13). A suggestion holds the whole proposal (a question's title,
 * description and tag names; an answer's content). One post has at most one pending suggestion:
 * the partial unique indexes suggested_edits_one_pending_{question,answer} decide between
 * concurrent suggestions. A review claims the row with UPDATE ... WHERE status = 'pending', so of
 * two reviewers at once one wins and the other gets 409. Approval applies the proposal as the
 * post's next revision in the same transaction, with the suggester as its editor, and records
 * +2 reputation for the suggester under the key suggested-edit:<id> (once, whatever happens).
 */

/** The 400 of a suggestion that changes nothing. */
export const NO_CHANGE_MESSAGE = "Your edit does not change anything";
/** The 400 of a suggestion by someone who may edit the post directly. */
export const EDIT_DIRECTLY_MESSAGE = "You can edit this post directly";
/** The 409 of a second pending suggestion on one post. */
export const ALREADY_PENDING_MESSAGE = "This post already has a suggested edit waiting for review";
/** The 409 of a review of a suggestion someone already decided. */
export const ALREADY_REVIEWED_MESSAGE = "This suggested edit was already reviewed";

/** The proposal for a question, whole: what the question would become. */
export interface QuestionProposal {
  title: string;
  description: string;
  tags: string[];
}

/** What a suggestion targets, with its current text (to refuse a suggestion that changes nothing). */
export type SuggestionTarget =
  | { type: "question"; question: { id: number } & QuestionProposal; proposal: QuestionProposal }
  | { type: "answer"; answer: { id: number; questionId: number; content: string }; content: string };

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

/**
 * Records a member's suggestion, pending review, and charges their daily allowance in the same
 * transaction (new members spend theirs first): 400 when it changes nothing, 409 when the post
 * already has a pending one, 429 past the allowance (nothing recorded then).
 */
export async function createSuggestedEdit({
  target,
  suggester,
  summary,
  level,
}: {
  target: SuggestionTarget;
  suggester: { id: string };
  summary: string;
  level: TrustLevel;
}): Promise<SuggestedEditRow> {
  const data =
    target.type === "question"
      ? (() => {
          const { question, proposal } = target;
          if (proposal.title === question.title && proposal.description === question.description && sameTags(proposal.tags, question.tags)) throw badRequest(NO_CHANGE_MESSAGE);
          return { targetType: "question", questionId: question.id, answerId: null, ...proposal, content: null };
        })()
      : (() => {
          if (target.content === target.answer.content) throw badRequest(NO_CHANGE_MESSAGE);
          return { targetType: "answer", questionId: target.answer.questionId, answerId: target.answer.id, title: null, description: null, tags: [], content: target.content };
        })();
  try {
    return await db.$transaction(async (tx) => {
      if (level === 0) await chargeInTransaction(tx, "suggestedEditNewMemberDaily", suggester.id);
      await chargeInTransaction(tx, "suggestedEditDaily", suggester.id);
      return tx.suggestedEdit.create({ data: { ...data, suggesterId: suggester.id, summary }, select: suggestedEditSelect });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_PENDING_MESSAGE);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") throw notFound("Post not found"); // deleted meanwhile
    throw error;
  }
}

// Claims a pending suggestion for one review; 409 when someone decided it first (the row lock orders concurrent reviewers).
async function claim(tx: Prisma.TransactionClient, id: number, reviewerId: string, status: "approved" | "rejected", reason: string | null): Promise<void> {
  const claimed = await tx.$executeRaw`
    UPDATE suggested_edits
       SET status = ${status}, reviewer_id = ${reviewerId}, reviewed_at = timezone('UTC', now()), reject_reason = ${reason}
     WHERE id = ${id} AND status = 'pending'`;
  if (claimed === 0) throw conflict(ALREADY_REVIEWED_MESSAGE);
}

type Reviewable = Pick<SuggestedEditRow, "id" | "targetType" | "questionId" | "answerId" | "suggesterId" | "title" | "description" | "tags" | "content" | "summary"> & {
  question: { id: number; title: string; groupId: number | null } | null;
};

/**
 * Approves a pending suggestion: applies it as the post's next revision (editor: the suggester;
 * the approver is kept on the suggestion), gives the suggester +2 reputation once, and tells
 * them; all in one transaction. 409 when already reviewed; 400 when none of a question's
 * proposed tags exists any more (it stays pending).
 */
export async function approveSuggestedEdit(edit: Reviewable, reviewer: { id: string }): Promise<void> {
  const question = edit.question;
  if (!question) throw notFound("Post not found");
  const tagIds = edit.targetType === "question" ? await listTagIdsByName(edit.tags) : [];
  if (edit.targetType === "question" && tagIds.length === 0) throw badRequest(ROLLBACK_TAGS_GONE_MESSAGE);
  const revision = { editorId: edit.suggesterId, summary: truncateText(edit.summary, EDIT_SUMMARY_MAX_LENGTH) };
  await db.$transaction(async (tx) => {
    await claim(tx, edit.id, reviewer.id, "approved", null);
    if (edit.answerId !== null) {
      await applyAnswerUpdate(tx, { id: edit.answerId }, edit.content ?? "", revision); // 404 when gone
    } else if (!(await applyQuestionUpdate(tx, question, { title: edit.title ?? question.title, description: edit.description ?? "", tagIds }, revision))) {
      throw notFound("Post not found");
    }
    const [latest] =
      edit.answerId !== null
        ? await tx.$queryRaw<{ n: number }[]>`SELECT max(number)::int AS n FROM answer_revisions WHERE answer_id = ${edit.answerId}`
        : await tx.$queryRaw<{ n: number }[]>`SELECT max(number)::int AS n FROM question_revisions WHERE question_id = ${question.id}`;
    await tx.suggestedEdit.update({ where: { id: edit.id }, data: { revisionNumber: latest?.n ?? null }, select: { id: true } });
    await recordReputation(tx, {
      userId: edit.suggesterId,
      points: REPUTATION_POINTS.suggested_edit_approved,
      reason: "suggested_edit_approved",
      questionId: edit.answerId === null ? question.id : null,
      answerId: edit.answerId,
      actorId: reviewer.id,
      sourceKey: `suggested-edit:${edit.id}`,
    });
    await notifySuggestedEditReviewed(tx, { suggesterId: edit.suggesterId, reviewerId: reviewer.id, approved: true, question, answerId: edit.answerId });
  }, NOTIFYING_TRANSACTION);
  if (edit.answerId === null) {
    forgetPopularTags();
    forgetTrending();
  }
}

/** Rejects a pending suggestion (the post stays as it is) and tells the suggester, with the reason when given; 409 when already reviewed. */
export async function rejectSuggestedEdit(edit: Reviewable, reviewer: { id: string }, reason: string | null): Promise<void> {
  const question = edit.question;
  if (!question) throw notFound("Post not found");
  await db.$transaction(async (tx) => {
    await claim(tx, edit.id, reviewer.id, "rejected", reason);
    await notifySuggestedEditReviewed(tx, { suggesterId: edit.suggesterId, reviewerId: reviewer.id, approved: false, question, answerId: edit.answerId, reason });
  }, NOTIFYING_TRANSACTION);
}
