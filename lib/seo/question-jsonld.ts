// schema.org QAPage structured data for a question page, so search engines can show the
// question and its answers (https://developers.google.com/search/docs/appearance/structured-data/qapage).
import { displayName } from "@/lib/display";
import { markdownToPlainText } from "@/lib/markdown/render";
import type { QuestionDetailJson } from "@/lib/server/questions/presenters";

/** Longest plain-text answer or question body the structured data carries. */
export const JSONLD_TEXT_MAX_LENGTH = 5_000;

type Author = QuestionDetailJson["author"];

export interface JsonLdAuthor {
  "@type": "Person" | "Organization";
  name: string;
  url?: string;
}

export interface JsonLdAnswer {
  "@type": "Answer";
  /** On an AI answer: that the AI wrote it, with which model (issue 16). */
  description?: string;
  text: string;
  dateCreated: string;
  upvoteCount: number;
  url: string;
  author: JsonLdAuthor;
}

export interface QuestionJsonLd {
  "@context": "https://schema.org";
  "@type": "QAPage";
  mainEntity: {
    "@type": "Question";
    name: string;
    text: string;
    answerCount: number;
    upvoteCount: number;
    dateCreated: string;
    dateModified: string;
    url: string;
    author: JsonLdAuthor;
    acceptedAnswer?: JsonLdAnswer;
    suggestedAnswer?: JsonLdAnswer[];
    /** A question closed as a duplicate: the original's page, which has the answers (issue 17). */
    sameAs?: string;
  };
}

function author(user: Author, baseUrl: string): JsonLdAuthor {
  // The built-in assistant is not a person and has no profile page.
  if (user.isAssistant) return { "@type": "Organization", name: displayName(user) };
  return { "@type": "Person", name: displayName(user), url: `${baseUrl}/users/${encodeURIComponent(user.id)}` };
}

/** The Agora AI account as a JSON-LD author: every AI answer's, custom-prompt ones included (the member asked; the AI wrote). */
const AI_AUTHOR: JsonLdAuthor = { "@type": "Organization", name: "Agora AI" };

type PageAnswer = QuestionDetailJson["answers"][number];

/**
 * Whether a question page may be indexed by search engines under AGORA_INDEX_AI_ONLY (default on):
 * `off` keeps out a question whose only answers are AI answers nobody verified (not accepted by
 * the asker, not verified by members), so unchecked AI text is not what a search result shows.
 * A question without answers, or with any human or verified answer, is indexed either way.
 */
export function indexableForAiOnly(answers: readonly Pick<PageAnswer, "verification" | "isAccepted">[], setting = process.env.AGORA_INDEX_AI_ONLY): boolean {
  if (setting?.trim().toLowerCase() !== "off" || answers.length === 0) return true;
  return answers.some((a) => a.verification === null || a.isAccepted || a.verification.status === "verified");
}

/**
 * The QAPage of a question as the page shows it: the question (title, text, answer count,
 * creation date, author), the answer its asker accepted as acceptedAnswer (only that one: a
 * person's accept, never a tally) and every other answer as a suggestedAnswer, each with its
 * text, score and author; an AI answer's author is the Agora AI account, with a note of its
 * model; a duplicate the viewer may see the original of points to it as sameAs. `baseUrl` has
 * no trailing slash.
 */
export function buildQuestionJsonLd(question: QuestionDetailJson, baseUrl: string): QuestionJsonLd {
  const url = `${baseUrl}/questions/${question.id}`;
  const text = markdownToPlainText(question.description, JSONLD_TEXT_MAX_LENGTH) || question.title;
  const toJsonLd = (a: PageAnswer): JsonLdAnswer => ({
    "@type": "Answer",
    ...(a.ai ? { description: a.ai.model ? `Written by AI (model ${a.ai.model})` : "Written by AI" } : {}),
    text: markdownToPlainText(a.content, JSONLD_TEXT_MAX_LENGTH),
    dateCreated: a.createdAt,
    upvoteCount: a.voteScore,
    url: `${url}#answer-${a.id}`,
    author: a.ai ? AI_AUTHOR : author(a.author, baseUrl),
  });
  const accepted = question.answers.find((a) => a.id === question.acceptedAnswerId);
  const answers = question.answers.filter((a) => a !== accepted).map(toJsonLd);
  const original = question.closed?.reason === "duplicate" ? question.closed.duplicateOf : null;
  return {
    "@context": "https://schema.org",
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: question.title,
      text,
      answerCount: question.answers.length,
      upvoteCount: question.voteScore,
      dateCreated: question.createdAt,
      dateModified: question.updatedAt,
      url,
      author: author(question.author, baseUrl),
      ...(accepted ? { acceptedAnswer: toJsonLd(accepted) } : {}),
      ...(answers.length > 0 ? { suggestedAnswer: answers } : {}),
      ...(original ? { sameAs: `${baseUrl}/questions/${original.id}` } : {}),
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` (and the JavaScript line
 * separators) become \u escapes, so no text in it can close the script element or open a comment.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
