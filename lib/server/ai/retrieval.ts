import "server-only";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsSql } from "@/lib/server/policy";
import { excerptOf, type PromptSource } from "@/lib/server/ai/prompts";
import type { AnswerSourceJson } from "@/lib/server/answers/presenters";

/*
 * Grounding (DECISIONS.md section 6): before the model writes, full-text search finds up to
 * five posts already on Agora that the question's audience may read. A public question draws
 * only on public content; a private group's question also on that group's. Never on the
 * question itself, nor on other AI answers (they are not community posts).
 */

/** Most sources one answer is given. */
export const MAX_SOURCES = 5;
// Questions considered before their answers are ranked together with them.
const CANDIDATE_QUESTIONS = 8;
const MAX_TERMS = 24;
const OPERATOR_WORDS = new Set(["or", "and", "not"]);

/** A post retrieved for the model: its prompt form and its provenance form. */
export interface RetrievedSource {
  prompt: PromptSource;
  ref: AnswerSourceJson;
}

/** The question being answered, as retrieval needs it. */
export interface RetrievalQuestion {
  id: number;
  title: string;
  description: string;
  groupId: number | null;
}

/**
 * The search text for a question: its distinct words joined by "or", so a post matching some
 * of them ranks (websearch_to_tsquery would otherwise require all of them).
 */
export function searchTermsOf(question: Pick<RetrievalQuestion, "title" | "description">): string {
  const text = `${question.title} ${question.description.slice(0, 2_000)}`.toLowerCase();
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}+#]*/gu) ?? [];
  const seen = new Set<string>();
  for (const word of words) {
    if (word.length < 3 || OPERATOR_WORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    if (seen.size >= MAX_TERMS) break;
  }
  return [...seen].join(" or ");
}

/** The path a source links to: the question, or the answer's anchor on its page. */
export function sourceUrl(type: "question" | "answer", id: number, questionId: number): string {
  return type === "question" ? `/questions/${questionId}` : `/questions/${questionId}#answer-${id}`;
}

/**
 * Up to five posts relevant to the question that its audience may read, best first. The
 * audience of a private group's question is that group, so its posts count as well.
 */
export async function findSources(question: RetrievalQuestion, limit = MAX_SOURCES): Promise<RetrievedSource[]> {
  const terms = searchTermsOf(question);
  if (!terms) return [];
  const sameGroup = question.groupId === null ? Prisma.empty : Prisma.sql` OR q.group_id = ${question.groupId}`;
  const rows = await db.$queryRaw<{ type: "question" | "answer"; id: number; questionId: number; title: string; body: string; rank: number }[]>`
    WITH query AS (SELECT websearch_to_tsquery('english', ${terms}) AS tsq),
    hits AS (
      SELECT q.id
        FROM questions q, query
       WHERE q.search_vector @@ query.tsq
         AND q.id <> ${question.id}
         AND (${visibleQuestionsSql(null, "q")}${sameGroup})
         AND q.hidden_at IS NULL
       ORDER BY ts_rank_cd(q.search_vector, query.tsq) DESC, q.id DESC
       LIMIT ${CANDIDATE_QUESTIONS}
    ),
    posts AS (
      SELECT 'question' AS type, q.id, q.id AS "questionId", q.title, q.description AS body,
             ts_rank_cd(setweight(to_tsvector('english', q.title), 'A') || setweight(to_tsvector('english', q.description), 'B'), query.tsq) AS rank
        FROM hits JOIN questions q ON q.id = hits.id CROSS JOIN query
       WHERE to_tsvector('english', q.title || ' ' || q.description) @@ query.tsq
      UNION ALL
      SELECT 'answer', a.id, a.question_id, q.title, a.content,
             ts_rank_cd(setweight(to_tsvector('english', left(a.content, 20000)), 'B'), query.tsq)
        FROM hits JOIN answers a ON a.question_id = hits.id JOIN questions q ON q.id = a.question_id CROSS JOIN query
       WHERE NOT a.is_auto_generated AND a.hidden_at IS NULL AND to_tsvector('english', left(a.content, 20000)) @@ query.tsq
    )
    SELECT type, id, "questionId", title, body, rank::float8 AS rank FROM posts
     ORDER BY rank DESC, id DESC
     LIMIT ${limit}`;
  return rows.map((row, index) => ({
    prompt: { n: index + 1, type: row.type, title: row.title, excerpt: excerptOf(row.body) },
    ref: { id: row.id, type: row.type, title: row.title, url: sourceUrl(row.type, row.id, row.questionId) },
  }));
}
