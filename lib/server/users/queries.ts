import "server-only";

import { db, Prisma } from "@/lib/server/db";
import { badRequest, notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleAnswersWhere, visibleQuestionsSql, visibleQuestionsWhere, type ProfileResource, type Viewer } from "@/lib/server/policy";
import { questionSummarySelect, type QuestionSummaryRow } from "@/lib/server/questions/presenters";
import { tagSelect, type TagRow } from "@/lib/server/tags/presenters";
import { profileSelect, userAnswerSelect, type ProfileCounts } from "@/lib/server/users/presenters";
import { presentPrivacySettings } from "@/lib/server/settings/presenters";
import { CURSOR_MESSAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";

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
            answers: { where: { AND: [{ question: visible }, visibleAnswersWhere(viewer)] } },
            followers: true,
            following: true,
            tagFollows: true,
            savedQuestions: { where: own ? { question: visible } : { userId: "" } },
          },
        },
        followers: { where: { followerId: viewer?.id ?? "" }, select: { followerId: true }, take: 1 },
        // Issue 15: whether the viewer may message them ("Allow direct messages", blocks either way).
        privacySettings: true,
        blocking: { where: { blockedId: viewer?.id ?? "" }, select: { blockerId: true }, take: 1 },
        blockedBy: { where: { blockerId: viewer?.id ?? "" }, select: { blockerId: true }, take: 1 },
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
  const messaging = {
    allowMessages: presentPrivacySettings(row.privacySettings).allowMessages,
    blocksViewer: !own && row.blocking.length > 0,
    blockedByViewer: !own && row.blockedBy.length > 0,
  };
  return { row, counts, isFollowing: !own && row.followers.length > 0, messaging };
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
    where: { AND: [{ authorId: userId }, { question: visibleQuestionsWhere(viewer) }, visibleAnswersWhere(viewer), after] },
    select: userAnswerSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (row) => row.createdAt);
}

/** How many of the member's answers sit on questions the viewer may see. */
export async function countUserAnswers(userId: string, viewer: Viewer | null): Promise<number> {
  return db.answer.count({ where: { AND: [{ authorId: userId, question: visibleQuestionsWhere(viewer) }, visibleAnswersWhere(viewer)] } });
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
  reputation: number;
  lastActiveAt: Date | null;
  privacySettings: unknown;
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
           u.is_assistant AS "isAssistant", u.deleted_at AS "deletedAt", u.reputation, u.role,
           u.last_active_at AS "lastActiveAt", u.privacy_settings AS "privacySettings", f.created_at AS "followedAt"
      FROM user_follows f JOIN users u ON u.id = ${other}
     WHERE ${self} = ${userId} AND u.deleted_at IS NULL
       ${after ? Prisma.sql`AND (f.created_at, ${other}) < (${after.at}, ${after.id})` : Prisma.empty}
     ORDER BY f.created_at DESC, ${other} DESC
     LIMIT ${limit + 1}`;
  const pageRows = rows.slice(0, limit);
  return { rows: pageRows, nextCursor: rows.length > limit ? encodeFollowCursor(pageRows[pageRows.length - 1]!) : null };
}

