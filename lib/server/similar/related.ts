import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import { embeddingConfig, type AiConfig } from "@/lib/server/ai/provider";
import { log } from "@/lib/server/log";
import { storedEmbedding } from "@/lib/server/similar/embeddings";
import { SIMILAR_LIMIT } from "@/lib/validation/similar";
import { bestAnswerSql, findSimilarQuestions, RELATED_KEPT, RELATED_MIN_SCORE, similarBestCtes, similarWordsSql, type SimilarRow, type SimilarWords } from "@/lib/server/similar/queries";
import { similarSearchText } from "@/lib/server/similar/text";

/*
 * The question page's Related questions (issue 17), kept between views (issue 18).
 *
 * The similarity lookup is the largest part of a question page's work (docs/PERFORMANCE.md,
 * "Session 12": about 7 ms of a visitor's page, most of it PostgreSQL), and its answer changes
 * only when questions are written, not when they are read. So the lookup runs once for everyone:
 * its best RELATED_KEPT candidates among all questions, whoever may see them (hidden ones too), are
 * kept in related_questions with a digest of the question's title and description and the time of
 * its embedding's row when the lookup re-ranked with it. Each view then reads those few ids in one
 * statement and applies its own viewer's visibility to them (private groups, hidden posts), with
 * their counts and best answers as they are now. A viewer who may see fewer than five of a full
 * list gets a lookup of their own, so what they see never depends on questions they cannot see.
 *
 * The list is computed again when the question's text no longer matches the digest (an edit), when
 * its embedding row is not the one used (the embedding arrived, or its row changed: a few extra
 * lookups while it is computed again), when a question posted since finds it among its own
 * candidates (that question's lookups in its first day drop the lists kept before it existed), or
 * when it is RELATED_TTL_SECONDS old. A candidate hidden, unhidden, deleted or moved into a private
 * group since shows or leaves at once: the filter runs at read time. Keeping is an optimisation: if
 * it fails, the view looks up for itself.
 * Times are stored in UTC, as Prisma writes them.
 */

/**
 * How long a kept list serves before it is computed again: the longest a question edited to be
 * like another takes to join that one's list. (A new question joins the lists among its own
 * candidates at once: its lookup drops those kept before it existed.)
 */
export const RELATED_TTL_SECONDS = 24 * 60 * 60;

/** What the lookup needs of the question. */
export interface RelatedSource {
  id: number;
  title: string;
  description: string;
  createdAt: Date;
}

/** The digest of the text a list was computed from (its embedding's time is kept beside it). */
function relatedSourceKey(question: Pick<RelatedSource, "title" | "description">): string {
  return crypto.createHash("sha256").update(JSON.stringify([question.title, question.description])).digest("hex");
}

