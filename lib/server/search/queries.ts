import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import type { QuestionSummaryRow } from "@/lib/server/questions/presenters";
import { listQuestionSummariesByIds } from "@/lib/server/questions/queries";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/questions";

/*
 * Full-text search over questions.search_vector (title A, description B, answers C; English
 * stemming; kept by triggers, see the qa_core migration). The text goes through
 * websearch_to_tsquery, so quotes, "or" and "-word" work as on a search engine, and every
 * value is a bound parameter. Results are ranked by ts_rank_cd, ties most recent first, and the
 * private-group filter is applied in SQL. Only the most recent SEARCH_CANDIDATES matches are ranked.
 */

/**
 * How many matches a search ranks: the first SEARCH_CANDIDATES matches the GIN index yields (the
 * scan stops there; ranking every match of a common word among a million questions took seconds),
 * so a common word costs about what a rare one does. Totals are capped at the same number.
 */
export const SEARCH_CANDIDATES = 1000;

// ts_headline's options: at most two passages of a line or so around the hits.
const HEADLINE_OPTIONS = 'StartSel=<mark>, StopSel=</mark>, MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "';

/** A search hit: the question's summary row, its highlighted snippet (unsanitized) and its rank. */
export type SearchRow = QuestionSummaryRow & { snippet: string; rank: number };

/** Options of a search: the text (trimmed, non-empty) and paging. */
export interface SearchOptions {
  q: string;
  limit?: number;
  cursor?: string;
}

/** One page of the questions the viewer may see that match the text, best match first. */
export async function searchQuestions(viewer: Viewer | null, options: SearchOptions): Promise<Page<SearchRow>> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.limit ?? DEFAULT_PAGE_SIZE)));
  let after = Prisma.empty;
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, "number");
    after = Prisma.sql`AND (ts_rank_cd(q.search_vector, query.tsq) < ${key}::real
      OR (ts_rank_cd(q.search_vector, query.tsq) = ${key}::real AND q.id < ${id}))`;
  }
  const hits = await db.$queryRaw<{ id: number; rank: number; snippet: string }[]>`
    WITH query AS (SELECT websearch_to_tsquery('english', ${options.q}) AS tsq),
    candidates AS (
      SELECT q.id, q.search_vector
        FROM questions q
       WHERE q.search_vector @@ websearch_to_tsquery('english', ${options.q}) AND ${visibleQuestionsSql(viewer, "q")}
       LIMIT ${SEARCH_CANDIDATES}
    ),
    hits AS (
      SELECT q.id, ts_rank_cd(q.search_vector, query.tsq) AS rank
        FROM candidates q, query
       WHERE TRUE ${after}
       ORDER BY rank DESC, q.id DESC
       LIMIT ${limit + 1}
    )
    SELECT hits.id, hits.rank,
           ts_headline('english', q.title || chr(10) || q.description, query.tsq, ${HEADLINE_OPTIONS}) AS snippet
      FROM hits JOIN questions q ON q.id = hits.id CROSS JOIN query
     ORDER BY hits.rank DESC, hits.id DESC`;
  const page = toPage(hits, limit, (hit) => hit.rank);
  const rows = await listQuestionSummariesByIds(viewer, page.rows.map((hit) => hit.id));
  const byId = new Map(page.rows.map((hit) => [hit.id, hit]));
  return {
    rows: rows.map((row) => ({ ...row, snippet: byId.get(row.id)!.snippet, rank: byId.get(row.id)!.rank })),
    nextCursor: page.nextCursor,
  };
}

/** How many questions the viewer may see match the text (X-Total-Count), at most SEARCH_CANDIDATES. */
export async function countSearchResults(viewer: Viewer | null, q: string): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM questions q
       WHERE q.search_vector @@ websearch_to_tsquery('english', ${q}) AND ${visibleQuestionsSql(viewer, "q")}
       LIMIT ${SEARCH_CANDIDATES}) AS matches`;
  return row?.count ?? 0;
}
