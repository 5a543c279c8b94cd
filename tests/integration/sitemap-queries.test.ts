/** @jest-environment node */
import { db } from "@/lib/server/db";
import { listSitemapCategories, listSitemapProfiles, listSitemapQuestions, listSitemapTags } from "@/lib/server/sitemap/queries";
import { createCategory, createGroup, createQuestion, createTag, createUser } from "@/tests/factories";

afterAll(async () => {
  await db.$disconnect();
});

describe("sitemap queries", () => {
  it("lists public and public-group questions, newest first, never a private group's", async () => {
    const author = await createUser();
    const privateGroup = await createGroup({ creator: author, isPrivate: true });
    const publicGroup = await createGroup({ creator: author });
    const open = await createQuestion({ author });
    const inPublicGroup = await createQuestion({ author, group: publicGroup });
    const hidden = await createQuestion({ author, group: privateGroup });

    const ids = (await listSitemapQuestions()).map((q) => q.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, inPublicGroup.id]));
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(inPublicGroup.id)).toBeLessThan(ids.indexOf(open.id));
    expect(await listSitemapQuestions(1)).toHaveLength(1);
  });

  it("lists tags that have questions", async () => {
    const author = await createUser();
    const used = await createTag();
    const unused = await createTag();
    await createQuestion({ author, tags: [used] });
    const names = (await listSitemapTags()).map((t) => t.name);
    expect(names).toContain(used.name);
    expect(names).not.toContain(unused.name);
  });

  it("lists every category", async () => {
    const [empty, full] = [await createCategory(), await createCategory({ tags: [await createTag()] })];
    const ids = (await listSitemapCategories()).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([empty.id, full.id]));
  });

  it("lists the profiles visitors may read: public or never set, not registered-only, private, deleted or the AI's", async () => {
    const unset = await createUser();
    const open = await createUser();
    const registered = await createUser();
    const hidden = await createUser();
    const deleted = await createUser();
    const assistant = await createUser({ isAssistant: true });
    await db.user.update({ where: { id: open.id }, data: { privacySettings: { profileVisibility: "public", showActivity: false } } });
    await db.user.update({ where: { id: registered.id }, data: { privacySettings: { profileVisibility: "registered" } } });
    await db.user.update({ where: { id: hidden.id }, data: { privacySettings: { profileVisibility: "private" } } });
    await db.user.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });

    const ids = (await listSitemapProfiles()).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([unset.id, open.id]));
    for (const other of [registered, hidden, deleted, assistant]) expect(ids).not.toContain(other.id);
    // Most recently changed first.
    expect(ids.indexOf(open.id)).toBeLessThan(ids.indexOf(unset.id));
    expect(await listSitemapProfiles(1)).toHaveLength(1);
  });
});
