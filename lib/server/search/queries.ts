import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import type { QuestionSummaryRow } from "@/lib/server/questions/presenters";
import { listQuestionSummariesByIds } from "@/lib/server/questions/queries";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";
import { SEARCH_RESULT_CAP } from "@/lib/validation/search";

/*
 * Full-text search over questions.search_vector (title A, description B, answers C; English
 * stemming; kept by triggers, see the qa_core migration). The text goes through
 * websearch_to_tsquery, so quotes, "or" and "-word" work as on a search engine, and every
 * value is a bound parameter. Results are ranked by ts_rank_cd, ties most recent first, and the
 * private-group filter is applied in SQL. Only the SEARCH_CANDIDATES most recent matches are ranked.
 */

/**
 * How many matches a search ranks, and the cap of its total: the SEARCH_CANDIDATES most recent
 * matches the viewer may see. ts_rank_cd costs a few microseconds a match (about 4 µs on the bench
 * machine), so ranking is what a common word costs once the matches are found: with 1,000 the
 * statement cost 2.7 times as much at 100,000 questions as at 1,000, with 300 about the same.
 */
export const SEARCH_CANDIDATES = SEARCH_RESULT_CAP;

/**
 * How many of the newest questions are tested one by one (about 1 µs each) before the GIN index is
 * asked. A word in more than SEARCH_CANDIDATES / SEARCH_WINDOW of the questions (6%) finds its
 * candidates among them and the scan stops there, whatever the size of the table; the GIN index
 * would first build the bitmap of every match (140,000 for two of the bench's words at a million
 * questions). A rarer query falls back to the index for the older questions.
 */
export const SEARCH_WINDOW = 5_000;

/**
 * Where ts_headline marks a hit: two private-use characters, which no Markdown syntax touches, so
 * the presenter can strip the Markdown from the passages and then turn them into <mark> tags.
 */
export const HIT_START = "\uE000";
export const HIT_END = "\uE001";

// ts_headline's options: at most two passages of a line or so around the hits.
const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "`;

/** A search hit: the question's summary row, its snippet (Markdown source, hits between HIT_START and HIT_END) and its rank. */
export type SearchRow = QuestionSummaryRow & { snippet: string; rank: number };

/** Options of a search: the text (trimmed, non-empty) and paging. */
export interface SearchOptions {
  q: string;
  limit?: number;
  cursor?: string;
}

/** The two bounds of a search's work; tests pass small ones to reach both paths with a few questions. */
export interface SearchBounds {
  candidates: number;
  window: number;
}

const SEARCH_BOUNDS: SearchBounds = { candidates: SEARCH_CANDIDATES, window: SEARCH_WINDOW };

/** A page of search results and how many questions the viewer may see match (at most SEARCH_CANDIDATES). */
export type SearchPage = Page<SearchRow> & { total: number };

/**
 * One page of the questions the viewer may see that match the text, best match first, and their
 * total, in one statement. The candidates are the SEARCH_CANDIDATES most recent visible matches:
 * first among the SEARCH_WINDOW newest questions, read newest first from the primary key and
 * tested one by one (the LIMIT of the subquery keeps the planner off the GIN index there); only
 * when those hold fewer does the GIN index find the older ones. The snippets are made for the
 * page only.
 */
export async function searchQuestions(viewer: Viewer | null, options: SearchOptions, bounds = SEARCH_BOUNDS): Promise<SearchPage> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.limit ?? DEFAULT_PAGE_SIZE)));
  let after = Prisma.empty;
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, "number");
    after = Prisma.sql`AND (ts_rank_cd(c.search_vector, query.tsq) < ${key}::real
      OR (ts_rank_cd(c.search_vector, query.tsq) = ${key}::real AND c.id < ${id}))`;
  }
  const tsquery = Prisma.sql`websearch_to_tsquery('english', ${options.q})`;
  const rows = await db.$queryRaw<{ total: number; id: number | null; rank: number | null; snippet: string | null }[]>`
    WITH query AS (SELECT ${tsquery} AS tsq),
    recent AS (
      SELECT w.id, w.search_vector
        FROM (SELECT q.id, q.group_id, q.author_id, q.hidden_at, q.search_vector FROM questions q ORDER BY q.id DESC LIMIT ${bounds.window}) w
       WHERE w.search_vector @@ ${tsquery} AND ${visibleQuestionsSql(viewer, "w")}
       ORDER BY w.id DESC
       LIMIT ${bounds.candidates}
    ),
    older AS (
      SELECT q.id, q.search_vector
        FROM questions q
       WHERE (SELECT count(*) FROM recent) < ${bounds.candidates}
         AND q.id < (SELECT min(w.id) FROM (SELECT id FROM questions ORDER BY id DESC LIMIT ${bounds.window}) w)
         AND q.search_vector @@ ${tsquery} AND ${visibleQuestionsSql(viewer, "q")}
       ORDER BY q.id DESC
       LIMIT ${bounds.candidates}
    ),
    candidates AS (
      (SELECT * FROM recent) UNION ALL (SELECT * FROM older) LIMIT ${bounds.candidates}
    ),
    hits AS (
      SELECT c.id, ts_rank_cd(c.search_vector, query.tsq) AS rank
        FROM candidates c, query
       WHERE TRUE ${after}
       ORDER BY rank DESC, c.id DESC
       LIMIT ${limit + 1}
    )
    SELECT total.count::int AS total, page.id, page.rank, page.snippet
      FROM (SELECT count(*) FROM candidates) total
      LEFT JOIN (
        SELECT hits.id, hits.rank,
               ts_headline('english', q.title || chr(10) || q.description, query.tsq, ${HEADLINE_OPTIONS}) AS snippet
          FROM hits JOIN questions q ON q.id = hits.id CROSS JOIN query
      ) page ON TRUE
     ORDER BY page.rank DESC, page.id DESC`;
  const total = rows[0]?.total ?? 0;
  const hits = rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, rank: row.rank!, snippet: row.snippet! }]));
  const page = toPage(hits, limit, (hit) => hit.rank);
  const summaries = await listQuestionSummariesByIds(viewer, page.rows.map((hit) => hit.id));
  const byId = new Map(page.rows.map((hit) => [hit.id, hit]));
  return {
    rows: summaries.map((row) => ({ ...row, snippet: byId.get(row.id)!.snippet, rank: byId.get(row.id)!.rank })),
    nextCursor: page.nextCursor,
    total,
  };
}
