import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsSql, type Viewer } from "@/lib/server/policy";
import { SIMILAR_LIMIT } from "@/lib/validation/similar";
import { similarSearchText } from "@/lib/server/similar/text";
import { lexemeStats, planCandidates } from "@/lib/server/similar/lexemes";

/*
 * Similar questions (issue 17): the questions the viewer may see that ask what a draft (or a
 * question) asks, best first, in one statement.
 *
 * Candidates come from two indexes: the full-text document (questions.search_vector, GIN) matched
 * by ANY of the text's lexemes (an OR query: websearch_to_tsquery and plainto_tsquery AND them, and
 * a paraphrase shares only some words), and the title's trigrams (questions_title_trgm_idx, pg_trgm)
 * for spellings stemming does not join ("OOMKilled" and "OOM killed"). Each source is bounded; the
 * union is scored by the full-text rank (ts_rank, title words weighing most, normalised by the
 * document's length) plus the title's trigram similarity, and only a score above MIN_SCORE is a
 * suggestion. Visibility (private groups, hidden posts) is applied in SQL to both sources.
 *
 * With an embedding of the input (AI_EMBEDDING_MODEL: lib/server/similar/embeddings.ts), the best
 * `rerankCandidates` of those candidates are re-ranked by the cosine similarity of their stored
 * embeddings (unit vectors in question_embeddings, so a dot product over real[] in SQL: no pgvector
 * needed, and only a bounded set is read): the order is the lexical score plus `embeddingWeight`
 * times the cosine, and a candidate scoring below MIN_SCORE still becomes a suggestion when its
 * cosine reaches `minCosine` (a paraphrase sharing few words). A candidate without an embedding of
 * the same model yet (owed, or another model's) counts `minCosine`. Without an input embedding,
 * the statement is the lexical one alone.
 */

/** What a lookup asks: the title and description of a draft, or of a question (excluded from its own results). */
export interface SimilarInput {
  title: string;
  description?: string;
  /** The question the lookup is made for (the question page's Related questions): never a result. */
  excludeId?: number;
  limit?: number;
  /** The lowest score that is a suggestion; the tuning's (a draft's near-duplicates) by default. */
  minScore?: number;
  /** The input's embedding (a draft's, or the question's own for Related questions): candidates are re-ranked with it. */
  embedding?: { model: string; vector: number[] } | null;
  /**
   * Candidates for a list kept between views (lib/server/similar/related.ts): every question,
   * whoever may see it, hidden ones too (the viewer's visibility is applied when the list is read,
   * so a question unhidden later shows at once), and a limit up to RELATED_KEPT. The viewer
   * argument is then ignored.
   */
  anyAudience?: boolean;
}

/** How many candidates a kept Related list holds (a viewer who may see fewer than five of a full list gets their own lookup). */
export const RELATED_KEPT = 20;

/**
 * The question page's Related questions take a lower score than the Ask dialog's suggestions:
 * a whole question (title and description) against the others ranks lower than a draft's title
 * against its paraphrase, and the block lists questions on the same subject, not only duplicates.
 * On the demo community, 40 of its 42 questions have no other question above MIN_SCORE, and every
 * one has some above this.
 */
export const RELATED_MIN_SCORE = 0.12;

/** A similar question: what the Ask dialog and the Related questions block show. `snippet` is the best answer's Markdown source, or null. */
export interface SimilarRow {
  id: number;
  title: string;
  answerCount: number;
  hasAcceptedAnswer: boolean;
  voteScore: number;
  snippet: string | null;
  /** The lexical score (full-text rank and title trigrams). */
  score: number;
  /** The cosine similarity of the embeddings, when the lookup re-ranked with them and the question has one; else null. */
  cosine: number | null;
}

/** The tunable numbers of the score; the evaluation (npm run eval:similar) measures them. */
export interface SimilarTuning {
  /** Full-text candidates read from the GIN index. */
  ftsCandidates: number;
  /** Trigram candidates read from the title's trigram index. */
  trigramCandidates: number;
  /** Weight of the title's trigram similarity (0 to 1) in the score. */
  trigramWeight: number;
  /** Weight of the full-text rank in the score. */
  rankScale: number;
  /** ts_rank's normalization flags (1: divided by 1 + the logarithm of the document's length). */
  normalization: number;
  /** ts_rank's weights of the document's classes D, C, B, A (answers are C, the description B, the title A). */
  rankWeights: [number, number, number, number];
  /** Below this score a candidate is no suggestion (unless its embedding is close enough: minCosine). */
  minScore: number;
  /** With embeddings: the best lexical candidates re-ranked. */
  rerankCandidates: number;
  /** With embeddings: the lowest lexical score a candidate needs to be re-ranked at all. */
  embeddingFloor: number;
  /** With embeddings: weight of the cosine similarity (-1 to 1) in the order. */
  embeddingWeight: number;
  /** With embeddings: a candidate whose cosine reaches this is a suggestion whatever its lexical score (above embeddingFloor). */
  minCosine: number;
}

