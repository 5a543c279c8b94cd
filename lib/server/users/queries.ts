import "server-only";
import type { Viewer as SessionViewer } from "@/lib/server/auth/session";

import { db, Prisma } from "@/lib/server/db";
import { badRequest, notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { listedProfilesSql, visibleQuestionsSql, visibleQuestionsWhere, type ProfileResource, type Viewer } from "@/lib/server/policy";
import { questionSummarySelect, type QuestionSummaryRow } from "@/lib/server/questions/presenters";
import { tagSelect, type TagRow } from "@/lib/server/tags/presenters";
import {
  presentPrivacySettings,
  profileSelect,
  userAnswerSelect,
  type MemberRow,
  type ProfileCounts,
} from "@/lib/server/users/presenters";
import { CURSOR_MESSAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";
import { parseStoredPreferences, type Preferences, type UserListTab } from "@/lib/validation/users";

/** Message of the 404 for an unknown member (SPEC.md: "User Not Found"). */
export const USER_NOT_FOUND = "User not found";

/** Member ids are cuids; anything else cannot name a member. */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Paging of a list: at most `limit` rows (default 20, at most 100) after `cursor`. */
export interface PageOptions {
  limit?: number;
  cursor?: string;
}

const clampLimit = (limit: number | undefined) => Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit ?? DEFAULT_PAGE_SIZE)));

/** A member as the privacy rules and follow rules read them. */
export type ProfileTarget = ProfileResource & { isAssistant: boolean; deletedAt: Date | null };

/**
 * The member named by a route's id, as the profile rules need them (privacy, assistant,
 * deleted), or 404 "User not found". Deleted members are still found: their posts remain.
 */
export async function getProfileTargetOrThrow(id: string | undefined): Promise<ProfileTarget> {
  const row = id && USER_ID.test(id)
    ? await db.user.findUnique({ where: { id }, select: { id: true, isAssistant: true, deletedAt: true, privacySettings: true } })
    : null;
  if (!row) throw notFound(USER_NOT_FOUND);
  return {
    id: row.id,
    isAssistant: row.isAssistant,
    deletedAt: row.deletedAt,
    profileVisibility: row.deletedAt ? "public" : presentPrivacySettings(row.privacySettings).profileVisibility,
  };
}

/** Whether the viewer follows the member (false for visitors and for oneself). */
export async function isFollowingUser(viewer: Viewer | null, userId: string): Promise<boolean> {
  if (!viewer || viewer.id === userId) return false;
  const row = await db.userFollow.findUnique({ where: { followerId_followingId: { followerId: viewer.id, followingId: userId } }, select: { followerId: true } });
  return row !== null;
}

/** How many members follow the member. */
export async function countFollowers(userId: string): Promise<number> {
  return db.userFollow.count({ where: { followingId: userId } });
}

