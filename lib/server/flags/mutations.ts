import "server-only";
import { forgetTrending } from "@/lib/server/cache";
import { db, Prisma } from "@/lib/server/db";
import { conflict, notFound } from "@/lib/server/errors";
import { recordAudit } from "@/lib/server/moderation/audit";
import { isStaff, type Viewer } from "@/lib/server/policy";
import { chargeInTransaction } from "@/lib/server/rate-limit";
import type { FlagReason, FlagTargetType } from "@/lib/validation/flags";
import { deleteAnswer } from "@/lib/server/answers/mutations";
import { deleteComment } from "@/lib/server/comments/mutations";
import { flagSelect, type FlagRow } from "@/lib/server/flags/presenters";
import { lockQuestion, suspendMember } from "@/lib/server/moderation/actions";
import { deleteQuestion } from "@/lib/server/questions/mutations";
import type { FlaggablePost } from "@/lib/server/flags/queries";

type Tx = Prisma.TransactionClient;

/**
 * How many distinct members flagging a post as spam or rude hide it at once, pending review
 * (Discourse's "flags required to hide a post" is 3 by default). One moderator's or admin's flag
 * is enough on its own.
 */
export const FLAGS_TO_HIDE = 3;

/** The reasons that count towards hiding a post (FLAGS_TO_HIDE). */
export const HIDING_REASONS: readonly FlagReason[] = ["spam", "rude"];

/** The 409 of a review action on a post whose flags another moderator resolved first. */
export const ALREADY_HANDLED_MESSAGE = "Already handled by another moderator";

/** What the automatic spam check's flag says (a flag without a reporter). */
export const SPAM_CHECK_DETAILS = "Hidden automatically: the spam check judged this post to be spam.";

// The post tables by target type; names are constants, never input.
const TABLE: Record<FlagTargetType, Prisma.Sql> = {
  question: Prisma.raw("questions"),
  answer: Prisma.raw("answers"),
  comment: Prisma.raw("comments"),
};

const targetColumns = (type: FlagTargetType, id: number) => ({
  questionId: type === "question" ? id : null,
  answerId: type === "answer" ? id : null,
  commentId: type === "comment" ? id : null,
});

/**
 * Hides a post pending review (hidden_at = now) unless it is hidden already; returns whether it
 * was hidden now. Raw SQL, so updated_at (which "(edited)" reads) does not move; the page-cache
 * triggers see the row change and drop the question's cached page.
 */
async function setHidden(tx: Tx, type: FlagTargetType, id: number, hidden: boolean): Promise<boolean> {
  const changed = hidden
    ? await tx.$executeRaw`UPDATE ${TABLE[type]} SET hidden_at = timezone('UTC', now()) WHERE id = ${id} AND hidden_at IS NULL`
    : await tx.$executeRaw`UPDATE ${TABLE[type]} SET hidden_at = NULL WHERE id = ${id} AND hidden_at IS NOT NULL`;
  return changed > 0;
}

/**
 * Hides a post pending review on behalf of the automatic spam check, inside the caller's
 * transaction (the one that created the post, so it is never seen nor e-mailed about), and puts
 * it in the review queue with a flag without a reporter. Returns whether the post was hidden now.
 */
export async function hideForReview(tx: Tx, targetType: FlagTargetType, targetId: number): Promise<boolean> {
  const hidden = await setHidden(tx, targetType, targetId, true);
  const open = await tx.flag.count({ where: { reporterId: null, targetType, targetId, status: "open" } });
  if (open === 0) {
    await tx.flag.create({
      data: { reporterId: null, targetType, targetId, ...targetColumns(targetType, targetId), reason: "spam", details: SPAM_CHECK_DETAILS },
      select: { id: true },
    });
  }
  return hidden;
}

/** The outcome of a flag: the member's flag (new or the one they had raised before) and whether the post is now hidden. */
export interface FlagOutcome {
  flag: FlagRow;
  created: boolean;
  postHidden: boolean;
}

/**
 * Records a member's flag on a post they may see (the caller checked visibility, the policy and
 * the reason's rules). One flag per member per post: flagging again returns the first flag and
 * changes nothing. The post's row is locked first, so flags on one post are counted one after
 * the other: the FLAGS_TO_HIDE-th distinct member flagging spam or rude (or one moderator) hides
 * it in the same transaction. The daily flag allowance is charged only for a new flag (429).
 */
