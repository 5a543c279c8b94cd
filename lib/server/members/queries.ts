import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { badRequest } from "@/lib/server/errors";
import { listedProfilesSql, notHiddenSql, visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import type { MemberRow } from "@/lib/server/members/presenters";
import { CURSOR_MESSAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";
import type { UserListTab } from "@/lib/validation/users";

const clampLimit = (limit: number | undefined) => Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit ?? DEFAULT_PAGE_SIZE)));

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
 * One page of the members directory, computed in the database: New Users (newest first), the
 * members with the most questions, answers or votes in the last 30 days, the most reputation
 * gained in the last 30 days (the sum of their ledger events; members with none of these are left
 * out of a ranking), or the highest reputation of all time (everyone, from 1 up). Counts and the three top tags leave out posts hidden from the viewer.
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
    WHERE a.created_at >= ${since} AND ${visible} AND ${notHiddenSql(viewer, "a")} GROUP BY a.author_id`;
  const votesIn = Prisma.sql`SELECT v.user_id, count(*)::int AS n FROM votes v JOIN answers a ON a.id = v.answer_id JOIN questions q ON q.id = a.question_id
    WHERE v.created_at >= ${since} AND ${visible} GROUP BY v.user_id`;
  const reputationIn = Prisma.sql`SELECT r.user_id, SUM(r.points)::int AS n FROM reputation_events r
    WHERE r.created_at >= ${since} GROUP BY r.user_id`;
  const ranking = { asker: questionsIn, answerer: answersIn, voters: votesIn, "reputation-month": reputationIn } as const;

  const base = Prisma.sql`u.deleted_at IS NULL AND NOT u.is_assistant AND ${listedProfilesSql(viewer, "u")} AND ${memberSearchSql(options.search, viewer)}`;
  const tab = options.tab;
  const ranked =
    tab === "new"
      ? Prisma.sql`SELECT u.id, u.created_at, 0 AS metric FROM users u WHERE ${base}
          ORDER BY u.created_at DESC, u.id DESC OFFSET ${offset} LIMIT ${limit + 1}`
      : tab === "reputation"
        ? Prisma.sql`SELECT u.id, u.created_at, u.reputation AS metric FROM users u WHERE ${base}
          ORDER BY u.reputation DESC, u.created_at DESC, u.id DESC OFFSET ${offset} LIMIT ${limit + 1}`
        : Prisma.sql`SELECT u.id, u.created_at, m.n AS metric FROM users u JOIN (${ranking[tab]}) m ON m.user_id = u.id
          WHERE ${base} AND m.n > 0
          ORDER BY m.n DESC, u.created_at DESC, u.id DESC OFFSET ${offset} LIMIT ${limit + 1}`;

  const rows = await db.$queryRaw<(Omit<MemberRow, "topTags"> & { topTags: MemberRow["topTags"] | null; metric: number })[]>`
    WITH ranked AS (${ranked})
    SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_image_url AS "profileImageUrl",
           u.is_assistant AS "isAssistant", u.deleted_at AS "deletedAt", u.created_at AS "createdAt", r.metric, u.reputation, u.role,
           u.last_active_at AS "lastActiveAt", u.privacy_settings AS "privacySettings",
           (SELECT COALESCE(SUM(e.points), 0)::int FROM reputation_events e WHERE e.user_id = u.id AND e.created_at >= ${since}) AS "reputationMonth",
           (SELECT count(*)::int FROM questions q WHERE q.author_id = u.id AND q.created_at >= ${since} AND ${visible}) AS "questionsCount",
           (SELECT count(*)::int FROM answers a JOIN questions q ON q.id = a.question_id
             WHERE a.author_id = u.id AND a.created_at >= ${since} AND ${visible} AND ${notHiddenSql(viewer, "a")}) AS "answersCount",
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
