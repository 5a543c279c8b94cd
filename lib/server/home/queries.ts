import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";

/** How many items the home page's Recent Activity panel lists. */
export const RECENT_ACTIVITY_LIMIT = 5;

/** One of the member's own recent posts: what it was, when, and the question it belongs to. */
export type RecentActivityItem = {
  kind: "question" | "answer" | "comment";
  id: number;
  questionId: number;
  questionTitle: string;
  createdAt: string;
  link: string;
};

/** What the first-run card needs: whether to show it, and which of the offered tags the member follows. */
export interface WelcomeState {
  show: boolean;
  followedTagIds: number[];
}

/** The member's latest questions, answers and comments, each kind from its author index, newest first. */
function recentActivitySql(viewer: Viewer, take: number): Prisma.Sql {
  const visible = visibleQuestionsSql(viewer, "q");
  return Prisma.sql`
    SELECT kind, id, "questionId", "questionTitle", "createdAt" FROM (
      (SELECT 'question' AS kind, q.id, q.id AS "questionId", q.title AS "questionTitle", q.created_at AS "createdAt"
         FROM questions q WHERE q.author_id = ${viewer.id} AND ${visible}
        ORDER BY q.created_at DESC LIMIT ${take})
      UNION ALL
      (SELECT 'answer', a.id, q.id, q.title, a.created_at
         FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.author_id = ${viewer.id} AND ${visible}
        ORDER BY a.created_at DESC LIMIT ${take})
      UNION ALL
      (SELECT 'comment', c.id, q.id, q.title, c.created_at
         FROM comments c JOIN answers a ON a.id = c.answer_id JOIN questions q ON q.id = a.question_id
        WHERE c.author_id = ${viewer.id} AND ${visible}
        ORDER BY c.created_at DESC LIMIT ${take})
    ) activity
    ORDER BY "createdAt" DESC, kind, id DESC
    LIMIT ${take}`;
}

/**
 * The home page's extras in one statement: the member's Recent Activity (their latest questions,
 * answers and comments on questions they may still see, `limit` at most) and the first-run card's
 * state: shown until dismissed (stored on the account, so on every device) or until the member
 * follows a tag and has asked a question; `tagIds` are the popular tags the card offers.
 */
export async function getHomeExtras(
  viewer: Viewer,
  tagIds: number[],
  limit = RECENT_ACTIVITY_LIMIT,
): Promise<{ activity: RecentActivityItem[]; welcome: WelcomeState }> {
  const take = Math.max(1, Math.min(20, limit));
  const [row] = await db.$queryRaw<
    {
      activity: { kind: RecentActivityItem["kind"]; id: number; questionId: number; questionTitle: string; createdAt: string }[] | null;
      dismissed: boolean;
      followsTag: boolean;
      asked: boolean;
      followed: number[] | null;
    }[]
  >`
    WITH activity AS (${recentActivitySql(viewer, take)})
    SELECT (SELECT json_agg(json_build_object('kind', a.kind, 'id', a.id, 'questionId', a."questionId", 'questionTitle', a."questionTitle",
                                              'createdAt', a."createdAt" AT TIME ZONE 'UTC') ORDER BY a."createdAt" DESC, a.kind, a.id DESC)
              FROM activity a) AS activity,
           coalesce((u.preferences->>'welcomeDismissed')::boolean, false) AS dismissed,
           EXISTS (SELECT 1 FROM tag_follows tf WHERE tf.user_id = u.id) AS "followsTag",
           EXISTS (SELECT 1 FROM questions q WHERE q.author_id = u.id) AS asked,
           (SELECT array_agg(tf.tag_id) FROM tag_follows tf WHERE tf.user_id = u.id AND tf.tag_id = ANY(${tagIds}::int[])) AS followed
      FROM users u WHERE u.id = ${viewer.id}`;
  if (!row) return { activity: [], welcome: { show: false, followedTagIds: [] } };
  const activity = (row.activity ?? []).map((item) => ({
    kind: item.kind,
    id: item.id,
    questionId: item.questionId,
    questionTitle: item.questionTitle,
    createdAt: new Date(item.createdAt).toISOString(),
    link: item.kind === "question" ? `/questions/${item.questionId}` : `/questions/${item.questionId}#${item.kind}-${item.id}`,
  }));
  return { activity, welcome: { show: !row.dismissed && !(row.followsTag && row.asked), followedTagIds: row.followed ?? [] } };
}
