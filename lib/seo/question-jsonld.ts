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

/**
 * The QAPage of a question as the page shows it: the question (title, text, answer count,
 * creation date, author), the answer its asker accepted as acceptedAnswer (only that one) and
 * every other answer as a suggestedAnswer, each with its text, score and author; a duplicate the
 * viewer may see the original of points to it as sameAs. `baseUrl` has no trailing slash.
 */
export function buildQuestionJsonLd(question: QuestionDetailJson, baseUrl: string): QuestionJsonLd {
  const url = `${baseUrl}/questions/${question.id}`;
  const text = markdownToPlainText(question.description, JSONLD_TEXT_MAX_LENGTH) || question.title;
  const toJsonLd = (a: QuestionDetailJson["answers"][number]): JsonLdAnswer => ({
    "@type": "Answer",
    text: markdownToPlainText(a.content, JSONLD_TEXT_MAX_LENGTH),
    dateCreated: a.createdAt,
    upvoteCount: a.voteScore,
    url: `${url}#answer-${a.id}`,
    author: author(a.author, baseUrl),
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