export async function createFlag(
  reporter: Viewer,
  post: FlaggablePost,
  input: { reason: FlagReason; details?: string | null; duplicateOfId?: number | null },
): Promise<FlagOutcome> {
  const outcome = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ hidden: boolean }[]>`
      SELECT hidden_at IS NOT NULL AS hidden FROM ${TABLE[post.type]} WHERE id = ${post.id} FOR UPDATE`;
    if (!row) throw notFound(`${post.type === "question" ? "Question" : post.type === "answer" ? "Answer" : "Comment"} not found`);
    const existing = await tx.flag.findUnique({
      where: { reporterId_targetType_targetId: { reporterId: reporter.id, targetType: post.type, targetId: post.id } },
      select: flagSelect,
    });
    if (existing) return { flag: existing, created: false, postHidden: row.hidden };

    await chargeInTransaction(tx, "flagDaily", reporter.id); // 429 undoes the flag with the transaction
    const flag = await tx.flag.create({
      data: {
        reporterId: reporter.id,
        targetType: post.type,
        targetId: post.id,
        ...targetColumns(post.type, post.id),
        reason: input.reason,
        details: input.details || null,
        duplicateOfId: input.reason === "duplicate" ? (input.duplicateOfId ?? null) : null,
      },
      select: flagSelect,
    });

    let postHidden = row.hidden;
    if (!postHidden && HIDING_REASONS.includes(input.reason)) {
      let hide = isStaff(reporter);
      if (!hide) {
        const [counted] = await tx.$queryRaw<{ n: number }[]>`
          SELECT count(DISTINCT reporter_id)::int AS n FROM flags
           WHERE target_type = ${post.type} AND target_id = ${post.id} AND status = 'open'
             AND reporter_id IS NOT NULL AND reason IN (${Prisma.join([...HIDING_REASONS])})`;
        hide = (counted?.n ?? 0) >= FLAGS_TO_HIDE;
      }
      if (hide) {
        postHidden = await setHidden(tx, post.type, post.id, true);
        if (isStaff(reporter)) {
          await recordAudit({ actorId: reporter.id, action: `${post.type}.hide`, targetType: post.type, targetId: post.id, reason: `Flagged as ${input.reason}` }, tx);
        }
      }
    }
    return { flag, created: true, postHidden };
  });
  // This instance's cached trending list may hold the post's question (the others' expire within SITE_LIST_TTL_MS).
  if (outcome.postHidden) forgetTrending();
  return outcome;
}

/** A flagged post as a review action needs it: who wrote it and which question it belongs to. */
export interface ReviewTarget {
  type: FlagTargetType;
  id: number;
  authorId: string;
  questionId: number;
  /** The answer a comment sits under (deleteComment needs it). */
  answerId: number | null;
}

/**
 * Resolves every open flag on a post as `status`, once: UPDATE ... WHERE status = 'open', so of
 * two moderators acting at the same moment the second waits for the first's rows and finds none
 * left, and gets 409 "Already handled by another moderator". Returns how many were resolved.
 */
async function resolveOpenFlags(tx: Tx, moderator: Viewer, target: ReviewTarget, status: "dismissed" | "actioned"): Promise<number> {
  const resolved = await tx.$queryRaw<{ id: number }[]>`
    UPDATE flags SET status = ${status}, resolved_by = ${moderator.id}, resolved_at = timezone('UTC', now())
     WHERE target_type = ${target.type} AND target_id = ${target.id} AND status = 'open'
    RETURNING id`;
  if (resolved.length === 0) throw conflict(ALREADY_HANDLED_MESSAGE);
  return resolved.length;
}

/**
 * The first step of every review action, in one transaction: resolve the post's open flags
 * (409 when none are left), hide or unhide the post when the action says so, and write the
 * audit entry `flags.<action>`. The action's own work (delete, lock, suspend) follows it.
 */
export async function resolveFlags(
  moderator: Viewer,
  target: ReviewTarget,
  action: "dismiss" | "hide" | "unhide" | "delete" | "lock" | "suspend",
  reason?: string | null,
): Promise<number> {
  return db.$transaction(async (tx) => {
    const status = action === "dismiss" || action === "unhide" ? "dismissed" : "actioned";
    const count = await resolveOpenFlags(tx, moderator, target, status);
    if (action === "dismiss" || action === "unhide") await setHidden(tx, target.type, target.id, false);
    if (action === "hide") await setHidden(tx, target.type, target.id, true);
    await recordAudit({ actorId: moderator.id, action: `flags.${action}`, targetType: target.type, targetId: target.id, reason, details: { flags: count } }, tx);
    return count;
  });
}

/**
 * A moderator's action on a flagged post from the review queue (the caller authorized
 * "review.act"): the post's open flags are resolved once (409 for the second of two moderators),
 * with the audit entry; then dismiss and unhide restore the post, hide hides it, delete removes
 * it through the same mutations its author's delete uses, lock locks its question, suspend
 * suspends its author for `days` days with `reason` (the shared moderation actions write their
 * own audit entries).
 */
export async function applyReviewAction(
  moderator: Viewer,
  target: ReviewTarget,
  input: { action: "dismiss" | "hide" | "unhide" | "delete" | "lock" | "suspend"; days?: number; reason?: string | null },
): Promise<{ resolved: number }> {
  const resolved = await resolveFlags(moderator, target, input.action, input.reason);
  if (input.action !== "lock" && input.action !== "suspend") forgetTrending();
  switch (input.action) {
    case "delete":
      if (target.type === "question") await deleteQuestion({ id: target.id });
      else if (target.type === "answer") await deleteAnswer({ id: target.id });
      else await deleteComment({ id: target.id, answerId: target.answerId! });
      break;
    case "lock":
      await lockQuestion(moderator, target.questionId, input.reason);
      break;
    case "suspend":
      await suspendMember(moderator, target.authorId, { days: input.days ?? 1, reason: input.reason ?? "Suspended from the review queue" });
      break;
    default:
      break;
  }
  return { resolved };
}
