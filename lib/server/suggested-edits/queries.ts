import "server-only";
import { db, type Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { decodeCursor, toPage, type Page } from "@/lib/server/pagination";
import { visibleAnswersWhere, visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { suggestedEditSelect, type SuggestedEditRow } from "@/lib/server/suggested-edits/presenters";
import { authorSelect, type AuthorRow } from "@/lib/server/users/presenters";
import { QUESTION_NOT_FOUND } from "@/lib/server/questions/queries";
import type { SuggestedEditListQuery } from "@/lib/validation/suggested-edits";

/** Message of the 404 for a suggested edit that does not exist or whose post the viewer may not see. */
export const SUGGESTED_EDIT_NOT_FOUND = "Suggested edit not found";

/** Suggestions on posts the viewer may see: the question (private groups, hidden posts) and, for an answer, the answer. */
function visibleSuggestedEditsWhere(viewer: Viewer | null): Prisma.SuggestedEditWhereInput {
  const answers = visibleAnswersWhere(viewer);
  // An empty relation filter (staff see every answer) would match no answer at all: leave it out.
  if (Object.keys(answers).length === 0) return { question: visibleQuestionsWhere(viewer) };
  return { question: visibleQuestionsWhere(viewer), OR: [{ answerId: null }, { answer: answers }] };
}

/** A suggested edit with both sides of its diff, or 404 when it does not exist or its post is out of the viewer's sight. */
export async function getSuggestedEditOrThrow(id: number, viewer: Viewer | null): Promise<SuggestedEditRow> {
  const row = await db.suggestedEdit.findFirst({ where: { AND: [{ id }, visibleSuggestedEditsWhere(viewer)] }, select: suggestedEditSelect });
  if (!row) throw notFound(SUGGESTED_EDIT_NOT_FOUND);
  return row;
}

/** The review queue: suggestions with `status` on posts the viewer may see, newest first, a page at a time. */
export async function listSuggestedEdits(viewer: Viewer, query: SuggestedEditListQuery): Promise<Page<SuggestedEditRow>> {
  const after = query.cursor ? decodeCursor(query.cursor, "date") : null;
  const rows = await db.suggestedEdit.findMany({
    where: {
      AND: [
        { status: query.status },
        visibleSuggestedEditsWhere(viewer),
        after ? { OR: [{ createdAt: { lt: after.key } }, { createdAt: after.key, id: { lt: after.id } }] } : {},
      ],
    },
    select: suggestedEditSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, (row) => row.createdAt);
}

/**
 * Who approved the suggested edits that made a post's revisions, by revision number (the
 * revisions pages name them beside the suggester, who is the revision's editor).
 */
export async function listApproversByRevision(post: { questionId: number } | { answerId: number }): Promise<Map<number, AuthorRow>> {
  const rows = await db.suggestedEdit.findMany({
    where: { ...("answerId" in post ? { answerId: post.answerId } : { questionId: post.questionId, answerId: null }), status: "approved", revisionNumber: { not: null } },
    select: { revisionNumber: true, reviewer: { select: authorSelect } },
  });
  return new Map(rows.flatMap((r) => (r.reviewer && r.revisionNumber !== null ? [[r.revisionNumber, r.reviewer] as const] : [])));
}

/** A question the viewer may see with what a suggestion is compared to (title, description, tag names), or 404. */
export async function getQuestionTextOrThrow(id: number, viewer: Viewer | null) {
  const row = await db.question.findFirst({
    where: { AND: [{ id }, visibleQuestionsWhere(viewer)] },
    select: {
      id: true,
      authorId: true,
      groupId: true,
      title: true,
      description: true,
      tags: { select: { tag: { select: { name: true } } }, orderBy: { id: "asc" } },
    },
  });
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return { ...row, tags: row.tags.map((t) => t.tag.name) };
}
