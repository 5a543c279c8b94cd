import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import { embeddingConfig, type AiConfig } from "@/lib/server/ai/provider";
import { SIMILAR_LIMIT } from "@/lib/validation/similar";
import { findSimilarQuestions, RELATED_KEPT, RELATED_MIN_SCORE, type SimilarRow } from "@/lib/server/similar/queries";

/*
 * The question page's Related questions (issue 17), kept between views (issue 18).
 *
 * The similarity lookup is the largest part of a question page's work (docs/PERFORMANCE.md,
 * "Session 12": about 7 ms of a visitor's page, most of it PostgreSQL), and its answer changes
 * only when questions are written, not when they are read. So the lookup runs once for everyone:
 * its best RELATED_KEPT candidates among all questions not hidden, whoever may see them, are kept
 * in related_questions with a digest of what they were computed from (the question's title,
 * description and stored embedding). Each view then reads those few ids in one statement and
 * applies its own viewer's visibility to them (private groups, hidden posts), with their counts
 * and best answers as they are now.
 *
 * The list is computed again when the question's text or embedding no longer matches the digest
 * (an edit), or when it is RELATED_TTL_SECONDS old (so questions posted since can join it). A
 * candidate hidden, deleted or moved into a private group since leaves every viewer's list at
 * once, because the filter runs at read time.
 */

/** How long a kept list serves before it is computed again (new questions join lists within this). */
export const RELATED_TTL_SECONDS = 60 * 60;

/** What the lookup needs of the question. */
export interface RelatedSource {
  id: number;
  title: string;
  description: string;
}

/** The digest of what a list was computed from: the question's text and its embedding (model and time), if any. */
export function relatedSourceKey(question: Pick<RelatedSource, "title" | "description">, embeddedAt: Date | null, model: string | null): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([question.title, question.description, embeddedAt && model ? [model, embeddedAt.toISOString()] : null]))
    .digest("hex");
}

/** The viewer's first five of the kept candidates, as SimilarRow JSON in their kept order. */
function visibleRowsSql(viewer: Viewer | null, ids: Prisma.Sql, scores: Prisma.Sql, cosines: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT coalesce(json_agg(json_build_object(
             'id', v.id, 'title', v.title, 'answerCount', v.answer_count, 'hasAcceptedAnswer', v.accepted_answer_id IS NOT NULL,
             'voteScore', v.vote_score, 'snippet', answer.content, 'score', v.score, 'cosine', nullif(v.cosine, 'NaN')) ORDER BY v.ord), '[]'::json)
      FROM (
        SELECT q.id, q.title, q.answer_count, q.accepted_answer_id, q.vote_score, c.score, c.cosine, c.ord
          FROM unnest(${ids}, ${scores}, ${cosines}) WITH ORDINALITY AS c(id, score, cosine, ord)
          JOIN questions q ON q.id = c.id
         WHERE q.hidden_at IS NULL AND ${visibleQuestionsSql(viewer, "q")}
         ORDER BY c.ord
         LIMIT ${SIMILAR_LIMIT}
      ) v
      LEFT JOIN LATERAL (
        SELECT a.content FROM answers a
         WHERE a.question_id = v.id AND a.hidden_at IS NULL
         ORDER BY (a.id = v.accepted_answer_id) DESC NULLS LAST, a.vote_score DESC, a.id
         LIMIT 1
      ) answer ON TRUE
  )`;
}

/**
 * The question's Related questions as `viewer` may see them, best first (at most five): the kept
 * list when it is still the question's, else a new lookup, kept for the next view.
 */
export async function findRelatedQuestions(viewer: Viewer | null, question: RelatedSource, config: AiConfig | null = embeddingConfig()): Promise<SimilarRow[]> {
  const model = config?.model ?? null;
  const embeddingOf = Prisma.sql`
    SELECT e.updated_at FROM question_embeddings e
     WHERE e.question_id = ${question.id} AND e.model = ${model} AND cardinality(e.embedding) > 0`;
  // One statement a view: the kept list, if fresh, with the current embedding's time to check its digest.
  const [kept] = await db.$queryRaw<{ sourceKey: string; embeddedAt: Date | null; rows: SimilarRow[] }[]>`
    SELECT r.source_key AS "sourceKey", (${embeddingOf}) AS "embeddedAt",
           ${visibleRowsSql(viewer, Prisma.sql`r.candidate_ids`, Prisma.sql`r.scores`, Prisma.sql`r.cosines`)} AS rows
      FROM related_questions r
     WHERE r.question_id = ${question.id}
       AND r.computed_at > now() - make_interval(secs => ${RELATED_TTL_SECONDS})`;
  if (kept && kept.sourceKey === relatedSourceKey(question, kept.embeddedAt, model)) return kept.rows;

  // Missing, stale or edited: look up for everyone, keep it, and read it back as this viewer sees it.
  const [stored] = model
    ? await db.$queryRaw<{ embedding: number[]; updatedAt: Date }[]>`
        SELECT embedding, updated_at AS "updatedAt" FROM question_embeddings
         WHERE question_id = ${question.id} AND model = ${model} AND cardinality(embedding) > 0`
    : [];
  const embedding = stored && model ? { model, vector: stored.embedding.map(Number) } : null;
  const candidates = await findSimilarQuestions(null, {
    title: question.title,
    description: question.description,
    excludeId: question.id,
    minScore: RELATED_MIN_SCORE,
    embedding,
    anyAudience: true,
    limit: RELATED_KEPT,
  });
  const ids = candidates.map((row) => row.id);
  const scores = candidates.map((row) => row.score);
  // 'NaN': not re-ranked (Prisma reads no NULL inside an array, and sends a NaN parameter as NULL).
  const cosines = candidates.map((row) => (row.cosine === null ? "NaN" : String(row.cosine)));
  const sourceKey = relatedSourceKey(question, stored?.updatedAt ?? null, model);
  const [written] = await db.$queryRaw<{ rows: SimilarRow[] }[]>`
    WITH kept AS (
      INSERT INTO related_questions (question_id, source_key, candidate_ids, scores, cosines, computed_at)
      SELECT ${question.id}, ${sourceKey}, ${ids}::int[], ${scores}::real[], ${cosines}::text[]::real[], now()
       WHERE EXISTS (SELECT 1 FROM questions WHERE id = ${question.id})
      ON CONFLICT (question_id) DO UPDATE
        SET source_key = EXCLUDED.source_key, candidate_ids = EXCLUDED.candidate_ids,
            scores = EXCLUDED.scores, cosines = EXCLUDED.cosines, computed_at = EXCLUDED.computed_at
      RETURNING candidate_ids, scores, cosines
    )
    SELECT ${visibleRowsSql(viewer, Prisma.sql`kept.candidate_ids`, Prisma.sql`kept.scores`, Prisma.sql`kept.cosines`)} AS rows FROM kept`;
  // The question was deleted meanwhile: nothing kept, nothing to relate.
  return written?.rows ?? [];
}
