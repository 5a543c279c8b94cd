/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as searchRoute } from "@/app/api/search/route";
import { createAnswer, createGroup, createQuestion, createUser, letters, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";
import { SEARCH_RESULT_KEYS, keys } from "@/tests/integration/shapes";

type Result = { id: number; snippet: string; title: string };

// Made-up words, unique to this run, so other test files' questions never match.
const word = `zq${letters(10)}`;

async function search(q: string | null, user?: { id: string }, extra = "") {
  const url = `/api/search${q === null ? "?" : `?q=${encodeURIComponent(q)}`}${extra}`;
  const res = await searchRoute(user ? await signedInRequest(user, url) : visitorRequest(url), routeContext());
  return { res, body: await res.json() };
}

let titleMatch: { id: number };
let descriptionMatch: { id: number };
let answerMatch: { id: number };
let hidden: { id: number };
let insider: { id: string };
let outsider: { id: string };

beforeAll(async () => {
  const author = await createUser({ tag: "searcher" });
  insider = await createUser({ tag: "insider" });
  outsider = await createUser({ tag: "outsider" });
  const secret = await createGroup({ creator: author, members: [insider], isPrivate: true });
  descriptionMatch = await createQuestion({
    author,
    title: "Something else entirely",
    description: `Here the ${word} shows up only in the body. <script>alert(1)</script> <b>bold</b> <img src=x onerror=alert(1)> & more`,
  });
  titleMatch = await createQuestion({ author, title: `How does ${word} work?`, description: "Nothing to see here." });
  const answered = await createQuestion({ author, title: "A question with an answer", description: "Plain." });
  await createAnswer({ question: answered, author: insider, content: `The answer mentions ${word}.` });
  answerMatch = answered;
  hidden = await createQuestion({ author, group: secret, title: `Secret ${word} plans`, description: `All about ${word}.` });
});

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/search", () => {
  it.each([
    ["no q", null],
    ["an empty q", ""],
    ["a blank q", "   "],
  ])("answers 400 'Please enter a search term' for %s", async (_label, q) => {
    const { res, body } = await search(q);
    expect(res.status).toBe(400);
    expect(body.message).toBe("Please enter a search term");
  });

  it("answers 400 for a search term over 200 characters", async () => {
    const { res, body } = await search("a".repeat(201));
    expect(res.status).toBe(400);
    expect(body.message).toBe("Search terms must be at most 200 characters");
  });

  it("ranks a title match above a description match above an answer match, in the SearchResult shape", async () => {
    const { res, body } = await search(word);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(body.map((r: Result) => r.id)).toEqual([titleMatch.id, descriptionMatch.id, answerMatch.id]);
    for (const result of body) expect(keys(result)).toEqual(SEARCH_RESULT_KEYS);
  });

  it("highlights the hits with <mark> and no other markup", async () => {
    const { body } = await search(word);
    const snippets = body.map((r: Result) => r.snippet);
    expect(snippets[0]).toContain(`<mark>${word}</mark>`);
    expect(snippets[1]).toContain(`<mark>${word}</mark>`);
    for (const snippet of snippets) {
      expect(snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
      expect(snippet).not.toContain("alert(1)</script>");
    }
    expect(snippets[1]).toContain("&amp;");
  });

  it("shows readable text in snippets: no Markdown fences, emphasis, links or headings, hits still marked", async () => {
    const author = await createUser({ tag: "markdowner" });
    const hit = `zm${letters(10)}`;
    const q = await createQuestion({
      author,
      title: `Parsing ${hit} output`,
      description: `## Setup\n\nI call **${hit}** from [the docs](https://example.com/docs) like this:\n\n\`\`\`js\nconst x = ${hit}(1);\n\`\`\`\n\n_Why_ does it fail?`,
    });
    const { body } = await search(hit);
    expect(body.map((r: Result) => r.id)).toEqual([q.id]);
    const snippet: string = body[0].snippet;
    expect(snippet).toContain(`<mark>${hit}</mark>`);
    expect(snippet).not.toMatch(/```|\*\*|##|\]\(|https:\/\//);
    expect(snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    expect(snippet).toContain("the docs");
  });

  it("stems English words: 'running' finds 'run'", async () => {
    const author = await createUser({ tag: "runner" });
    const other = `zr${letters(10)}`;
    const q = await createQuestion({ author, title: `Why does ${other} run twice`, description: "" });
    const { body } = await search(`running ${other}`);
    expect(body.map((r: Result) => r.id)).toEqual([q.id]);
    expect(body[0].snippet).toContain("<mark>run</mark>");
  });

  it("never returns private-group questions to visitors or outsiders; members find them", async () => {
    expect((await search(word)).body.map((r: Result) => r.id)).not.toContain(hidden.id);
    const outside = await search(word, outsider);
    expect(outside.body.map((r: Result) => r.id)).not.toContain(hidden.id);
    expect(outside.res.headers.get("X-Total-Count")).toBe("3");
    const inside = await search(word, insider);
    expect(inside.body.map((r: Result) => r.id)).toContain(hidden.id);
    expect(inside.res.headers.get("X-Total-Count")).toBe("4");
  });

  it("pages through the results once each with cursors", async () => {
    const all = (await search(word, insider)).body.map((r: Result) => r.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { res, body } = await search(word, insider, `&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(body.length).toBeLessThanOrEqual(1);
      seen.push(...body.map((r: Result) => r.id));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it("answers 400 for a bad cursor, and nothing for stop words or operators alone", async () => {
    const badCursor = await search(word, undefined, "&cursor=abc");
    expect(badCursor.res.status).toBe(400);
    expect(badCursor.body.message).toBe("Invalid cursor");
    for (const q of ["the", "-", '"', "or", "'; DROP TABLE questions; --"]) {
      const { res, body } = await search(q);
      expect(res.status).toBe(200);
      expect(Array.isArray(body)).toBe(true);
    }
  });

  it("supports quoted phrases and exclusions", async () => {
    expect((await search(`"${word} work"`)).body.map((r: Result) => r.id)).toEqual([titleMatch.id]);
    expect((await search(`${word} -answer`)).body.map((r: Result) => r.id)).toEqual([titleMatch.id, descriptionMatch.id]);
  });
});
