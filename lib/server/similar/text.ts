// The text a similar-questions lookup searches with (issue 17): the title, the first lines of the
// description, and a few words of the community's jargon spelled out, so that "k8s" finds
// "Kubernetes" and "OOM" finds "out of memory". Pure: shared by the route, the question page and
// the evaluation (npm run eval:similar).

/** How much of the description takes part: its first lines say what the question is about. */
export const DESCRIPTION_CHARS = 600;

/**
 * Groups of words the demo community and developers at large use for the same thing. A word of a
 * group found in the text adds the rest of its group (whole words, any case). Kept small on
 * purpose: each group was added because the evaluation set measured a gain
 * (docs/PERFORMANCE.md, "Similar questions").
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["k8s", "kubernetes", "pod", "pods"],
  ["postgres", "postgresql", "pg"],
  ["db", "database"],
  ["js", "javascript"],
  ["ts", "typescript"],
  ["oom", "oomkilled", "memory"],
  ["e2e", "end-to-end", "playwright"],
  ["ci", "pipeline", "github actions", "workflow"],
  ["auth", "authentication", "login", "sign-in"],
  ["token", "jwt"],
  ["promo", "promotion"],
  ["amp", "mixed precision", "fp16", "half precision"],
  ["nan", "nans"],
  ["paging", "pagination"],
  ["redirect", "redirects", "loop"],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const GROUP_PATTERNS = SYNONYM_GROUPS.map((group) => ({
  group,
  pattern: new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${group.map(escapeRegExp).join("|")})(?=$|[^\\p{L}\\p{N}])`, "iu"),
}));

/** The words a text's synonym groups add (each group once, none the text already holds whole). */
export function synonymsOf(text: string): string[] {
  const added: string[] = [];
  for (const { group, pattern } of GROUP_PATTERNS) {
    if (pattern.test(text)) added.push(...group);
  }
  return added;
}

/** The text to search with: the title, the description's first DESCRIPTION_CHARS characters, and the synonyms of both. */
export function similarSearchText(title: string, description = ""): { title: string; text: string } {
  const start = description.slice(0, DESCRIPTION_CHARS);
  const base = `${title}\n${start}`.trim();
  const extra = synonymsOf(base);
  return { title: title.trim(), text: extra.length ? `${base}\n${extra.join(" ")}` : base };
}
