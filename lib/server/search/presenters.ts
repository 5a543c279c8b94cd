import "server-only";
import { sanitizeHtml } from "@/lib/markdown/render";
import type { Viewer } from "@/lib/server/policy";
import { presentQuestionSummary, type QuestionSummaryJson } from "@/lib/server/questions/presenters";
import type { SearchRow } from "@/lib/server/search/queries";

/** A search result as docs/API.md shapes it: a question card and a highlighted snippet. */
export interface SearchResultJson extends QuestionSummaryJson {
  /** Sanitized HTML: the matching passages of the title and description, hits in <mark>. */
  snippet: string;
}

/** A search hit: the question's summary and its snippet, cleaned down to text and <mark>. */
export function presentSearchResult(row: SearchRow, viewer: Viewer | null): SearchResultJson {
  return {
    ...presentQuestionSummary(row, viewer),
    snippet: sanitizeHtml(row.snippet, ["mark"]).replace(/\s+/g, " ").trim(),
  };
}
