/** @jest-environment node */
// The question page's Related questions kept between views (lib/server/similar/related.ts): one
// lookup for everyone, one statement a view after it, the viewer's visibility applied at read time,
// and a new lookup after an edit, a new embedding or RELATED_TTL_SECONDS.
import { db } from "@/lib/server/db";
import type { AiConfig } from "@/lib/server/ai/provider";
import { findRelatedQuestions, RELATED_TTL_SECONDS } from "@/lib/server/similar/related";
import { countingStatements } from "@/tests/support/statement-counter";
import { createAnswer, createGroup, createQuestion, createUser, letters, type TestUser } from "@/tests/factories";

const statementsOf = countingStatements();

let author: TestUser;
let insider: TestUser;
let outsider: TestUser;
let group: { id: number };

beforeAll(async () => {
  author = await createUser({ tag: "related" });
  insider = await createUser({ tag: "related-insider" });
  outsider = await createUser({ tag: "related-outsider" });
  group = await createGroup({ creator: author, members: [insider], isPrivate: true });
});

afterAll(async () => {
  await db.$disconnect();
});

/** A question and two public siblings on a subject (three made-up words) only this test's posts share. */
async function subject() {
  const tool = `zr${letters(8)} zd${letters(8)}`;
  const setting = `zc${letters(8)}`;
  const question = await createQuestion({ author, title: `The ${tool} crashes when its ${setting} file is reloaded`, description: `Reloading the ${setting} kills it.` });
  const sibling = await createQuestion({ author, title: `Our ${tool} exits whenever its ${setting} is reloaded` });
  const cousin = await createQuestion({ author, title: `${tool} crash on ${setting} file reload` });
  return { tool, setting, question, sibling, cousin };
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
/** Moves questions' creation `minutes` into the past (a list kept after that is not outdated by them). */
const backdate = (questionIds: number[], minutes: number) =>
  db.question.updateMany({ where: { id: { in: questionIds } }, data: { createdAt: new Date(Date.now() - minutes * 60_000) } });
const kept = (questionId: number) => db.relatedQuestions.findUnique({ where: { questionId } });
const related = (viewer: TestUser | null, question: { id: number }) =>
  db.question.findUniqueOrThrow({ where: { id: question.id } }).then((row) => findRelatedQuestions(viewer, row));

describe("Related questions kept between views", () => {
  it("looks up once, then answers every view in one statement with counts as they are now", async () => {
    const { question, sibling, cousin } = await subject();
    const first = await related(null, question);
    expect(ids(first)).toEqual(expect.arrayContaining([sibling.id, cousin.id]));
    expect(ids(first)).not.toContain(question.id);
    const row = await kept(question.id);
    expect(row?.candidateIds).toEqual(expect.arrayContaining([sibling.id, cousin.id]));

    // An answer to a sibling after the list was kept: its count and snippet show on the next view.
    await createAnswer({ question: sibling, author: insider, content: "Set reload_mode to graceful and it survives reloads." });
    const source = await db.question.findUniqueOrThrow({ where: { id: question.id } });
    const { result: second, count } = await statementsOf(() => findRelatedQuestions(null, source));
    expect(count).toBe(1);
    expect(ids(second)).toEqual(ids(first));
    expect(second.find((r) => r.id === sibling.id)).toMatchObject({ answerCount: 1, snippet: "Set reload_mode to graceful and it survives reloads." });
    expect((await kept(question.id))?.computedAt).toEqual(row?.computedAt); // not looked up again
  });

  it("drops a candidate hidden or deleted since, for every viewer at once, without a new lookup", async () => {
    const { question, sibling, cousin } = await subject();
    await related(null, question);
    const before = await kept(question.id);
    await db.question.update({ where: { id: sibling.id }, data: { hiddenAt: new Date() } });
    await db.question.delete({ where: { id: cousin.id } });
    for (const viewer of [null, author, insider]) {
      const rows = await related(viewer, question);
      expect(ids(rows)).not.toContain(sibling.id);
      expect(ids(rows)).not.toContain(cousin.id);
    }
    expect((await kept(question.id))?.computedAt).toEqual(before?.computedAt);
  });

  it("keeps a private group's question for its members only", async () => {
    const { tool, setting, question, sibling } = await subject();
    const secret = await createQuestion({ author, group, title: `Crashing ${tool} after ${setting} reload in our private setup` });
    expect(ids(await related(null, question))).not.toContain(secret.id); // the first lookup, by a visitor
    expect((await kept(question.id))?.candidateIds).toContain(secret.id);
    expect(ids(await related(insider, question))).toEqual(expect.arrayContaining([secret.id, sibling.id]));
    expect(ids(await related(outsider, question))).not.toContain(secret.id);
    expect(ids(await related(null, question))).toEqual(expect.arrayContaining([sibling.id]));
  });

  it("keeps a private group's question for its members only when a member looks up first", async () => {
    const { tool, setting, question, sibling } = await subject();
    const secret = await createQuestion({ author, group, title: `Crashing ${tool} after ${setting} reload in our private setup` });
    expect(ids(await related(insider, question))).toEqual(expect.arrayContaining([secret.id, sibling.id])); // the first lookup
    expect(ids(await related(null, question))).not.toContain(secret.id);
    expect(ids(await related(outsider, question))).not.toContain(secret.id);
  });

  it("gives a private group's question the public questions and its own group's, never another group's", async () => {
    const { tool, setting, sibling } = await subject();
    const otherGroup = await createGroup({ creator: outsider, isPrivate: true });
    const asked = await createQuestion({ author: insider, group, title: `Our ${tool} fails after a ${setting} reload in the group` });
    const ours = await createQuestion({ author, group, title: `Group notes: ${tool} crash on ${setting} reload` });
    const theirs = await createQuestion({ author: outsider, group: otherGroup, title: `Their ${tool} crash on ${setting} reload` });
    const seen = ids(await related(insider, asked));
    expect(seen).toEqual(expect.arrayContaining([ours.id, sibling.id]));
    expect(seen).not.toContain(theirs.id);
    expect((await kept(asked.id))?.candidateIds).toContain(theirs.id); // kept for everyone, filtered per view
  });

  it("gives a viewer who may see fewer than five of a full list a lookup of their own", async () => {
    const { tool, setting, question, sibling } = await subject();
    // More than a full list of near-copies in a private group, all ranked above the public sibling.
    for (let i = 0; i < 22; i += 1) {
      await createQuestion({ author, group, title: `The ${tool} crashes when its ${setting} file is reloaded (${i})`, description: `Reloading the ${setting} kills it.` });
    }
    expect(ids(await related(insider, question))).not.toContain(sibling.id); // five of the group's near-copies
    expect((await kept(question.id))?.candidateIds).toHaveLength(20);
    expect((await kept(question.id))?.candidateIds).not.toContain(sibling.id);
    const visitor = await related(null, question);
    expect(ids(visitor)).toContain(sibling.id);
    expect(visitor.length).toBeGreaterThanOrEqual(2);
  });

  it("looks up again after the question's text is edited", async () => {
    const { question, sibling } = await subject();
    await related(null, question);
    const other = `zs${letters(8)}`;
    const painting = await createQuestion({ author, title: `How do I paint ${other} herons with watercolours?` });
    const edited = await db.question.update({ where: { id: question.id }, data: { title: `Painting ${other} herons in watercolour`, description: "Which paper?" } });
    // A new lookup, in as many statements as the lookup alone (its words come with the read of the kept list).
    const { result: rows, count } = await statementsOf(() => findRelatedQuestions(null, edited));
    expect(count).toBe(2);
    expect(ids(rows)).toContain(painting.id);
    expect(ids(rows)).not.toContain(sibling.id);
  });

  it("lets a question posted since join the lists kept before it, from its own first lookup on", async () => {
    const { tool, setting, question, sibling } = await subject();
    await backdate([question.id, sibling.id], 10);
    await related(null, question);
    await related(null, sibling);
    const newcomer = await createQuestion({ author, title: `${tool} crashes on every ${setting} reload` });
    expect(ids(await related(null, question))).not.toContain(newcomer.id); // still the kept list
    // The newcomer's page is viewed (by its author, most likely): the lists kept before it are dropped.
    expect(ids(await related(null, newcomer))).toEqual(expect.arrayContaining([question.id, sibling.id]));
    expect(await kept(question.id)).toBeNull();
    expect(ids(await related(null, question))).toContain(newcomer.id);
    expect(ids(await related(null, sibling))).toContain(newcomer.id);

    // Lists kept more than a minute after it was posted stay when it looks up again (an edit).
    await backdate([newcomer.id], 2);
    const keptNow = await kept(question.id);
    const edited = await db.question.update({ where: { id: newcomer.id }, data: { title: `${tool} crashes on each ${setting} reload` } });
    expect(ids(await findRelatedQuestions(null, edited))).toContain(question.id);
    expect((await kept(question.id))?.computedAt).toEqual(keptNow?.computedAt);
  });

  it("drops nothing for a hidden newcomer, nor for a question older than a day", async () => {
    const { tool, setting, question } = await subject();
    await backdate([question.id], 10);
    await related(null, question);
    const before = await kept(question.id);
    const spam = await createQuestion({ author, title: `${tool} crashes on every ${setting} reload, buy now` });
    await db.question.update({ where: { id: spam.id }, data: { hiddenAt: new Date() } });
    await related(author, spam);
    const old = await createQuestion({ author, title: `${tool} crashing on ${setting} reloads` });
    await backdate([old.id], 2 * 24 * 60);
    await related(null, old);
    expect((await kept(question.id))?.computedAt).toEqual(before?.computedAt);
  });

  it("looks up again once the list is RELATED_TTL_SECONDS old", async () => {
    const { tool, setting, question } = await subject();
    await related(null, question);
    // Edited since to be like this question: it joins at the next lookup, at the latest after the TTL.
    const edited = await createQuestion({ author, title: `Knitting ${letters(10)} scarves` });
    await db.relatedQuestions.update({ where: { questionId: question.id }, data: { computedAt: new Date(Date.now() + 1000) } }); // kept after it existed
    await db.question.update({ where: { id: edited.id }, data: { title: `${tool} crashes on every ${setting} reload` } });
    expect(ids(await related(null, question))).not.toContain(edited.id); // still the kept list
    await db.relatedQuestions.update({ where: { questionId: question.id }, data: { computedAt: new Date(Date.now() - (RELATED_TTL_SECONDS + 60) * 1000) } });
    expect(ids(await related(null, question))).toContain(edited.id);
  });

  it("looks up again when the question's embedding arrives or changes, re-ranking with it", async () => {
    const { question, sibling, cousin } = await subject();
    const config = { model: "related-fake-embedding" } as AiConfig;
    const source = await db.question.findUniqueOrThrow({ where: { id: question.id } });
    const lexical = await findRelatedQuestions(null, source, config);
    expect(lexical.find((r) => r.id === sibling.id)?.cosine).toBeNull();

    // The question's embedding points at the sibling, away from the cousin.
    const unit = (x: number) => [x, Math.sqrt(1 - x * x)];
    await db.questionEmbedding.upsert({
      where: { questionId: question.id },
      create: { questionId: question.id, status: "done", model: config.model, embedding: unit(1) },
      update: { status: "done", model: config.model, embedding: unit(1) },
    });
    for (const [id, vector] of [[sibling.id, unit(1)], [cousin.id, unit(-1)]] as const) {
      await db.questionEmbedding.upsert({ where: { questionId: id }, create: { questionId: id, status: "done", model: config.model, embedding: vector }, update: { status: "done", model: config.model, embedding: vector } });
    }
    const reranked = await findRelatedQuestions(null, source, config);
    expect(reranked.find((r) => r.id === sibling.id)?.cosine).toBeCloseTo(1, 4);
    expect(ids(reranked)[0]).toBe(sibling.id);

    // A new embedding (the text was edited and embedded again) counts as a change too.
    await db.questionEmbedding.update({ where: { questionId: question.id }, data: { embedding: unit(-1), updatedAt: new Date(Date.now() + 1000) } });
    const again = await findRelatedQuestions(null, source, config);
    expect(again.find((r) => r.id === cousin.id)?.cosine).toBeCloseTo(1, 4);
    expect(ids(again)[0]).toBe(cousin.id);
  });

  it("keeps nothing for a question deleted meanwhile", async () => {
    const { question } = await subject();
    const source = await db.question.findUniqueOrThrow({ where: { id: question.id } });
    await db.question.delete({ where: { id: question.id } });
    expect(await findRelatedQuestions(null, source)).toEqual([]);
    expect(await kept(question.id)).toBeNull();
  });
});
