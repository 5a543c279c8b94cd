/** @jest-environment node */
import { db } from "@/lib/server/db";
import { searchQuestions, SEARCH_CANDIDATES, type SearchBounds } from "@/lib/server/search/queries";
import { createGroup, createQuestion, createUser, letters } from "@/tests/factories";

// The bounded search: the candidates are the most recent matches the viewer may see, found among
// the newest questions first and through the GIN index for older ones. Whatever the bounds, the
// results are those candidates ranked, and the total counts them.

const word = `zb${letters(10)}`;

type Made = { id: number; hidden: boolean; inTitle: boolean };
const made: Made[] = [];
let insider: { id: string };
let outsider: { id: string };

beforeAll(async () => {
  const author = await createUser({ tag: "bounds" });
  insider = await createUser({ tag: "bounds-in" });
  outsider = await createUser({ tag: "bounds-out" });
  const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
  // 12 matches, oldest first: every third has the word in its title (ranks higher), every fourth
  // is in the private group; a question without the word between each.
  for (let i = 0; i < 12; i++) {
    const inTitle = i % 3 === 0;
    const hidden = i % 4 === 1;
    const q = await createQuestion({
      author,
      group: hidden ? secret : null,
      title: inTitle ? `Where does ${word} go wrong (${i})` : `Question number ${i}`,
      description: inTitle ? "Nothing more." : `The body mentions ${word} once.`,
    });
    made.push({ id: q.id, hidden, inTitle });
    await createQuestion({ author, title: `Unrelated ${i}`, description: "No match here." });
  }
});

afterAll(async () => {
  await db.$disconnect();
});

/** The ids a search of `word` returns with these bounds, all on one page, and its total. */
async function run(viewer: { id: string } | null, bounds?: SearchBounds, limit = 100) {
  const page = await searchQuestions(viewer ? { id: viewer.id } : null, { q: word, limit }, bounds);
  return { ids: page.rows.map((r) => r.id), ranks: page.rows.map((r) => r.rank), total: page.total, page };
}

/** What the bounds promise: the `candidates` most recent visible matches, title matches first, then most recent. */
function expected(visible: (m: Made) => boolean, candidates: number): number[] {
  const recent = made.filter(visible).sort((a, b) => b.id - a.id).slice(0, candidates);
  return [...recent.filter((m) => m.inTitle), ...recent.filter((m) => !m.inTitle)].map((m) => m.id);
}

const viewers = [
  ["a visitor", () => null, (m: Made) => !m.hidden],
  ["an outsider", () => outsider, (m: Made) => !m.hidden],
  ["a group member", () => insider, () => true],
] as const;

describe("searchQuestions bounds", () => {
  it("ranks every match when there are fewer than SEARCH_CANDIDATES", async () => {
    expect(SEARCH_CANDIDATES).toBeGreaterThan(made.length);
    for (const [, viewer, visible] of viewers) {
      const { ids, ranks, total } = await run(viewer());
      expect(ids).toEqual(expected(visible, made.length));
      expect(total).toBe(made.filter(visible).length);
      expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    }
  });

  it.each([
    ["the newest questions hold every candidate", { candidates: 4, window: 1_000_000 }],
    ["the newest questions hold none (the GIN index finds them all)", { candidates: 4, window: 1 }],
    ["the newest questions hold some", { candidates: 6, window: 10 }],
    ["more candidates than matches, a small window", { candidates: 50, window: 3 }],
  ])("ranks the most recent visible matches only, and totals them, when %s", async (_label, bounds) => {
    for (const [label, viewer, visible] of viewers) {
      const { ids, total } = await run(viewer(), bounds);
      expect(ids).toEqual(expected(visible, bounds.candidates));
      expect(total).toBe(Math.min(bounds.candidates, made.filter(visible).length));
      if (label !== "a group member") for (const m of made.filter((x) => x.hidden)) expect(ids).not.toContain(m.id);
    }
  });

  it("pages through the capped candidates once each with cursors", async () => {
    const bounds = { candidates: 5, window: 4 };
    const all = (await run(insider, bounds)).ids;
    expect(all).toHaveLength(5);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await searchQuestions({ id: insider.id }, { q: word, limit: 2, cursor }, bounds);
      seen.push(...page.rows.map((r) => r.id));
      expect(page.total).toBe(5);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all);
  });
});
