import "server-only";
import { presentAnswers, presentedAnswersSelect } from "@/lib/server/answers/queries";
import { cached, SITE_LIST_TTL_MS, TRENDING_CACHE } from "@/lib/server/cache";
import { db, Prisma, withPreparedStatements } from "@/lib/server/db";
import { badRequest, notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { isStaff, visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import {
  questionDetailSelect,
  questionSummarySelect,
  type QuestionDetailRow,
  type QuestionSummaryRow,
} from "@/lib/server/questions/presenters";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, TAGS_REQUIRED_MESSAGE, type QuestionSort } from "@/lib/validation/questions";

/** The orders of the question lists (defined with the query schema in lib/validation/questions). */
export type { QuestionSort } from "@/lib/validation/questions";

/** Message of the 404 for a missing or hidden question (SPEC.md: "Question Not Found"). */
export const QUESTION_NOT_FOUND = "Question not found";

/** Filters of a question list: order, one tag (by name or id), answered or unanswered. */
export interface QuestionListFilters {
  sort?: QuestionSort;
  /** A tag name (lower-case); an unknown name gives an empty list. */
  tag?: string;
  tagId?: number;
  /** Only questions with at least one tag of this category (a category page). */
  categoryId?: number;
  /** "notAccepted": no answer accepted yet (answered or not). */
  answers?: "answered" | "unanswered" | "notAccepted";
  /** Only the questions of this group (a group page; its visibility is still applied). */
  groupId?: number;
  /** Text the title or the description contains, case-insensitively (a group page's search). */
  text?: string;
}

/** Paging of a list: at most `limit` rows (default 20, at most 100) after `cursor`. */
export interface PageOptions {
  limit?: number;
  cursor?: string;
}

// Every order ends on id so that ties are stable; each matches an index on questions.
const orderBy: Record<QuestionSort, Prisma.QuestionOrderByWithRelationInput[]> = {
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  activity: [{ lastActivityAt: "desc" }, { id: "desc" }],
  votes: [{ voteScore: "desc" }, { id: "desc" }],
  views: [{ viewCount: "desc" }, { id: "desc" }],
};

const sortKey = {
  newest: (row: QuestionSummaryRow) => row.createdAt,
  activity: (row: QuestionSummaryRow) => row.lastActivityAt,
  votes: (row: QuestionSummaryRow) => row.voteScore,
  views: (row: QuestionSummaryRow) => row.viewCount,
} satisfies Record<QuestionSort, (row: QuestionSummaryRow) => Date | number>;

/** The rows strictly after a cursor in a sort's order (400 "Invalid cursor" for a foreign one). */
function afterCursor(sort: QuestionSort, cursor: string | undefined): Prisma.QuestionWhereInput {
  if (!cursor) return {};
  switch (sort) {
    case "newest": {
      const { key, id } = decodeCursor(cursor, "date");
      return { OR: [{ createdAt: { lt: key } }, { createdAt: key, id: { lt: id } }] };
    }
    case "activity": {
      const { key, id } = decodeCursor(cursor, "date");
      return { OR: [{ lastActivityAt: { lt: key } }, { lastActivityAt: key, id: { lt: id } }] };
    }
    case "votes": {
      const { key, id } = decodeCursor(cursor, "int");
      return { OR: [{ voteScore: { lt: key } }, { voteScore: key, id: { lt: id } }] };
    }
    case "views": {
      const { key, id } = decodeCursor(cursor, "int");
      return { OR: [{ viewCount: { lt: key } }, { viewCount: key, id: { lt: id } }] };
    }
  }
}

function clampLimit(limit: number | undefined, fallback = DEFAULT_PAGE_SIZE): number {
  if (!limit || !Number.isFinite(limit)) return fallback;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)));
}

