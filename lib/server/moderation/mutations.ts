import "server-only";
import { removeAccountInTransaction } from "@/lib/server/accounts/mutations";
import { forgetPopularTags, forgetTrending } from "@/lib/server/cache";
import { db, Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { recordAudit } from "@/lib/server/moderation/audit";
import type { SpammerDeletionJson } from "@/lib/server/moderation/presenters";
import { authorizeMemberModeration, type Viewer } from "@/lib/server/policy";
import { USER_NOT_FOUND } from "@/lib/server/users/queries";
import type { AssignableRole } from "@/lib/validation/moderation";

/*
 * What staff do to members (issue 14), beside suspendMember and unsuspendMember
 * (lib/server/moderation/actions.ts). Each write and its audit entry commit together, and each
 * re-checks the policy against the member's row as it is inside the transaction.
 */

/**
 * Gives a member the role "member" or "moderator" (an admin's work; the caller checked
 * "user.changeRole" against the row it read, and it is checked again on the locked row: 403
 * for oneself and for admins). Changing to the role they have changes nothing and writes no
 * audit entry. Returns the role now.
 */
export async function changeMemberRole(admin: Viewer, userId: string, role: AssignableRole): Promise<{ id: string; role: string; changed: boolean }> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ role: string; deletedAt: Date | null; isAssistant: boolean }[]>`
      SELECT role, deleted_at AS "deletedAt", is_assistant AS "isAssistant" FROM users WHERE id = ${userId} FOR NO KEY UPDATE`;
    if (!row || row.deletedAt || row.isAssistant) throw notFound(USER_NOT_FOUND);
    authorizeMemberModeration(admin, "user.changeRole", { id: userId, role: row.role });
    if (row.role === role) return { id: userId, role, changed: false };
    await tx.user.update({ where: { id: userId }, data: { role }, select: { id: true } });
    await recordAudit({ actorId: admin.id, action: "user.role", targetType: "user", targetId: userId, details: { from: row.role, to: role } }, tx);
    return { id: userId, role, changed: true };
  });
}

/** A kind of vote: its table, the column naming the post, and the posts' table (whose vote_score it moves). */
interface VoteRows {
  votes: Prisma.Sql;
  post: Prisma.Sql;
  posts: Prisma.Sql;
}
const answerVoteRows: VoteRows = { votes: Prisma.raw("votes"), post: Prisma.raw("answer_id"), posts: Prisma.raw("answers") };
const questionVoteRows: VoteRows = { votes: Prisma.raw("question_votes"), post: Prisma.raw("question_id"), posts: Prisma.raw("questions") };

