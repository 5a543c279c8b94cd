/** @jest-environment node */
import { db } from "@/lib/server/db";
import { listSitemapQuestions, listSitemapTags } from "@/lib/server/sitemap/queries";
import { createGroup, createQuestion, createTag, createUser } from "@/tests/factories";

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
});