/** Text for Prisma's contains (SQL LIKE): its own %, _ and \\ matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** The where clause of a filtered list, visibility included. */
export function questionListWhere(viewer: Viewer | null, filters: QuestionListFilters = {}): Prisma.QuestionWhereInput {
  const and: Prisma.QuestionWhereInput[] = [visibleQuestionsWhere(viewer)];
  if (filters.tag !== undefined) and.push({ tags: { some: { tag: { name: filters.tag } } } });
  if (filters.tagId !== undefined) and.push({ tags: { some: { tagId: filters.tagId } } });
  if (filters.categoryId !== undefined) and.push({ tags: { some: { tag: { categoryId: filters.categoryId } } } });
  if (filters.answers === "answered") and.push({ answerCount: { gt: 0 } });
  if (filters.answers === "unanswered") and.push({ answerCount: 0 });
  if (filters.answers === "notAccepted") and.push({ acceptedAnswerId: null });
  if (filters.groupId !== undefined) and.push({ groupId: filters.groupId });
  if (filters.text) {
    const text = escapeLike(filters.text);
    and.push({
      OR: [
        { title: { contains: text, mode: "insensitive" } },
        { description: { contains: text, mode: "insensitive" } },
      ],
    });
  }
  return { AND: and };
}

/**
 * The where clause of a member's following feed: questions in tags they follow, in any tag of a
 * category they follow, or by members they follow.
 */
export function followingFeedWhere(viewer: Viewer): Prisma.QuestionWhereInput {
  return {
    AND: [
      visibleQuestionsWhere(viewer),
      {
        OR: [
          { tags: { some: { tag: { followers: { some: { userId: viewer.id } } } } } },
          { tags: { some: { tag: { category: { followers: { some: { userId: viewer.id } } } } } } },
          { author: { followers: { some: { followerId: viewer.id } } } },
        ],
      },
    ],
  };
}

async function listPage(viewer: Viewer | null, where: Prisma.QuestionWhereInput, sort: QuestionSort, page: PageOptions): Promise<Page<QuestionSummaryRow>> {
  const limit = clampLimit(page.limit);
  const rows = await db.question.findMany({
    where: { AND: [where, afterCursor(sort, page.cursor)] },
    select: questionSummarySelect(viewer),
    orderBy: orderBy[sort],
    take: limit + 1,
  });
  return toPage(rows, limit, sortKey[sort]);
}

/** One page of the questions the viewer may see, filtered and ordered (newest first by default). */
export async function listQuestions(viewer: Viewer | null, options: QuestionListFilters & PageOptions = {}): Promise<Page<QuestionSummaryRow>> {
  const sort = options.sort ?? "newest";
  return listPage(viewer, questionListWhere(viewer, options), sort, options);
}

/** How many questions the viewer may see under these filters (X-Total-Count). */
export async function countQuestions(viewer: Viewer | null, filters: QuestionListFilters = {}): Promise<number> {
  const { tag, tagId, categoryId, answers, groupId, text } = filters;
  if (tag === undefined && tagId === undefined && categoryId === undefined && answers === undefined && groupId === undefined && !text) {
    return countVisibleQuestions(viewer);
  }
  return db.question.count({ where: questionListWhere(viewer, filters) });
}

/**
 * How many questions the viewer may see, without counting the questions table: the total kept
 * by triggers (site_counters), less the questions of private groups the viewer is outside of
 * (read through the group index, so the cost grows with private content only) and the others'
 * questions hidden pending review.
 */
export async function countVisibleQuestions(viewer: Viewer | null): Promise<number> {
  const outside = viewer
    ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = ${viewer.id})`
    : Prisma.empty;
  // Questions hidden pending review (few; read through the hidden_at index), except the viewer's
  // own and those already taken off as private: nobody but their authors and staff sees them.
  const hidden = isStaff(viewer)
    ? Prisma.sql`0`
    : Prisma.sql`(SELECT count(*) FROM questions q WHERE q.hidden_at IS NOT NULL ${viewer ? Prisma.sql`AND q.author_id <> ${viewer.id}` : Prisma.empty}
                   AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.id = q.group_id AND g.is_private ${outside}))`;
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT ((SELECT coalesce(sum(value), 0) FROM site_counters WHERE name = 'questions')
            - (SELECT count(*) FROM groups g JOIN questions q ON q.group_id = g.id WHERE g.is_private ${outside})
            - ${hidden})::int AS count`;
  return row?.count ?? 0;
}