export const SIMILAR_TUNING: SimilarTuning = {
  ftsCandidates: 400,
  trigramCandidates: 50,
  trigramWeight: 1,
  rankScale: 10,
  normalization: 1,
  rankWeights: [0.05, 0.1, 0.4, 1],
  minScore: 0.3,
  rerankCandidates: 50,
  embeddingFloor: 0.12,
  embeddingWeight: 1,
  minCosine: 0.6,
};

/**
 * A suggestion scoring this much is a strong match: the median paraphrase of the evaluation set
 * scores about 0.6 and its tenth percentile 0.4, while drafts on topics the community never
 * discussed score below it (docs/PERFORMANCE.md, "Similar questions").
 */
export const STRONG_SCORE = 0.4;

/** Candidates sharing two of the title's common words, read when the draft has few uncommon ones (lib/server/similar/lexemes.ts). */
const DENSE_CANDIDATES = 100;

/**
 * With embeddings, a cosine this high is a strong match too (text-embedding-3-small puts
 * paraphrases of one question around 0.7 to 0.9; uncalibrated on a real model here: the evaluation
 * measures the wiring only, with a deterministic fake).
 */
export const STRONG_COSINE = 0.85;

/** Each suggestion's best answer (accepted, else the highest-scored visible one) as `answer.content`, for questions under `q`. */
export const bestAnswerSql = Prisma.sql`
      LEFT JOIN LATERAL (
        SELECT a.content FROM answers a
         WHERE a.question_id = q.id AND a.hidden_at IS NULL
         ORDER BY (a.id = q.accepted_answer_id) DESC NULLS LAST, a.vote_score DESC, a.id
         LIMIT 1
      ) answer ON TRUE`;

/** A client the lookup reads with: the app's, or (evaluation, tests) another database's. */
export type SimilarClient = Pick<typeof db, "$queryRaw" | "$transaction">;

/** An input's lexemes as PostgreSQL stems them (the text's and the title's): what the lookup plans its candidates from. */
export interface SimilarWords {
  lexemes: string[];
  titleLexemes: string[];
}

/** One row of SimilarWords for the search text: a statement of its own, or a part of another (lib/server/similar/related.ts). */
export function similarWordsSql(search: { title: string; text: string }): Prisma.Sql {
  return Prisma.sql`tsvector_to_array(to_tsvector('english', ${search.text})) AS lexemes, tsvector_to_array(to_tsvector('english', ${search.title})) AS "titleLexemes"`;
}

/**
 * The lookup's common table expressions, up to `best` (id, score, cosine, rank; at most the
 * input's limit, best first by rank): `findSimilarQuestions` selects from it, and the Related
 * questions' list keeps it (lib/server/similar/related.ts). Null when no word of the input is
 * worth ranking (nothing is similar).
 */
