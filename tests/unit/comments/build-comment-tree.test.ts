/** @jest-environment node */
import { buildCommentTree, commentTreesByAnswer, isEdited, presentComment, type CommentJson, type CommentRow } from "@/lib/server/comments/presenters";

const t0 = new Date("2026-01-01T10:00:00.000Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

const people = {
  ann: { id: "ann", email: "ann@example.com", firstName: "Ann", lastName: "A", profileImageUrl: null, isAssistant: false },
  ben: { id: "ben", email: "ben@example.com", firstName: null, lastName: null, profileImageUrl: null, isAssistant: false },
};

function row(id: number, opts: { parent?: number | null; depth?: number; answerId?: number; at?: number; updatedAt?: Date; author?: keyof typeof people } = {}): CommentRow {
  const createdAt = at(opts.at ?? id);
  const author = people[opts.author ?? "ann"];
  return {
    id,
    answerId: opts.answerId ?? 1,
    parentCommentId: opts.parent ?? null,
    depth: opts.depth ?? 0,
    content: `comment ${id}`,
    contentHtml: `<p>comment ${id}</p>\n`,
    authorId: author.id,
    createdAt,
    updatedAt: opts.updatedAt ?? createdAt,
    author,
  };
}

const shape = (nodes: CommentJson[]): unknown[] => nodes.map((n) => (n.replies.length ? [n.id, shape(n.replies)] : n.id));

describe("buildCommentTree", () => {
  it("returns an empty list for no rows", () => {
    expect(buildCommentTree([], null)).toEqual([]);
  });

  it("nests replies under their parents, oldest first at every level, whatever the input order", () => {
    const rows = [
      row(6, { parent: 2, depth: 1, at: 3 }),
      row(1, { at: 10 }),
      row(2, { at: 1 }),
      row(3, { parent: 2, depth: 1, at: 5 }),
      row(4, { parent: 3, depth: 2, at: 6 }),
      row(5, { parent: 1, depth: 1, at: 11 }),
    ];
    expect(shape(buildCommentTree(rows, null))).toEqual([[2, [6, [3, [4]]]], [1, [5]]]);
    expect(shape(buildCommentTree([...rows].reverse(), null))).toEqual([[2, [6, [3, [4]]]], [1, [5]]]);
  });

  it("breaks ties in time by id", () => {
    const rows = [row(9, { at: 0 }), row(7, { at: 0 }), row(8, { at: 0 })];
    expect(shape(buildCommentTree(rows, null))).toEqual([7, 8, 9]);
  });

  it("keeps the rows of several answers apart, and groups them by answer", () => {
    const rows = [row(1, { answerId: 10 }), row(2, { answerId: 20 }), row(3, { answerId: 10, parent: 1, depth: 1 }), row(4, { answerId: 20 })];
    const trees = commentTreesByAnswer(rows, null);
    expect(shape(trees.get(10)!)).toEqual([[1, [3]]]);
    expect(shape(trees.get(20)!)).toEqual([2, 4]);
    expect(trees.has(30)).toBe(false);
  });

  it("keeps a reply whose parent is missing as a root rather than losing it", () => {
    expect(shape(buildCommentTree([row(5, { parent: 99, depth: 1 }), row(6)], null))).toEqual([5, 6]);
  });

  it("marks a comment edited only when updatedAt is more than a second after createdAt", () => {
    const [same, within, after] = buildCommentTree(
      [row(1), row(2, { updatedAt: new Date(at(2).getTime() + 1000) }), row(3, { updatedAt: new Date(at(3).getTime() + 1001) })],
      null,
    );
    expect([same!.edited, within!.edited, after!.edited]).toEqual([false, false, true]);
    expect(isEdited({ createdAt: t0, updatedAt: new Date(t0.getTime() + 60_000) })).toBe(true);
  });

  it("embeds what the viewer may do: author edits and deletes, replies only above depth 2, visitors nothing", () => {
    const rows = [row(1, { author: "ann" }), row(2, { parent: 1, depth: 1, author: "ben" }), row(3, { parent: 2, depth: 2, author: "ann" })];
    const [top] = buildCommentTree(rows, { id: "ann" });
    expect(top!.viewerCan).toEqual({ edit: true, delete: true, reply: true });
    expect(top!.replies[0]!.viewerCan).toEqual({ edit: false, delete: false, reply: true });
    expect(top!.replies[0]!.replies[0]!.viewerCan).toEqual({ edit: true, delete: true, reply: false });
    const [asVisitor] = buildCommentTree(rows, null);
    expect(asVisitor!.viewerCan).toEqual({ edit: false, delete: false, reply: false });
  });

  it("presents exactly the Comment keys, with ISO times and the author's e-mail only for the author", () => {
    const json = presentComment(row(1, { author: "ben" }), { id: "ann" });
    expect(Object.keys(json).sort()).toEqual(
      ["answerId", "author", "canFlag", "content", "contentHtml", "createdAt", "depth", "edited", "hidden", "id", "parentCommentId", "replies", "updatedAt", "viewerCan"].sort(),
    );
    expect(json.createdAt).toBe(at(1).toISOString());
    expect(json.author).toEqual({ id: "ben", firstName: null, lastName: null, profileImageUrl: null, handle: "ben" });
    expect(presentComment(row(1, { author: "ben" }), { id: "ben" }).author.email).toBe("ben@example.com");
    expect(json).not.toHaveProperty("authorId");
  });
});