/** The viewer's first five of the kept candidates `k`, as SimilarRow JSON in their kept order. */
function visibleRowsSql(viewer: Viewer | null): Prisma.Sql {
  return Prisma.sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', q.id, 'title', q.title, 'answerCount', q.answer_count, 'hasAcceptedAnswer', q.accepted_answer_id IS NOT NULL,
             'voteScore', q.vote_score, 'snippet', answer.content, 'score', q.score, 'cosine', nullif(q.cosine, 'NaN')) ORDER BY q.ord), '[]'::json)
      FROM (
        SELECT q.id, q.title, q.answer_count, q.accepted_answer_id, q.vote_score, c.score, c.cosine, c.ord
          FROM unnest(k.candidate_ids, k.scores, k.cosines) WITH ORDINALITY AS c(id, score, cosine, ord)
          JOIN questions q ON q.id = c.id
         WHERE q.hidden_at IS NULL AND ${visibleQuestionsSql(viewer, "q")}
         ORDER BY c.ord
         LIMIT ${SIMILAR_LIMIT}
      ) q
      ${bestAnswerSql}
  )`;
}

/**
 * The question's Related questions as `viewer` may see them, best first (at most five): the kept
 * list when it is still the question's (one statement), else a new lookup for everyone, kept and
 * read back for this viewer (two statements, as many as the lookup alone).
 */
export async function findRelatedQuestions(viewer: Viewer | null, question: RelatedSource, config: AiConfig | null = embeddingConfig()): Promise<SimilarRow[]> {
  const model = config?.model ?? null;
  const sourceKey = relatedSourceKey(question);
  const search = similarSearchText(question.title, question.description);
  // The kept list if it is fresh; if not, what a new lookup needs: the text's words and the question's embedding.
  // The vector is only sent when it is needed (a value not output is never read from its TOAST).
  const [read] = await db.$queryRaw<({ fresh: boolean; rows: SimilarRow[] | null; kept: number | null; embedding: number[] | null; embeddedAt: string | null } & Partial<SimilarWords>)[]>`
    SELECT k.fresh, CASE WHEN k.fresh THEN ${visibleRowsSql(viewer)} END AS rows, cardinality(k.candidate_ids) AS kept,
           w.lexemes, w."titleLexemes", CASE WHEN NOT k.fresh THEN k.embedding END AS embedding, k.embedded_at::text AS "embeddedAt"
      FROM (
        SELECT coalesce(r.source_key = ${sourceKey}
                 AND r.computed_at > timezone('UTC', now()) - make_interval(secs => ${RELATED_TTL_SECONDS})
                 AND r.embedded_at IS NOT DISTINCT FROM e.updated_at, false) AS fresh,
               r.candidate_ids, r.scores, r.cosines, e.embedding, e.updated_at AS embedded_at
          FROM (SELECT 1) one
          LEFT JOIN related_questions r ON r.question_id = ${question.id}
          LEFT JOIN question_embeddings e ON e.question_id = ${question.id} AND e.model = ${model} AND cardinality(e.embedding) > 0
      ) k
      LEFT JOIN LATERAL (SELECT ${similarWordsSql(search)} WHERE NOT k.fresh) w ON TRUE`;
  if (read?.fresh) return crowded(read.rows ?? [], read.kept) ? liveLookup(viewer, question, config) : (read.rows ?? []);

  // Missing, stale or edited: the lookup for everyone, kept, and read back as this viewer sees it.
  const embedding = model && read?.embedding ? { model, vector: read.embedding.map(Number) } : null;
  let written: Awaited<ReturnType<typeof keepLookup>>;
  try {
    written = await keepLookup(viewer, question, sourceKey, search, read?.lexemes ? (read as SimilarWords) : undefined, embedding, read?.embeddedAt ?? null);
  } catch (error) {
    // Keeping is an optimisation: a page view never fails for it (a lock timeout, a read-only database).
    log.warn({ error: error instanceof Error ? error.message : String(error), questionId: question.id }, "related questions not kept; looked up for this view");
    return liveLookup(viewer, question, config);
  }
  if (!written) return []; // the question was deleted meanwhile
  return crowded(written.rows, written.kept) ? liveLookup(viewer, question, config) : written.rows;
}

/**
 * A full kept list of which this viewer may see fewer than five: the questions ranked above them
 * are ones they may not read (another group's, hidden). Their own lookup then decides, as before
 * lists were kept, so what they see never depends on questions they cannot see.
 */
function crowded(rows: SimilarRow[], kept: number | null): boolean {
  return rows.length < SIMILAR_LIMIT && (kept ?? 0) >= RELATED_KEPT;
}

/** The lookup for this viewer alone, not kept (a crowded list, or keeping failed). */
async function liveLookup(viewer: Viewer | null, question: RelatedSource, config: AiConfig | null): Promise<SimilarRow[]> {
  const embedding = await storedEmbedding(question.id, config);
  return findSimilarQuestions(viewer, { title: question.title, description: question.description, excludeId: question.id, minScore: RELATED_MIN_SCORE, embedding });
}

/**
 * The lookup for everyone, kept, and read back as this viewer sees it, in one statement (with the
 * list's length); null when the question was deleted meanwhile.
 */
async function keepLookup(
  viewer: Viewer | null,
  question: RelatedSource,
  sourceKey: string,
  search: { title: string; text: string },
  words: SimilarWords | undefined,
  embedding: { model: string; vector: number[] } | null,
  embeddedAt: string | null,
): Promise<{ rows: SimilarRow[]; kept: number } | null> {
  const input = { title: question.title, description: question.description, excludeId: question.id, minScore: RELATED_MIN_SCORE, embedding, anyAudience: true, limit: RELATED_KEPT };
  const lookup = search.text ? await similarBestCtes(null, input, search, words) : null;
  const best = lookup ?? Prisma.sql`best AS (SELECT NULL::int AS id, NULL::real AS score, NULL::real AS cosine, NULL::real AS rank WHERE false)`;
  // Ties keep the lookup's order (rank, then the newer question first).
  const order = Prisma.sql`ORDER BY rank DESC, id DESC`;
  // A list kept before this question existed cannot hold it: its candidates look up again at their
  // next view. "Before" allows a minute: the question's row may commit a moment after its
  // created_at, and its embedding arrives seconds later. Only a question younger than the lists'
  // time to live can be missing from one (an older list is looked up again anyway). Rows are locked
  // in one order, and one another view is dropping already is left to it (no deadlock, no wait).
  const dropOutdated =
    Date.now() - question.createdAt.getTime() < RELATED_TTL_SECONDS * 1000
      ? Prisma.sql`,
    outdated AS (
      DELETE FROM related_questions WHERE question_id IN (
        SELECT r.question_id FROM related_questions r
          JOIN best ON best.id = r.question_id
          JOIN questions self ON self.id = ${question.id}
         WHERE self.hidden_at IS NULL AND r.computed_at < self.created_at + interval '1 minute'
         ORDER BY r.question_id
           FOR UPDATE OF r SKIP LOCKED)
    )`
      : Prisma.empty;
  const [written] = await db.$queryRaw<{ rows: SimilarRow[]; kept: number }[]>`
    WITH ${best},
    k AS (
      INSERT INTO related_questions (question_id, source_key, embedded_at, candidate_ids, scores, cosines, computed_at)
      SELECT ${question.id}, ${sourceKey}, ${embedding ? embeddedAt : null}::text::timestamp(3),
             coalesce(array_agg(id ${order}), '{}'), coalesce(array_agg(score::real ${order}), '{}'),
             coalesce(array_agg(coalesce(cosine::real, 'NaN') ${order}), '{}'), timezone('UTC', now())
        FROM best
      HAVING EXISTS (SELECT 1 FROM questions WHERE id = ${question.id})
      ON CONFLICT (question_id) DO UPDATE
        SET source_key = EXCLUDED.source_key, embedded_at = EXCLUDED.embedded_at, candidate_ids = EXCLUDED.candidate_ids,
            scores = EXCLUDED.scores, cosines = EXCLUDED.cosines, computed_at = EXCLUDED.computed_at
      RETURNING candidate_ids, scores, cosines
    )${dropOutdated}
    SELECT ${visibleRowsSql(viewer)} AS rows, cardinality(k.candidate_ids) AS kept FROM k`;
  return written ?? null;
}
