import "server-only";
import { can, commentViewerCan, type Viewer } from "@/lib/server/policy";
import { authorSelect, presentAuthor, type AuthorJson } from "@/lib/server/users/presenters";

/** The columns presentComment and buildCommentTree need; select exactly these. */
export const commentSelect = {
  id: true,
  answerId: true,
  parentCommentId: true,
  depth: true,
  content: true,
  contentHtml: true,
  authorId: true,
  hiddenAt: true,
  createdAt: true,
  updatedAt: true,
  author: { select: authorSelect },
} as const;

/** A comment row as selected by commentSelect. */
export interface CommentRow {
  id: number;
  answerId: number;
  parentCommentId: number | null;
  depth: number;
  content: string;
  contentHtml: string;
  authorId: string;
  /** Set while hidden pending review (issue 14); only its author and staff load it then. */
  hiddenAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
  author: Parameters<typeof presentAuthor>[0];
}

/** A comment as docs/API.md shapes it: replies nested, what the viewer may do with it. */
export interface CommentJson {
  id: number;
  answerId: number;
  parentCommentId: number | null;
  depth: number;
  content: string;
  contentHtml: string;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
  author: AuthorJson;
  replies: CommentJson[];
  viewerCan: { edit: boolean; delete: boolean; reply: boolean };
  /** Hidden pending review: shown to its author and moderators with a banner, to nobody else (issue 14). */
  hidden?: boolean;
  /** Whether the viewer may flag it (policy "flag.create"). */
  canFlag?: boolean;
}

// Saving a comment sets both times in the same statement; only a later edit moves updatedAt this far.
const EDITED_AFTER_MS = 1000;

/** Whether a comment was changed after it was posted (SPEC.md section 4: shown as "(edited)"). */
export function isEdited(row: { createdAt: Date; updatedAt: Date }): boolean {
  return Math.abs(row.updatedAt.getTime() - row.createdAt.getTime()) > EDITED_AFTER_MS;
}

/** One comment without its replies (replies: []), for the viewer (null for a visitor). */
export function presentComment(row: CommentRow, viewer: Viewer | null): CommentJson {
  return {
    id: row.id,
    answerId: row.answerId,
    parentCommentId: row.parentCommentId,
    depth: row.depth,
    content: row.content,
    contentHtml: row.contentHtml,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: isEdited(row),
    author: presentAuthor(row.author, viewer?.id),
    replies: [],
    viewerCan: commentViewerCan(viewer, row),
    hidden: row.hiddenAt != null,
    canFlag: can(viewer, "flag.create", row),
  };
}

const oldestFirst = (a: CommentRow, b: CommentRow) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;

/**
 * Nests flat comment rows (of one or many answers) into trees, oldest first at every level;
 * a row whose parent is not among the rows is kept as a root rather than lost.
 */
export function buildCommentTree(rows: readonly CommentRow[], viewer: Viewer | null): CommentJson[] {
  const sorted = [...rows].sort(oldestFirst);
  const byId = new Map<number, CommentJson>();
  for (const row of sorted) byId.set(row.id, presentComment(row, viewer));
  const roots: CommentJson[] = [];
  for (const row of sorted) {
    const node = byId.get(row.id)!;
    const parent = row.parentCommentId === null ? undefined : byId.get(row.parentCommentId);
    if (parent && parent !== node) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The comment trees of many answers at once, by answer id (answers without comments are absent). */
export function commentTreesByAnswer(rows: readonly CommentRow[], viewer: Viewer | null): Map<number, CommentJson[]> {
  const trees = new Map<number, CommentJson[]>();
  for (const root of buildCommentTree(rows, viewer)) {
    const list = trees.get(root.answerId);
    if (list) list.push(root);
    else trees.set(root.answerId, [root]);
  }
  return trees;
}
