import type { QueryClient } from "@tanstack/react-query";

import { keys } from "@/lib/api-client/keys";
import { invalidateQuestionLists } from "@/lib/api-client/questions";
import type { AnswerJson } from "@/lib/server/answers/presenters";
import type { CommentJson } from "@/lib/server/comments/presenters";
import type { QuestionDetailJson } from "@/lib/server/questions/presenters";

/*
 * Pure edits of a cached QuestionDetail (keys.questions.detail), so that a posted answer, a vote
 * or a comment shows at once from the server's answer without reading the whole page again.
 */

export type QuestionDetail = QuestionDetailJson;
export type Answer = AnswerJson;
export type Comment = CommentJson;

/** Applies `edit` to the cached question detail, if it is cached. */
export function updateQuestionDetail(queryClient: QueryClient, questionId: number, edit: (question: QuestionDetail) => QuestionDetail) {
  queryClient.setQueryData<QuestionDetail>(keys.questions.detail(questionId), (old) => (old ? edit(old) : old));
}

/**
 * Refreshes what shows this question's counts elsewhere (question lists, feeds, tag, group and
 * member pages, a member's answers); the open question page itself is kept up to date by the
 * edits below instead.
 */
export function markQuestionListsStale(queryClient: QueryClient): void {
  void invalidateQuestionLists(queryClient);
  void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === "/api/users" && queryKey[2] === "answers" });
}

/**
 * Where the server would list a new answer: after the accepted answer and every answer scoring
 * at least as much (accepted first, then best score, then oldest).
 */
export function insertAnswer(question: QuestionDetail, answer: Answer): QuestionDetail {
  if (question.answers.some((a) => a.id === answer.id)) return question;
  const index = question.answers.findIndex((a) => !a.isAccepted && a.voteScore < answer.voteScore);
  const answers = [...question.answers];
  answers.splice(index === -1 ? answers.length : index, 0, answer);
  const answerCount = question.answerCount + 1;
  return { ...question, answers, answerCount, _count: { ...question._count, answers: answerCount } };
}

/** The question without one answer (and without that answer's comments in its comment count). */
export function removeAnswer(question: QuestionDetail, answerId: number): QuestionDetail {
  const answer = question.answers.find((a) => a.id === answerId);
  if (!answer) return question;
  const answerCount = Math.max(0, question.answerCount - 1);
  return {
    ...question,
    answers: question.answers.filter((a) => a.id !== answerId),
    answerCount,
    _count: { ...question._count, answers: answerCount },
    commentCount: Math.max(0, question.commentCount - answer.commentCount),
  };
}

// The server's order of the answers other than the accepted one: best score first, then oldest.
const byServerOrder = (a: Answer, b: Answer) => b.voteScore - a.voteScore || a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/** The question once `acceptedAnswerId` (null: none) is its accepted answer, listed first as the server lists it. */
export function setAcceptedAnswer(question: QuestionDetail, acceptedAnswerId: number | null): QuestionDetail {
  const answers = question.answers.map((a) => (a.isAccepted === (a.id === acceptedAnswerId) ? a : { ...a, isAccepted: a.id === acceptedAnswerId }));
  const accepted = answers.filter((a) => a.isAccepted);
  const others = answers.filter((a) => !a.isAccepted).sort(byServerOrder);
  return { ...question, acceptedAnswerId, hasAcceptedAnswer: accepted.length > 0, answers: [...accepted, ...others] };
}

/** Changes one answer. */
export function updateAnswer(question: QuestionDetail, answerId: number, edit: (answer: Answer) => Answer): QuestionDetail {
  let changed = false;
  const answers = question.answers.map((a) => {
    if (a.id !== answerId) return a;
    changed = true;
    return edit(a);
  });
  return changed ? { ...question, answers } : question;
}

const voteValue = (vote: "up" | "down" | null) => (vote === "up" ? 1 : vote === "down" ? -1 : 0);

/** An answer or a question after the viewer's vote changes to `next` (null withdraws it), its score moved to match. */
export function applyVote<T extends { viewerVote: "up" | "down" | null; voteScore: number }>(post: T, next: "up" | "down" | null): T {
  return { ...post, viewerVote: next, voteScore: post.voteScore - voteValue(post.viewerVote) + voteValue(next) };
}

