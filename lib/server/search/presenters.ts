import "server-only";
import { markdownToPlainText, sanitizeHtml } from "@/lib/markdown/render";
import type { Viewer } from "@/lib/server/policy";
import { presentQuestionSummary, type QuestionSummaryJson } from "@/lib/server/questions/presenters";
import { HIT_END, HIT_START, type SearchRow } from "@/lib/server/search/queries";

/** A search result as docs/API.md shapes it: a question card and a highlighted snippet. */
export interface SearchResultJson extends QuestionSummaryJson {
  /** Sanitized HTML: readable text of the matching passages (no Markdown), hits in <mark>. */
  snippet: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A snippet as readers see it: the passages' Markdown reduced to plain text (fences, emphasis,
 * links and headings gone), markers a cut passage left unpaired dropped, the text escaped, and
 * the hits ts_headline marked wrapped in <mark>; then sanitized down to <mark> as a last guard.
 */
export function presentSnippet(source: string): string {
  const text = markdownToPlainText(source)
    .replace(/`{3,}|~{3,}|\*{2,}|_{2,}/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const html = escapeHtml(text).split(HIT_START).join("<mark>").split(HIT_END).join("</mark>");
  return sanitizeHtml(html, ["mark"]).replace(/\s+/g, " ").trim();
}

/** A search hit: the question's summary and its snippet, readable text with the hits in <mark>. */
export function presentSearchResult(row: SearchRow, viewer: Viewer | null): SearchResultJson {
  return {
    ...presentQuestionSummary(row, viewer),
    snippet: presentSnippet(row.snippet),
  };
}