export async function similarBestCtes(
  viewer: Viewer | null,
  input: SimilarInput,
  search: { title: string; text: string },
  words: SimilarWords | undefined,
  { client = db, tuning = SIMILAR_TUNING }: { client?: SimilarClient; tuning?: SimilarTuning } = {},
): Promise<Prisma.Sql | null> {
  const limit = Math.min(input.anyAudience ? RELATED_KEPT : SIMILAR_LIMIT, Math.max(1, Math.floor(input.limit ?? SIMILAR_LIMIT)));
  const { title } = search;
  const exclude = input.excludeId ? Prisma.sql`AND q.id <> ${input.excludeId}` : Prisma.empty;
  const visible = input.anyAudience ? Prisma.sql`TRUE ${exclude}` : Prisma.sql`q.hidden_at IS NULL AND ${visibleQuestionsSql(viewer, "q")} ${exclude}`;
  const weights = `{${tuning.rankWeights.join(",")}}`;
  // Which of the lexemes are worth an index read (lib/server/similar/lexemes.ts).
  const stats = await lexemeStats(client);
  const plan = planCandidates(words?.lexemes ?? [], words?.titleLexemes ?? [], title.split(/[^\p{L}\p{N}]+/u).filter(Boolean), stats);
  if (!plan.rank) return null;
  // The queries are parameters, not computed in the statement: the planner then knows how many rows match.
  const none = Prisma.sql`SELECT NULL::int AS id WHERE false`;
  const fts = plan.candidates
    ? Prisma.sql`SELECT q.id FROM questions q WHERE q.search_vector @@ ${plan.candidates}::tsquery AND ${visible} LIMIT ${tuning.ftsCandidates}`
    : none;
  // ts_match_vq is @@ as a function, which no index serves: a scan that stops at the limit (the planner's estimate cannot see these pairs' density).
  const dense = plan.denseCandidates
    ? Prisma.sql`SELECT q.id FROM questions q WHERE ts_match_vq(q.search_vector, ${plan.denseCandidates}::tsquery) AND ${visible} LIMIT ${DENSE_CANDIDATES}`
    : none;
  const trigramMatch =
    plan.trigramWords === "title"
      ? Prisma.sql`q.title % ${title}`
      : plan.trigramWords.length
        ? Prisma.join(plan.trigramWords.map((word) => Prisma.sql`${word} <% q.title`), " OR ")
        : null;
  const trigram = trigramMatch
    ? Prisma.sql`SELECT q.id FROM questions q WHERE (${trigramMatch}) AND ${visible} LIMIT ${tuning.trigramCandidates}`
    : none;
  const minScore = input.minScore ?? tuning.minScore;
  const vector = input.embedding?.vector.length ? input.embedding.vector : null;
  const best = vector
    ? Prisma.sql`
    lexical AS (
      SELECT id, score FROM scored WHERE score >= ${Math.min(minScore, tuning.embeddingFloor)}::real
       ORDER BY score DESC, id DESC LIMIT ${tuning.rerankCandidates}
    ),
    reranked AS (
      SELECT lexical.id, lexical.score,
             (SELECT sum(x * y) FROM unnest(e.embedding, ${vector}::real[]) AS t(x, y)) AS cosine
        FROM lexical
        LEFT JOIN question_embeddings e
          ON e.question_id = lexical.id AND e.model = ${input.embedding!.model} AND cardinality(e.embedding) = ${vector.length}::int
    ),
    best AS (
      SELECT id, score, cosine, score + ${tuning.embeddingWeight}::real * coalesce(cosine, ${tuning.minCosine}::real) AS rank
        FROM reranked
       WHERE score >= ${minScore}::real OR cosine >= ${tuning.minCosine}::real
       ORDER BY rank DESC, id DESC LIMIT ${limit}
    )`
    : Prisma.sql`
    best AS (
      SELECT id, score, NULL::float8 AS cosine, score AS rank FROM scored WHERE score >= ${minScore}::real ORDER BY score DESC, id DESC LIMIT ${limit}
    )`;
  return Prisma.sql`
    input AS (
      SELECT ${plan.rank}::tsquery AS tsq, ${title}::text AS title
    ),
    fts AS (${fts}),
    dense AS (${dense}),
    trigram AS (${trigram}),
    scored AS (
      SELECT q.id,
             ${tuning.rankScale}::real * coalesce(ts_rank(${weights}::real[], q.search_vector, input.tsq, ${tuning.normalization}::int), 0)
               + ${tuning.trigramWeight}::real * similarity(q.title, input.title) AS score
        FROM (SELECT id FROM fts UNION SELECT id FROM dense UNION SELECT id FROM trigram) c
        JOIN questions q ON q.id = c.id
        CROSS JOIN input
    ),
${best}`;
}

/**
 * The question the viewer may see most similar to the input, best first (at most `limit`, default
 * 5), each with its best answer's source (the accepted one, else the highest-scored visible one).
 * Two statements: the input's words, then the lookup.
 */
export async function findSimilarQuestions(
  viewer: Viewer | null,
  input: SimilarInput,
  options: { client?: SimilarClient; tuning?: SimilarTuning } = {},
): Promise<SimilarRow[]> {
  const client = options.client ?? db;
  const search = similarSearchText(input.title, input.description);
  if (!search.text) return [];
  // The words, and the lexemes' statistics the lookup plans with (cached; read beside the words when not).
  const [[words]] = await Promise.all([client.$queryRaw<SimilarWords[]>`SELECT ${similarWordsSql(search)}`, lexemeStats(client)]);
  const ctes = await similarBestCtes(viewer, input, search, words, options);
  if (!ctes) return [];
  return client.$queryRaw<SimilarRow[]>`
    WITH ${ctes}
    SELECT q.id, q.title, q.answer_count AS "answerCount", (q.accepted_answer_id IS NOT NULL) AS "hasAcceptedAnswer",
           q.vote_score AS "voteScore", answer.content AS snippet, best.score::float8 AS score, best.cosine::float8 AS cosine
      FROM best
      JOIN questions q ON q.id = best.id
      ${bestAnswerSql}
     ORDER BY best.rank DESC, q.id DESC`;
}