/** How many distinct tags the member's questions visible to the viewer carry. */
async function countUsedTags(userId: string, viewer: Viewer | null): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(DISTINCT qt.tag_id)::int AS n
      FROM question_tags qt JOIN questions q ON q.id = qt.question_id
     WHERE q.author_id = ${userId} AND ${visibleQuestionsSql(viewer, "q")}`;
  return row?.n ?? 0;
}

/**
 * A member's profile row with the counts the viewer may see (hidden private-group posts left
 * out; saved questions only on one's own profile) and whether the viewer follows them.
 */
export async function getProfile(target: ProfileTarget, viewer: Viewer | null) {
  const visible = visibleQuestionsWhere(viewer);
  const own = viewer?.id === target.id;
  const [row, tags] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: target.id },
      select: {
        ...profileSelect,
        _count: {
          select: {
            questions: { where: visible },
            answers: { where: { question: visible } },
            followers: true,
            following: true,
            tagFollows: true,
            savedQuestions: { where: own ? { question: visible } : { userId: "" } },
          },
        },
        followers: { where: { followerId: viewer?.id ?? "" }, select: { followerId: true }, take: 1 },
      },
    }),
    countUsedTags(target.id, viewer),
  ]);
  const counts: ProfileCounts = {
    questions: row._count.questions,
    answers: row._count.answers,
    followers: row._count.followers,
    following: row._count.following,
    tags,
    followedTags: row._count.tagFollows,
    ...(own ? { saved: row._count.savedQuestions } : {}),
  };
  return { row, counts, isFollowing: !own && row.followers.length > 0 };
}

/** One page of the member's questions the viewer may see, newest first. */
export async function listUserQuestions(userId: string, viewer: Viewer | null, page: PageOptions = {}): Promise<Page<QuestionSummaryRow>> {
  const limit = clampLimit(page.limit);
  const after: Prisma.QuestionWhereInput = page.cursor
    ? (({ key, id }) => ({ OR: [{ createdAt: { lt: key } }, { createdAt: key, id: { lt: id } }] }))(decodeCursor(page.cursor, "date"))
    : {};
  const rows = await db.question.findMany({
    where: { AND: [{ authorId: userId }, visibleQuestionsWhere(viewer), after] },
    select: questionSummarySelect(viewer),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (row) => row.createdAt);
}

/** How many of the member's questions the viewer may see. */
export async function countUserQuestions(userId: string, viewer: Viewer | null): Promise<number> {
  return db.question.count({ where: { AND: [{ authorId: userId }, visibleQuestionsWhere(viewer)] } });
}

/** One page of the member's answers on questions the viewer may see, newest first. */
export async function listUserAnswers(userId: string, viewer: Viewer | null, page: PageOptions = {}) {
  const limit = clampLimit(page.limit);
  const after: Prisma.AnswerWhereInput = page.cursor
    ? (({ key, id }) => ({ OR: [{ createdAt: { lt: key } }, { createdAt: key, id: { lt: id } }] }))(decodeCursor(page.cursor, "date"))
    : {};
  const rows = await db.answer.findMany({
    where: { AND: [{ authorId: userId }, { question: visibleQuestionsWhere(viewer) }, after] },
    select: userAnswerSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (row) => row.createdAt);
}

/** How many of the member's answers sit on questions the viewer may see. */
export async function countUserAnswers(userId: string, viewer: Viewer | null): Promise<number> {
  return db.answer.count({ where: { authorId: userId, question: visibleQuestionsWhere(viewer) } });
}

/** Most tags a profile's tag tabs list. */
export const PROFILE_TAG_LIMIT = 100;

/** The tags on the member's questions the viewer may see, most used first ("Most Used Tags"). */
export async function listUsedTags(userId: string, viewer: Viewer | null, limit = PROFILE_TAG_LIMIT) {
  return db.$queryRaw<{ id: number; name: string; color: string; count: number }[]>`
    SELECT t.id, t.name, t.color, count(*)::int AS count
      FROM question_tags qt
      JOIN questions q ON q.id = qt.question_id
      JOIN tags t ON t.id = qt.tag_id
     WHERE q.author_id = ${userId} AND ${visibleQuestionsSql(viewer, "q")}
     GROUP BY t.id
     ORDER BY count DESC, t.name ASC
     LIMIT ${Math.max(1, Math.min(PROFILE_TAG_LIMIT, limit))}`;
}

/** The tags the member follows, alphabetically, with the question counts the viewer may see (docs/API.md Tag). */
export async function listFollowedTags(userId: string, viewer: Viewer | null, limit = PROFILE_TAG_LIMIT): Promise<TagRow[]> {
  const follows = await db.tagFollow.findMany({
    where: { userId },
    select: {
      tag: {
        select: {
          ...tagSelect,
          _count: { select: { questions: { where: { question: visibleQuestionsWhere(viewer) } } } },
        },
      },
    },
    orderBy: { tag: { name: "asc" } },
    take: Math.max(1, Math.min(PROFILE_TAG_LIMIT, limit)),
  });
  return follows.map(({ tag: { _count, ...tag } }) => ({ ...tag, questionCount: _count.questions }));
}

/** One page of the questions the member saved (and may still see), most recently saved first. */
export async function listSavedQuestions(viewer: Viewer, page: PageOptions = {}): Promise<Page<QuestionSummaryRow>> {
  const limit = clampLimit(page.limit);
  const after: Prisma.SavedQuestionWhereInput = page.cursor
    ? (({ key, id }) => ({ OR: [{ createdAt: { lt: key } }, { createdAt: key, questionId: { lt: id } }] }))(decodeCursor(page.cursor, "date"))
    : {};
  const saves = await db.savedQuestion.findMany({
    where: { AND: [{ userId: viewer.id }, { question: visibleQuestionsWhere(viewer) }, after] },
    select: { createdAt: true, question: { select: questionSummarySelect(viewer) } },
    orderBy: [{ createdAt: "desc" }, { questionId: "desc" }],
    take: limit + 1,
  });
  const paged = toPage(
    saves.map((s) => ({ id: s.question.id, savedAt: s.createdAt, question: s.question })),
    limit,
    (s) => s.savedAt,
  );
  return { rows: paged.rows.map((s) => s.question), nextCursor: paged.nextCursor };
}

/** How many questions the member saved that they may still see. */
export async function countSavedQuestions(viewer: Viewer): Promise<number> {
  return db.savedQuestion.count({ where: { userId: viewer.id, question: visibleQuestionsWhere(viewer) } });
}

/**
 * The groups the member belongs to, most recently joined first. A private group is listed only
 * to viewers who belong to it as well, so a profile does not reveal private memberships.
 */
export async function listUserGroups(userId: string, viewer: Viewer | null, limit = PROFILE_TAG_LIMIT) {
  const groupVisible: Prisma.GroupWhereInput = viewer
    ? { OR: [{ isPrivate: false }, { members: { some: { userId: viewer.id } } }] }
    : { isPrivate: false };
  return db.groupMember.findMany({
    where: { userId, group: groupVisible },
    select: {
      role: true,
      joinedAt: true,
      group: { select: { id: true, name: true, description: true, profileImageUrl: true, isPrivate: true, memberCount: true, questionCount: true } },
    },
    orderBy: [{ joinedAt: "desc" }, { id: "desc" }],
    take: Math.max(1, Math.min(PROFILE_TAG_LIMIT, limit)),
  });
}

/** The member's preferences (theme, language, questions per page), defaults filled in; the defaults for visitors. */
export function getPreferences(viewer: Pick<SessionViewer, "preferences"> | null): Preferences {
  // The stored preferences come with the session's own read: no query here.
  return parseStoredPreferences(viewer?.preferences ?? null);
}

/** The member's stored password hash (null for accounts that sign in only through a provider). */
export async function getPasswordHash(userId: string): Promise<string | null> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return row?.passwordHash ?? null;
}

/* Members directory ------------------------------------------------------------------------ */

/** SPEC.md section 9: the rankings look at the last 30 days. */
export const MEMBER_RANKING_DAYS = 30;
// Offsets beyond this are refused: nobody pages that far through a directory.
const MAX_OFFSET = 10_000;

function encodeOffsetCursor(offset: number): string {
  return Buffer.from(JSON.stringify(["members", offset])).toString("base64url");
}

function decodeOffsetCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) throw new Error("not base64url");
    const [kind, offset] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    if (kind === "members" && typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0 && offset <= MAX_OFFSET) return offset;
  } catch {
    // fall through
  }
  throw badRequest(CURSOR_MESSAGE);
}

/**
 * The search condition of the directory over users `u`: first name, last name, "first last" and
 * the e-mail's local part (already public as the `handle`) contain the text. A text with an @ is
 * an e-mail address: it matches only the viewer's own account, so a search never tells anyone
 * whether an address is registered or whose it is (docs/SECURITY.md).
 */
function memberSearchSql(search: string | undefined, viewer: Viewer | null): Prisma.Sql {
  const text = search?.trim().toLowerCase();
  if (!text) return Prisma.sql`TRUE`;
  if (text.includes("@")) return viewer ? Prisma.sql`(u.id = ${viewer.id} AND lower(u.email) = ${text})` : Prisma.sql`FALSE`;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return Prisma.sql`(
    lower(coalesce(u.first_name, '')) LIKE ${like}
    OR lower(coalesce(u.last_name, '')) LIKE ${like}
    OR lower(concat_ws(' ', u.first_name, u.last_name)) LIKE ${like}
    OR lower(split_part(u.email, '@', 1)) LIKE ${like}
  )`;
}

/**
 * One page of the members directory, computed in the database: New Users (newest first) or the
 * members with the most questions, answers or votes in the last 30 days (members with none are
 * left out of a ranking). Counts and the three top tags leave out posts hidden from the viewer.
 * The Agora AI account and deleted accounts never appear, nor profiles the policy keeps from the
 * viewer (listedProfilesSql: visitors see public profiles, members registered ones too).
 */
export async function listMembers(
  viewer: Viewer | null,
  options: { tab: UserListTab; search?: string; limit?: number; cursor?: string; now?: Date },
): Promise<{ rows: MemberRow[]; nextCursor: string | null }> {
  const limit = clampLimit(options.limit);
  const offset = decodeOffsetCursor(options.cursor);
  const since = new Date((options.now ?? new Date()).getTime() - MEMBER_RANKING_DAYS * 86_400_000);
  const visible = visibleQuestionsSql(viewer, "q");
  const viewerId = viewer?.id ?? "";

  const questionsIn = Prisma.sql`SELECT q.author_id AS user_id, count(*)::int AS n FROM questions q
    WHERE q.created_at >= ${since} AND ${visible} GROUP BY q.author_id`;
  const answersIn = Prisma.sql`SELECT a.author_id AS user_id, count(*)::int AS n FROM answers a JOIN questions q ON q.id = a.question_id
    WHERE a.created_at >= ${since} AND ${visible} GROUP BY a.author_id`;
  const votesIn = Prisma.sql`SELECT v.user_id, count(*)::int AS n FROM votes v JOIN answers a ON a.id = v.answer_id JOIN questions q ON q.id = a.question_id
    WHERE v.created_at >= ${since} AND ${visible} GROUP BY v.user_id`;
  const ranking = { asker: questionsIn, answerer: answersIn, voters: votesIn } as const;

  const base = Prisma.sql`u.deleted_at IS NULL AND NOT u.is_assistant AND ${listedProfilesSql(viewer, "u")} AND ${memberSearchSql(options.search, viewer)}`;
  const ranked =
    options.tab === "new"
      ? Prisma.sql`SELECT u.id, u.created_at, 0 AS metric FROM users u WHERE ${base}
          ORDER BY u.created_at DESC, u.id DESC OFFSET ${offset} LIMIT ${limit + 1}`
      : Prisma.sql`SELECT u.id, u.created_at, m.n AS metric FROM users u JOIN (${ranking[options.tab]}) m ON m.user_id = u.id
          WHERE ${base} AND m.n > 0
          ORDER BY m.n DESC, u.created_at DESC, u.id DESC OFFSET ${offset} LIMIT ${limit + 1}`;

  const rows = await db.$queryRaw<(Omit<MemberRow, "topTags"> & { topTags: MemberRow["topTags"] | null; metric: number })[]>`
    WITH ranked AS (${ranked})
    SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_image_url AS "profileImageUrl",
           u.is_assistant AS "isAssistant", u.deleted_at AS "deletedAt", u.created_at AS "createdAt", r.metric,
           (SELECT count(*)::int FROM questions q WHERE q.author_id = u.id AND q.created_at >= ${since} AND ${visible}) AS "questionsCount",
           (SELECT count(*)::int FROM answers a JOIN questions q ON q.id = a.question_id
             WHERE a.author_id = u.id AND a.created_at >= ${since} AND ${visible}) AS "answersCount",
           (SELECT count(*)::int FROM votes v JOIN answers a ON a.id = v.answer_id JOIN questions q ON q.id = a.question_id
             WHERE v.user_id = u.id AND v.created_at >= ${since} AND ${visible}) AS "votesCount",
           (SELECT count(*)::int FROM user_follows f WHERE f.following_id = u.id) AS "followerCount",
           EXISTS (SELECT 1 FROM user_follows f WHERE f.follower_id = ${viewerId} AND f.following_id = u.id) AS "isFollowing",
           (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.n DESC, t.name)
              FROM (SELECT tg.id, tg.name, tg.color, count(*) AS n
                      FROM question_tags qt JOIN questions q ON q.id = qt.question_id JOIN tags tg ON tg.id = qt.tag_id
                     WHERE q.author_id = u.id AND ${visible}
                     GROUP BY tg.id ORDER BY n DESC, tg.name LIMIT 3) t) AS "topTags"
      FROM ranked r JOIN users u ON u.id = r.id
     ORDER BY r.metric DESC, r.created_at DESC, r.id DESC`;

  const page = rows.slice(0, limit).map((row) => ({ ...row, topTags: row.topTags ?? [] }));
  return { rows: page, nextCursor: rows.length > limit && offset + limit <= MAX_OFFSET ? encodeOffsetCursor(offset + limit) : null };
}

/* Followers and followed members ---------------------------------------------------------- */

/** One member in a profile's Followers or Following list, with when the follow began. */
export type FollowListRow = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAssistant: boolean;
  deletedAt: Date | null;
  followedAt: Date;
};

// Keyset cursor of a follow list: the follow's time and the other member's id (ids are strings here).
function encodeFollowCursor(row: FollowListRow): string {
  return Buffer.from(JSON.stringify(["follows", row.followedAt.toISOString(), row.id])).toString("base64url");
}

function decodeFollowCursor(cursor: string): { at: Date; id: string } {
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error("not base64url");
    const [kind, at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown, unknown];
    const date = typeof at === "string" ? new Date(at) : null;
    if (kind === "follows" && date && !Number.isNaN(date.getTime()) && typeof id === "string" && USER_ID.test(id)) return { at: date, id };
  } catch {
    // fall through
  }
  throw badRequest(CURSOR_MESSAGE);
}

/**
 * One page of the members who follow the member (`direction: "followers"`) or whom the member
 * follows (`"following"`), most recent follow first; deleted accounts are left out.
 */
export async function listFollowPeople(
  userId: string,
  direction: "followers" | "following",
  page: PageOptions = {},
): Promise<{ rows: FollowListRow[]; nextCursor: string | null }> {
  const limit = clampLimit(page.limit);
  const after = page.cursor ? decodeFollowCursor(page.cursor) : null;
  const [self, other] = direction === "followers" ? [Prisma.sql`f.following_id`, Prisma.sql`f.follower_id`] : [Prisma.sql`f.follower_id`, Prisma.sql`f.following_id`];
  const rows = await db.$queryRaw<FollowListRow[]>`
    SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_image_url AS "profileImageUrl",
           u.is_assistant AS "isAssistant", u.deleted_at AS "deletedAt", f.created_at AS "followedAt"
      FROM user_follows f JOIN users u ON u.id = ${other}
     WHERE ${self} = ${userId} AND u.deleted_at IS NULL
       ${after ? Prisma.sql`AND (f.created_at, ${other}) < (${after.at}, ${after.id})` : Prisma.empty}
     ORDER BY f.created_at DESC, ${other} DESC
     LIMIT ${limit + 1}`;
  const pageRows = rows.slice(0, limit);
  return { rows: pageRows, nextCursor: rows.length > limit ? encodeFollowCursor(pageRows[pageRows.length - 1]!) : null };
}

/* Recent activity and the first-run card (the home page's extras) ------------------------ */

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
