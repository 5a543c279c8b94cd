import "server-only";
import { markdownToPlainText } from "@/lib/markdown/render";
import { STRONG_COSINE, STRONG_SCORE, type SimilarRow } from "@/lib/server/similar/queries";

/** How long a best answer's snippet may be: its first lines, as plain text. */
export const SNIPPET_CHARS = 180;

/** A similar question as docs/API.md shapes it (GET /api/questions/similar, the Related questions block). */
export interface SimilarQuestionJson {
  id: number;
  title: string;
  answerCount: number;
  hasAcceptedAnswer: boolean;
  voteScore: number;
  /** The first lines of its best answer (accepted, else the highest-scored), plain text; null without answers. */
  snippet: string | null;
  /** A strong match (lexical score at least STRONG_SCORE, or with embeddings a cosine at least STRONG_COSINE): the draft is likely a duplicate of it (the Ask dialog's coaching says so). */
  likelyDuplicate: boolean;
}

export function presentSimilarQuestion(row: SimilarRow): SimilarQuestionJson {
  return {
    id: row.id,
    title: row.title,
    answerCount: row.answerCount,
    hasAcceptedAnswer: row.hasAcceptedAnswer,
    voteScore: row.voteScore,
    snippet: row.snippet ? markdownToPlainText(row.snippet, SNIPPET_CHARS) || null : null,
    likelyDuplicate: row.score >= STRONG_SCORE || (row.cosine ?? 0) >= STRONG_COSINE,
  };
}