/** How many comments a tree holds, replies included. */
export function countComments(comments: readonly Comment[]): number {
  return comments.reduce((sum, c) => sum + 1 + countComments(c.replies), 0);
}

function withCommentCount(question: QuestionDetail, answerId: number, delta: number): QuestionDetail {
  const edited = updateAnswer(question, answerId, (a) => ({ ...a, commentCount: Math.max(0, a.commentCount + delta) }));
  return { ...edited, commentCount: Math.max(0, question.commentCount + delta) };
}

function mapComments(comments: readonly Comment[], edit: (comment: Comment) => Comment | null): Comment[] {
  return comments.flatMap((c) => {
    const next = edit(c);
    if (!next) return [];
    return [{ ...next, replies: mapComments(next.replies, edit) }];
  });
}

/** Adds a comment to its answer: at the end of the top level, or of its parent's replies. */
export function insertComment(question: QuestionDetail, comment: Comment): QuestionDetail {
  const added = { ...comment, replies: comment.replies ?? [] };
  const edited = updateAnswer(question, comment.answerId, (answer) => {
    if (comment.parentCommentId === null) return { ...answer, comments: [...answer.comments, added] };
    return {
      ...answer,
      comments: mapComments(answer.comments, (c) => (c.id === comment.parentCommentId ? { ...c, replies: [...c.replies, added] } : c)),
    };
  });
  return edited === question ? question : withCommentCount(edited, comment.answerId, 1);
}

/** Replaces a comment's own fields (content, times, edited) and keeps its replies. */
export function replaceComment(question: QuestionDetail, comment: Comment): QuestionDetail {
  return updateAnswer(question, comment.answerId, (answer) => ({
    ...answer,
    comments: mapComments(answer.comments, (c) => (c.id === comment.id ? { ...comment, replies: c.replies } : c)),
  }));
}

/** Finds a comment in a tree. */
export function findComment(comments: readonly Comment[], id: number): Comment | undefined {
  for (const c of comments) {
    if (c.id === id) return c;
    const found = findComment(c.replies, id);
    if (found) return found;
  }
  return undefined;
}

/** Removes a comment and its replies (the server deletes them together). */
export function removeComment(question: QuestionDetail, answerId: number, commentId: number): QuestionDetail {
  const answer = question.answers.find((a) => a.id === answerId);
  const target = answer ? findComment(answer.comments, commentId) : undefined;
  if (!target) return question;
  const removed = 1 + countComments(target.replies);
  const edited = updateAnswer(question, answerId, (a) => ({ ...a, comments: mapComments(a.comments, (c) => (c.id === commentId ? null : c)) }));
  return withCommentCount(edited, answerId, -removed);
}

/** Nests flat comments (oldest first, replies naming their parent) into trees; a reply whose parent is missing stays at the top. */
export function nestComments(flat: readonly Comment[]): Comment[] {
  const byId = new Map<number, Comment>();
  for (const c of flat) byId.set(c.id, { ...c, replies: [] });
  const roots: Comment[] = [];
  for (const c of flat) {
    const node = byId.get(c.id)!;
    const parent = c.parentCommentId === null ? undefined : byId.get(c.parentCommentId);
    if (parent && parent !== node) parent.replies.push(node);
    else if (!roots.includes(node)) roots.push(node);
  }
  return roots;
}

function flattenComments(comments: readonly Comment[]): Comment[] {
  return comments.flatMap((c) => [c, ...flattenComments(c.replies)]);
}

const oldestFirst = (a: Comment, b: Comment) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/**
 * Adds the comments "Show N more comments" loaded (flat, from GET /api/answers/{id}/comments) to
 * the answer's trees, each once and oldest first, and keeps where the list continues (null: all loaded).
 */
export function addLoadedComments(question: QuestionDetail, answerId: number, loaded: readonly Comment[], commentsCursor: string | null): QuestionDetail {
  return updateAnswer(question, answerId, (answer) => {
    const known = flattenComments(answer.comments);
    const ids = new Set(known.map((c) => c.id));
    const all = [...known, ...loaded.filter((c) => !ids.has(c.id))].sort(oldestFirst);
    return { ...answer, comments: nestComments(all), commentsCursor };
  });
}