/** One page of the member's following feed (followed tags, categories and members), newest first. */
export async function listFollowingQuestions(viewer: Viewer, page: PageOptions = {}): Promise<Page<QuestionSummaryRow>> {
  return listPage(viewer, followingFeedWhere(viewer), "newest", page);
}

/** How many questions the member's following feed holds. */
export async function countFollowingQuestions(viewer: Viewer): Promise<number> {
  return db.question.count({ where: followingFeedWhere(viewer) });
}

/** Summary rows of the given questions that the viewer may see, in the order of `ids`. */
export async function listQuestionSummariesByIds(viewer: Viewer | null, ids: readonly number[]): Promise<QuestionSummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.question.findMany({
    where: { AND: [{ id: { in: [...ids] } }, visibleQuestionsWhere(viewer)] },
    select: questionSummarySelect(viewer),
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Questions active this recently compete on the trending score; older ones only fill gaps. */
export const TRENDING_WINDOW_DAYS = 14;
// The ranking looks at no more than this many recently active questions, so it stays cheap on a big table.
const TRENDING_CANDIDATES = 200;

interface TrendingSignals {
  answerCount: number;
  voteScore: number;
  viewCount: number;
  lastActivityAt: Date;
}

/**
 * A question's trending score: answers, positive votes and (logarithmically) views,
 * decaying with the days since its last activity.
 */
export function trendingScore(q: TrendingSignals, now: Date = new Date()): number {
  const points = 1 + 3 * q.answerCount + 2 * Math.max(0, q.voteScore) + Math.log2(1 + Math.max(0, q.viewCount));
  const ageDays = Math.max(0, now.getTime() - q.lastActivityAt.getTime()) / 86_400_000;
  return points / Math.pow(ageDays + 1, 1.3);
}

/**
 * Summary rows of the questions trending for this viewer: the best-scoring questions active in the
 * last TRENDING_WINDOW_DAYS, topped up with the best-voted questions overall when there are too few.
 */
export async function listTrendingQuestions(viewer: Viewer | null, limit = 5, now: Date = new Date()): Promise<QuestionSummaryRow[]> {
  const take = clampLimit(limit, 5);
  const visible = visibleQuestionsWhere(viewer);
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000);

  const recent = await db.question.findMany({
    where: { AND: [visible, { lastActivityAt: { gte: since } }] },
    select: { id: true, answerCount: true, voteScore: true, viewCount: true, lastActivityAt: true },
    orderBy: orderBy.activity,
    take: TRENDING_CANDIDATES,
  });
  const ids = recent
    .map((q) => ({ id: q.id, score: trendingScore(q, now) }))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, take)
    .map((q) => q.id);

  if (ids.length < take) {
    const best = await db.question.findMany({
      where: { AND: [visible, { id: { notIn: ids } }] },
      select: { id: true },
      orderBy: orderBy.votes,
      take: take - ids.length,
    });
    ids.push(...best.map((q) => q.id));
  }
  return listQuestionSummariesByIds(viewer, ids);
}

/**
 * The trending questions as visitors see them, kept SITE_LIST_TTL_MS: what the side bar shows
 * members who belong to no private group (everyone else gets listTrendingQuestions).
 */
export function listPublicTrendingQuestions(limit: number): Promise<QuestionSummaryRow[]> {
  return cached(`${TRENDING_CACHE}${limit}`, SITE_LIST_TTL_MS, () => listTrendingQuestions(null, limit));
}

/** The columns of a question that permissions and mutations need. */
const questionRefSelect = {
  id: true,
  authorId: true,
  groupId: true,
  viewCount: true,
  closedAt: true,
  lockedAt: true,
  group: { select: { isPrivate: true, creatorId: true } },
} as const satisfies Prisma.QuestionSelect;

/** A question as permissions and mutations see it: who wrote it, where it lives, its view count, whether it is closed or locked. */
export type QuestionRef = Prisma.QuestionGetPayload<{ select: typeof questionRefSelect }>;

/** A question the viewer may see, or null (missing, or in a private group they are outside of). */
export async function getQuestion(id: number, viewer: Viewer | null): Promise<QuestionRef | null> {
  return db.question.findFirst({ where: { AND: [{ id }, visibleQuestionsWhere(viewer)] }, select: questionRefSelect });
}

