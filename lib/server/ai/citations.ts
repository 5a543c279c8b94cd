import "server-only";

/*
 * The model cites sources as [1], [2]; the stored answer links each citation to its post, so
 * the rendered answer (through the same Markdown renderer as members' posts) has working links.
 * Code spans and fenced code are left alone, as are existing links and reference definitions.
 */

// Fenced code blocks (``` or ~~~, to their closing fence or the end) and inline code spans.
const CODE = /(^|\n)(```|~~~)[^\n]*\n[\s\S]*?(?:\n\2[^\n]*(?=\n|$)|$)|(`+)[^`\n]*?\3/g;
// [1], [1, 2] or [1][2] not followed by "(" (already a link) or ":" (a reference definition).
const CITATION = /\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\](?![(:])/g;

/** Rewrites [n] citations into links to the nth URL (1-based); numbers without a source stay as text. */
export function linkCitations(markdown: string, urls: readonly string[]): string {
  if (urls.length === 0) return markdown;
  const link = (segment: string) =>
    segment.replace(CITATION, (whole, list: string) => {
      const numbers = list.split(",").map((n) => Number(n.trim()));
      if (!numbers.every((n) => n >= 1 && n <= urls.length)) return whole;
      return numbers.map((n) => `[\\[${n}\\]](${urls[n - 1]})`).join(", ");
    });
  let out = "";
  let last = 0;
  for (const match of markdown.matchAll(CODE)) {
    out += link(markdown.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + link(markdown.slice(last));
}