/** Deletes a member's votes of one kind, moving each post's score back by what left it; answers how many went. */
async function takeBackVotes(tx: Prisma.TransactionClient, userId: string, t: VoteRows): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    WITH gone AS (
      DELETE FROM ${t.votes} WHERE user_id = ${userId} RETURNING ${t.post} AS post_id, vote_type
    ), per_post AS (
      SELECT post_id, count(*)::int AS n, sum(CASE vote_type WHEN 'up' THEN 1 WHEN 'down' THEN -1 ELSE 0 END)::int AS d
        FROM gone GROUP BY post_id
    ), moved AS (
      UPDATE ${t.posts} p SET vote_score = p.vote_score - pp.d FROM per_post pp WHERE p.id = pp.post_id AND pp.d <> 0 RETURNING p.id
    )
    SELECT COALESCE(sum(n), 0)::int AS n FROM per_post`;
  return row?.n ?? 0;
}

/**
 * Deletes a spammer in one transaction: every question, answer and comment they wrote (with
 * whatever hangs under them: others' answers on their questions, replies under their comments,
 * the posts' votes and reputation events), the open flags on their posts resolved as actioned
 * first, the votes they cast on others' posts (sock puppets keep no score up: each score moves
 * back, and the points those votes gave or took are returned), the notifications they caused,
 * the rest of their reputation events, their pending spam checks, and then their account as
 * deleteAccount removes it. Counters (answers and comments per question and answer,
 * questions per tag and group) move with the rows; the page-cache triggers drop the pages.
 * Staff accounts are refused (403, re-checked on the locked row); 404 for a gone account.
 * Posts are locked answers first, then questions, then (cascades) members: the order every
 * other write takes.
 */
export async function deleteMemberAsSpammer(moderator: Viewer, userId: string, reason?: string | null): Promise<SpammerDeletionJson> {
  const result = await db.$transaction(
    async (tx) => {
      const [before] = await tx.$queryRaw<{ role: string; deletedAt: Date | null; isAssistant: boolean }[]>`
        SELECT role, deleted_at AS "deletedAt", is_assistant AS "isAssistant" FROM users WHERE id = ${userId}`;
      if (!before || before.deletedAt || before.isAssistant) throw notFound(USER_NOT_FOUND);
      authorizeMemberModeration(moderator, "user.deleteAsSpammer", { id: userId, role: before.role });

      await tx.$queryRaw`
        SELECT id FROM answers
         WHERE author_id = ${userId}
            OR question_id IN (SELECT id FROM questions WHERE author_id = ${userId})
            OR id IN (SELECT answer_id FROM comments WHERE author_id = ${userId})
            OR id IN (SELECT answer_id FROM votes WHERE user_id = ${userId})
         ORDER BY id FOR UPDATE`;
      await tx.$queryRaw`
        SELECT id FROM questions
         WHERE author_id = ${userId}
            OR id IN (SELECT question_id FROM answers WHERE author_id = ${userId})
            OR id IN (SELECT a.question_id FROM comments c JOIN answers a ON a.id = c.answer_id WHERE c.author_id = ${userId})
            OR id IN (SELECT question_id FROM question_votes WHERE user_id = ${userId})
         ORDER BY id FOR UPDATE`;

      const flags = await tx.$executeRaw`
        UPDATE flags SET status = 'actioned', resolved_by = ${moderator.id}, resolved_at = timezone('UTC', now())
         WHERE status = 'open'
           AND (question_id IN (SELECT id FROM questions WHERE author_id = ${userId})
             OR answer_id IN (SELECT id FROM answers WHERE author_id = ${userId})
             OR comment_id IN (SELECT id FROM comments WHERE author_id = ${userId}))`;

      // Their comments with the replies under them, each answer's and question's count moved by what left it.
      const [comments] = await tx.$queryRaw<{ own: number }[]>`
        WITH RECURSIVE tree AS (
          SELECT id FROM comments WHERE author_id = ${userId}
          UNION
          SELECT c.id FROM comments c JOIN tree t ON c.parent_comment_id = t.id
        ), gone AS (
          DELETE FROM comments WHERE id IN (SELECT id FROM tree) RETURNING id, answer_id, author_id
        ), per_answer AS (
          SELECT answer_id, count(*)::int AS n FROM gone GROUP BY answer_id
        ), answers_moved AS (
          UPDATE answers a SET comment_count = a.comment_count - p.n FROM per_answer p WHERE a.id = p.answer_id RETURNING a.question_id, p.n
        ), questions_moved AS (
          UPDATE questions q SET comment_count = q.comment_count - s.n
            FROM (SELECT question_id, sum(n)::int AS n FROM answers_moved GROUP BY question_id) s
           WHERE q.id = s.question_id
          RETURNING q.id
        )
        SELECT count(*)::int AS own FROM gone WHERE author_id = ${userId}`;

      const [answers] = await tx.$queryRaw<{ n: number }[]>`
        WITH gone AS (
          DELETE FROM answers WHERE author_id = ${userId} RETURNING question_id, comment_count
        ), per_question AS (
          SELECT question_id, count(*)::int AS n, sum(comment_count)::int AS c FROM gone GROUP BY question_id
        ), moved AS (
          UPDATE questions q SET answer_count = q.answer_count - p.n, comment_count = q.comment_count - p.c
            FROM per_question p WHERE q.id = p.question_id RETURNING q.id
        )
        SELECT count(*)::int AS n FROM gone`;

      await tx.$executeRaw`
        UPDATE tags t SET question_count = t.question_count - s.n
          FROM (SELECT qt.tag_id, count(*)::int AS n FROM question_tags qt JOIN questions q ON q.id = qt.question_id
                 WHERE q.author_id = ${userId} GROUP BY qt.tag_id) s
         WHERE t.id = s.tag_id`;
      await tx.$executeRaw`
        UPDATE groups g SET question_count = g.question_count - s.n
          FROM (SELECT group_id, count(*)::int AS n FROM questions WHERE author_id = ${userId} AND group_id IS NOT NULL GROUP BY group_id) s
         WHERE g.id = s.group_id`;
      const questions = await tx.$executeRaw`DELETE FROM questions WHERE author_id = ${userId}`;

      // The votes they cast on others' posts, each score moved back by what left it; the points
      // those votes gave or took go with them (the ledger's triggers move the counters).
      const removedVotes = (await takeBackVotes(tx, userId, answerVoteRows)) + (await takeBackVotes(tx, userId, questionVoteRows));
      await tx.$executeRaw`
        DELETE FROM reputation_events
         WHERE actor_id = ${userId} AND reason IN ('answer_upvoted', 'answer_downvoted', 'question_upvoted', 'question_downvoted')`;
      // What they made others hear of (up-votes, follows, answers): nobody needs a spammer's notifications.
      await tx.$executeRaw`DELETE FROM notifications WHERE actor_id = ${userId}`;

      await tx.$executeRaw`DELETE FROM reputation_events WHERE user_id = ${userId}`;
      await tx.$executeRaw`DELETE FROM spam_checks WHERE author_id = ${userId}`;

      // The role may have changed since it was read: check it again on the locked row.
      const [after] = await tx.$queryRaw<{ role: string }[]>`SELECT role FROM users WHERE id = ${userId} FOR UPDATE`;
      authorizeMemberModeration(moderator, "user.deleteAsSpammer", { id: userId, role: after?.role });
      await removeAccountInTransaction(tx, userId);

      const counts = {
        deletedQuestions: questions,
        deletedAnswers: answers?.n ?? 0,
        deletedComments: comments?.own ?? 0,
        removedVotes,
      };
      await recordAudit(
        { actorId: moderator.id, action: "user.deleteAsSpammer", targetType: "user", targetId: userId, reason: reason || null, details: { ...counts, resolvedFlags: flags } },
        tx,
      );
      return counts;
    },
    { maxWait: 15_000, timeout: 60_000 },
  );
  forgetPopularTags();
  forgetTrending();
  return result;
}