/** A question the viewer may see, or 404 "Question not found" (also when it is hidden from them). */
export async function getQuestionOrThrow(id: number, viewer: Viewer | null): Promise<QuestionRef> {
  const question = await getQuestion(id, viewer);
  if (!question) throw notFound(QUESTION_NOT_FOUND);
  return question;
}

/**
 * A question page's data, or null when the viewer may not see it: the question with author,
 * tags, group, saved flag and AI job in one query, then the answers with their authors, the
 * viewer's votes and the comment trees in three more (four SQL queries however many answers).
 */
export async function getQuestionDetail(id: number, viewer: Viewer | null): Promise<QuestionDetailRow | null> {
  // One statement: the question with its answers, their comments and the viewer's votes. A few
  // fixed shapes (visitor, member, staff) with the ids as parameters: prepared once per connection.
  const select = { ...questionDetailSelect(viewer), answers: presentedAnswersSelect(viewer) };
  const found = await withPreparedStatements(() =>
    db.question.findFirst({ where: { AND: [{ id }, visibleQuestionsWhere(viewer)] }, select: viewer ? select : forVisitor(select) }),
  );
  if (!found) return null;
  const row = viewer ? found : withVisitorDefaults(found);
  return { ...row, answers: presentAnswers(row.answers, viewer, row.acceptedAnswerId) };
}

type DetailSelect = ReturnType<typeof questionDetailSelect> & { answers: ReturnType<typeof presentedAnswersSelect> };
type DetailFound = Prisma.QuestionGetPayload<{ select: DetailSelect }>;

/**
 * A visitor's question read without the relations that hold only the viewer's own rows (the saved
 * flag, the votes on the question and on each answer) or that only members are shown (pending
 * suggested edits, presentPendingEdit): for a visitor they are always empty, and each is a LATERAL
 * join per question or per answer. withVisitorDefaults puts them back, empty, after the read.
 */
function forVisitor(select: DetailSelect): DetailSelect {
  const { savedBy: _saved, votes: _votes, suggestedEdits: _edits, ...question } = select;
  const { votes: _answerVotes, suggestedEdits: _answerEdits, ...answer } = select.answers.select;
  return { ...question, answers: { ...select.answers, select: answer } } as unknown as DetailSelect;
}

function withVisitorDefaults(row: DetailFound): DetailFound {
  return {
    ...row,
    savedBy: [],
    votes: [],
    suggestedEdits: [],
    answers: row.answers.map((answer) => ({ ...answer, votes: [], suggestedEdits: [] })),
  };
}

/** A question page's data, or 404 "Question not found" (also when it is hidden from the viewer). */
export async function getQuestionDetailOrThrow(id: number, viewer: Viewer | null): Promise<QuestionDetailRow> {
  const detail = await getQuestionDetail(id, viewer);
  if (!detail) throw notFound(QUESTION_NOT_FOUND);
  return detail;
}

/** Whether the viewer has saved the question (false for visitors). */
export async function isQuestionSaved(viewer: Viewer | null, questionId: number): Promise<boolean> {
  if (!viewer) return false;
  const row = await db.savedQuestion.findUnique({ where: { userId_questionId: { userId: viewer.id, questionId } }, select: { userId: true } });
  return row !== null;
}

/**
 * The existing tags among the chosen ids (unknown ids are dropped), or 400 "Please select at
 * least one tag" when none exists.
 */
export async function listChosenTagsOrThrow(tagIds: readonly number[]): Promise<{ id: number; name: string; color: string }[]> {
  const tags = await db.tag.findMany({ where: { id: { in: [...tagIds] } }, select: { id: true, name: true, color: true } });
  if (tags.length === 0) throw badRequest(TAGS_REQUIRED_MESSAGE, [{ path: "tagIds", message: TAGS_REQUIRED_MESSAGE }]);
  // Keep the order the member chose them in (once each).
  const byId = new Map(tags.map((t) => [t.id, t]));
  return [...new Set(tagIds)].filter((id) => byId.has(id)).map((id) => byId.get(id)!);
}
