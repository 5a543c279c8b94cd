import "server-only";
import { pendingEditSelect } from "@/lib/server/suggested-edits/presenters";
import { db, type Prisma } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { visibleAnswersWhere, visibleCommentsWhere, visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { answerSelect, presentAnswer, toVoteType, type AnswerJson, type AnswerRow } from "@/lib/server/answers/presenters";
import { commentSelect, commentTreesByAnswer, type CommentRow } from "@/lib/server/comments/presenters";
import { COMMENT_ORDER, COMMENTS_PER_ANSWER } from "@/lib/server/comments/queries";
import { toPage } from "@/lib/server/pagination";
import { aiRevisionRowsSelect, verdictRowsSelect, type AiRevisionRow, type VerdictRow } from "@/lib/server/verification/presenters";
import type { VoteType } from "@/lib/validation/votes";

/** Message of the 404 for a missing or hidden answer. */
export const ANSWER_NOT_FOUND = "Answer not found";

/** Message of the 404 for a missing or hidden question. */
export const QUESTION_NOT_FOUND = "Question not found";

// Matches no member: a visitor's "votes" relation then loads nothing.
const NOBODY = "";

/** Order of a question's answers: best score first, then oldest. */
const ANSWER_ORDER = [{ voteScore: "desc" }, { createdAt: "asc" }, { id: "asc" }] as const satisfies Prisma.AnswerOrderByWithRelationInput[];

/** The few columns of a question that answering it needs. */
export interface AnswerableQuestion {
  id: number;
  title: string;
  authorId: string;
  groupId: number | null;
  /** Closed or locked questions take no new answers (lib/server/question-states/guards.ts). */
  closedAt: Date | null;
  lockedAt: Date | null;
}

/** A question the viewer may see, to answer it, or 404 "Question not found" (also when it is hidden from them). */
export async function getQuestionToAnswerOrThrow(id: number, viewer: Viewer | null): Promise<AnswerableQuestion> {
  const question = await db.question.findFirst({
    where: { AND: [{ id }, visibleQuestionsWhere(viewer)] },
    select: { id: true, title: true, authorId: true, groupId: true, closedAt: true, lockedAt: true },
  });
  if (!question) throw notFound(QUESTION_NOT_FOUND);
  return question;
}

/** An answer the viewer may see (its question visible to them, and not hidden pending review unless theirs or they are staff), or null. */
export async function getAnswer(id: number, viewer: Viewer | null): Promise<AnswerRow | null> {
  return db.answer.findFirst({ where: { AND: [{ id, question: visibleQuestionsWhere(viewer) }, visibleAnswersWhere(viewer)] }, select: answerSelect });
}

/** An answer the viewer may see, or 404 "Answer not found" (also when it is hidden from them). */
export async function getAnswerOrThrow(id: number, viewer: Viewer | null): Promise<AnswerRow> {
  const answer = await getAnswer(id, viewer);
  if (!answer) throw notFound(ANSWER_NOT_FOUND);
  return answer;
}

/** The viewer's votes on the given answers, by answer id (empty for a visitor). */
export async function listViewerVotes(viewer: Viewer | null, answerIds: readonly number[]): Promise<Map<number, VoteType>> {
  const votes = new Map<number, VoteType>();
  if (!viewer || answerIds.length === 0) return votes;
  const rows = await db.vote.findMany({
    where: { userId: viewer.id, answerId: { in: [...answerIds] } },
    select: { answerId: true, voteType: true },
  });
  for (const row of rows) {
    const type = toVoteType(row.voteType);
    if (type) votes.set(row.answerId, type);
  }
  return votes;
}

/**
 * The columns presentAnswers needs: each answer with its first comments (one more than shown, to
 * know whether there are more) and the viewer's vote, so that
 * with relationJoins one statement loads them all (nested in the question's own read on the
 * question page: a round trip to PostgreSQL costs more of the server's CPU than the JSON it returns).
 */
export function presentedAnswersSelect(viewer: Viewer | null) {
  return {
    // Answers and comments hidden pending review are left out for everyone but their authors and staff.
    where: visibleAnswersWhere(viewer),
    select: {
      ...answerSelect,
      comments: { where: visibleCommentsWhere(viewer), select: commentSelect, orderBy: [...COMMENT_ORDER], take: COMMENTS_PER_ANSWER + 1 },
      votes: { where: { userId: viewer?.id ?? NOBODY }, select: { voteType: true }, take: 1 },
      suggestedEdits: pendingEditSelect("answer"),
      verifications: verdictRowsSelect(viewer),
      aiRevisionJobs: aiRevisionRowsSelect,
    },
    orderBy: ANSWER_ORDER,
  } as const satisfies Prisma.Question$answersArgs;
}

type PresentableAnswerRow = AnswerRow & { comments: CommentRow[]; votes: { voteType: string }[]; verifications: VerdictRow[]; aiRevisionJobs: AiRevisionRow[] };

/**
 * Answers read with presentedAnswersSelect, presented with the trees of their first
 * COMMENTS_PER_ANSWER comments (the oldest, so every reply's parent is among them), the cursor
 * of the rest, and the viewer's vote; the question's accepted answer (acceptedAnswerId) comes
 * first, the others keep their order.
 */
export function presentAnswers(rows: readonly PresentableAnswerRow[], viewer: Viewer | null, acceptedAnswerId: number | null = null): AnswerJson[] {
  const pages = new Map(rows.map((row) => [row.id, toPage(row.comments, COMMENTS_PER_ANSWER, (c) => c.createdAt)]));
  const trees = commentTreesByAnswer([...pages.values()].flatMap((page) => page.rows), viewer);
  const ordered = [...rows.filter((row) => row.id === acceptedAnswerId), ...rows.filter((row) => row.id !== acceptedAnswerId)];
  return ordered.map(({ comments: _comments, votes, verifications, aiRevisionJobs, ...row }) =>
    presentAnswer(row, {
      viewer,
      viewerVote: toVoteType(votes[0]?.voteType) ?? null,
      comments: trees.get(row.id) ?? [],
      commentsCursor: pages.get(row.id)?.nextCursor ?? null,
      isAccepted: row.id === acceptedAnswerId,
      verdicts: verifications,
      revisions: aiRevisionJobs,
    }),
  );
}

/**
 * A question's answers as GET /api/questions/{id} and the question page show them: presented,
 * with the viewer's votes and the comment trees, in one query (visibility is the caller's).
 */
export async function listPresentedAnswers(questionId: number, viewer: Viewer | null, acceptedAnswerId: number | null = null): Promise<AnswerJson[]> {
  const { where, select, orderBy } = presentedAnswersSelect(viewer);
  return presentAnswers(await db.answer.findMany({ where: { AND: [{ questionId }, where] }, select, orderBy: [...orderBy] }), viewer, acceptedAnswerId);
}

/** One answer as GET /api/questions/{id} presents it (comments, the viewer's vote, whether accepted), or 404 "Answer not found" (also when hidden). */
export async function getPresentedAnswerOrThrow(id: number, viewer: Viewer | null): Promise<AnswerJson> {
  const { where, select } = presentedAnswersSelect(viewer);
  const rows = await db.answer.findMany({ where: { AND: [{ id, question: visibleQuestionsWhere(viewer) }, where] }, select: { ...select, acceptedBy: { select: { id: true } } }, take: 1 });
  const [answer] = presentAnswers(
    rows.map(({ acceptedBy: _acceptedBy, ...row }) => row),
    viewer,
    rows[0]?.acceptedBy ? id : null,
  );
  if (!answer) throw notFound(ANSWER_NOT_FOUND);
  return answer;
}
