/** @jest-environment node */
// GET /api/questions/similar (issue 17): paraphrases found by shared stems and title trigrams, the
// best answer's first lines, private groups and hidden questions never suggested, bounded input.
import { db } from "@/lib/server/db";
import { GET as similarRoute } from "@/app/api/questions/similar/route";
import { findSimilarQuestions, RELATED_MIN_SCORE } from "@/lib/server/similar/queries";
import { createAnswer, createGroup, createQuestion, createUser, letters, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

// Made-up words, unique to this run, so other test files' questions never match.
const tool = `zq${letters(8)}`;
const other = `zx${letters(8)}`;

type Similar = { id: number; title: string; answerCount: number; hasAcceptedAnswer: boolean; voteScore: number; snippet: string | null };

async function similar(params: Record<string, string>, user?: { id: string }) {
  const url = `/api/questions/similar?${new URLSearchParams(params)}`;
  const res = await similarRoute(user ? await signedInRequest(user, url) : visitorRequest(url, { headers: { "x-forwarded-for": `10.17.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } }), routeContext());
  return { res, body: await res.json() };
}

let original: { id: number };
let secret: { id: number };
let hidden: { id: number };
let insider: { id: string };

beforeAll(async () => {
  const author = await createUser({ tag: "similar" });
  insider = await createUser({ tag: "similar-insider" });
  const group = await createGroup({ creator: author, members: [insider], isPrivate: true });
  original = await createQuestion({ author, title: `The ${tool} daemon crashes when its configuration file is reloaded`, description: "Reloading the configuration kills it." });
  const low = await createAnswer({ question: original, author: insider, content: "Try **restarting** it." });
  const accepted = await createAnswer({ question: original, author, content: "# Fix\nSet `reload_mode = graceful` in the config.\n\nThen it survives reloads." });
  await db.answer.update({ where: { id: low.id }, data: { voteScore: 5 } });
  await db.question.update({ where: { id: original.id }, data: { acceptedAnswerId: accepted.id } });
  secret = await createQuestion({ author, group, title: `Crashing ${tool} daemon after configuration reload in our private setup` });
  hidden = await createQuestion({ author: insider, title: `${tool} daemon crash on configuration reloading` });
  await db.question.update({ where: { id: hidden.id }, data: { hiddenAt: new Date() } });
  await createQuestion({ author, title: `How do I paint ${other} with watercolours?` });
});

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/questions/similar", () => {
  it("finds a paraphrase written with other words, with its counts and its accepted answer's first lines as plain text", async () => {
    const { res, body } = await similar({ title: `${tool} crashed after I reloaded the config`, description: "It dies whenever the daemon re-reads its settings." });
    expect(res.status).toBe(200);
    const found = (body as Similar[]).find((row) => row.id === original.id);
    expect(found).toEqual({
      id: original.id,
      title: `The ${tool} daemon crashes when its configuration file is reloaded`,
      answerCount: 2,
      hasAcceptedAnswer: true,
      voteScore: 0,
      snippet: "Fix Set reload_mode = graceful in the config. Then it survives reloads.",
      likelyDuplicate: true,
    });
    expect(body.length).toBeLessThanOrEqual(5);
  });

  it("never suggests a private group's question to an outsider, nor a hidden one to anybody but staff", async () => {
    // Other suites' questions share the database (and words such as "daemon"): only this suite's are judged.
    const ours = (rows: Similar[]) => rows.map((row) => row.id).filter((id) => [original.id, secret.id, hidden.id].includes(id));
    const visitor = (await similar({ title: `${tool} daemon crash configuration reload` })).body as Similar[];
    expect(ours(visitor)).toEqual([original.id]);
    const member = (await similar({ title: `${tool} daemon crash configuration reload` }, insider)).body as Similar[];
    expect(ours(member).sort()).toEqual([original.id, secret.id].sort());
  });

  it("suggests nothing for a draft about something else", async () => {
    const { body } = await similar({ title: `Why does my ${letters(9)} sourdough starter smell of nail varnish?` });
    expect(body).toEqual([]);
  });

  it("gives a question page its related questions without the question itself", async () => {
    const sibling = await createQuestion({ author: insider, title: `Our ${tool} service exits whenever its configuration is reloaded` });
    const question = await db.question.findUniqueOrThrow({ where: { id: original.id } });
    const related = await findSimilarQuestions(null, { title: question.title, description: question.description, excludeId: question.id, minScore: RELATED_MIN_SCORE });
    expect(related.map((row) => row.id)).toContain(sibling.id);
    expect(related.map((row) => row.id)).not.toContain(original.id);
    expect(related.map((row) => row.id)).not.toContain(secret.id);
  });

  it.each([
    [{}, "Please enter a title of at least 3 characters to look for similar questions"],
    [{ title: " a " }, "Please enter a title of at least 3 characters to look for similar questions"],
    [{ title: "x".repeat(201) }, "Title must not exceed 200 characters"],
    [{ title: "A fine title", description: "x".repeat(2_001) }, "The description sent to look for similar questions must be at most 2,000 characters"],
  ])("answers 400 for %j", async (params, message) => {
    const { res, body } = await similar(params as Record<string, string>);
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
  });
});
