import "server-only";
import type { SimilarClient } from "@/lib/server/similar/queries";

/*
 * Which of a lookup's words are worth an index read (issue 17, at a million questions).
 *
 * A word found in a large share of the questions ("error", "how", or any word of the bench's
 * hundred-word vocabulary) makes an OR query's candidates the first rows in the table's order,
 * not the best ones, and makes PostgreSQL build a bitmap of most of the table (measured: 874,430
 * rows and 280 ms for one draft at 1,000,000 questions, 600 ms more for the title's trigrams).
 * So candidates come from the draft's uncommon words only; its common words still count in the
 * score. How common a word is comes from what ANALYZE already keeps for the planner: the
 * search_vector column's most common lexemes and their frequencies (pg_stats), read at most once
 * every STATS_TTL_MS per database.
 */

/** A word in more questions than this (and more than COMMON_SHARE of them) gives no candidates by itself. */
export const COMMON_DOCS = 5_000;
export const COMMON_SHARE = 0.05;
/** Above this many questions (a large table), the title's trigrams are read for its uncommon words only (a whole title's trigrams include "how", "do "…). */
export const TRIGRAM_WHOLE_TITLE_ROWS = 200_000;
/** The shortest title word whose trigrams are read in a large table. */
const TRIGRAM_WORD_LENGTH = 5;
/** Candidate words read from the index at most in a large table; the rarest first. */
const MAX_RARE = 8;
/** When the draft has fewer than two uncommon words: pairs of its rarest common words, from this many. */
const PAIR_WORDS = 4;
const STATS_TTL_MS = 10 * 60_000;

export interface LexemeStats {
  /** The questions table's row count as ANALYZE estimated it (0 when never analysed). */
  rows: number;
  /** The most common lexemes' shares of the questions. */
  shares: Map<string, number>;
}

const cache = new WeakMap<object, { at: number; stats: Promise<LexemeStats> }>();

export function lexemeStats(client: SimilarClient): Promise<LexemeStats> {
  const hit = cache.get(client);
  if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.stats;
  const stats = client
    .$queryRaw<{ rows: number; elems: string[] | null; freqs: number[] | null }[]>`
      SELECT greatest(c.reltuples, 0)::float8 AS rows, s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs::float8[] AS freqs
        FROM pg_class c
        LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'questions' AND s.attname = 'search_vector'
       WHERE c.oid = 'questions'::regclass`
    .then(([row]) => {
      const shares = new Map<string, number>();
      (row?.elems ?? []).forEach((elem, i) => shares.set(elem, row?.freqs?.[i] ?? 0));
      return { rows: row?.rows ?? 0, shares };
    });
  cache.set(client, { at: Date.now(), stats });
  stats.catch(() => cache.delete(client));
  return stats;
}

/** Quotes a lexeme for to_tsquery's syntax. */
const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

export interface CandidatePlan {
  /** The tsquery of the uncommon words, whose matches (few) are read from the GIN index (null: none). */
  candidates: string | null;
  /**
   * Pairs of the title's common words, when the draft has few uncommon ones: their matches are
   * many, so they are read by scanning the table until enough are found (the index would first
   * build a bitmap of all of them: 100,423 rows and 233 ms for six pairs at 1,000,000 questions).
   */
  denseCandidates: string | null;
  /** Every lexeme ORed: what the candidates are ranked with. */
  rank: string | null;
  /** The whole title for trigram similarity, or only its uncommon words (a large table), or nothing. */
  trigramWords: string[] | "title";
}

/** A title with fewer uncommon words than this: pairs of its common words are candidates too. */
const FEW_RARE = 2;
/** Dense pairs are scanned for only if this share of the questions holds one (else the scan would be long): 1%. */
const DENSE_SHARE = 0.01;

/**
 * How a lookup reads its candidates, from the text's and title's lexemes (PostgreSQL's english
 * configuration made them) and the table's statistics.
 */
export function planCandidates(lexemes: string[], titleLexemes: string[], titleWords: string[], stats: LexemeStats): CandidatePlan {
  if (lexemes.length === 0) return { candidates: null, denseCandidates: null, rank: null, trigramWords: [] };
  const share = (lexeme: string) => stats.shares.get(lexeme) ?? 0;
  const docs = (lexeme: string) => share(lexeme) * stats.rows;
  const common = (lexeme: string) => docs(lexeme) > COMMON_DOCS && docs(lexeme) > COMMON_SHARE * stats.rows;
  const byRarity = [...lexemes].sort((a, b) => docs(a) - docs(b));
  const large = stats.rows > TRIGRAM_WHOLE_TITLE_ROWS;
  const rare = byRarity.filter((l) => !common(l)).slice(0, large ? MAX_RARE : undefined);
  let denseCandidates: string | null = null;
  if (titleLexemes.filter((l) => !common(l)).length < FEW_RARE) {
    const pool = titleLexemes.filter(common).sort((a, b) => docs(a) - docs(b)).slice(0, PAIR_WORDS);
    const pairs: string[] = [];
    let density = 0;
    for (let i = 0; i < pool.length; i++)
      for (let j = i + 1; j < pool.length; j++) {
        pairs.push(`(${quote(pool[i]!)} & ${quote(pool[j]!)})`);
        density += share(pool[i]!) * share(pool[j]!);
      }
    if (pairs.length && density >= DENSE_SHARE) denseCandidates = pairs.join(" | ");
  }
  // A word's trigrams are read only for an uncommon word of some length: a stop word ("does") or a short one shares
  // trigrams with most titles (19 s for "does" at 1,000,000 questions; its lexeme-less words are never candidates).
  const rareWords = titleWords.filter((w) => w.length >= TRIGRAM_WORD_LENGTH && titleLexemes.some((l) => !common(l) && w.toLowerCase().startsWith(l)));
  return {
    candidates: rare.length ? rare.map(quote).join(" | ") : null,
    denseCandidates,
    rank: lexemes.map(quote).join(" | "),
    trigramWords: large ? rareWords.slice(0, 2) : "title",
  };
}
