// Small factories for integration tests: rows inserted directly with Prisma, unique names so
// test files can share one database, counters kept consistent the way the app keeps them.
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { createSession } from "@/lib/server/auth/session";
import { renderMarkdown } from "@/lib/markdown/render";

/** A short random suffix for names that must be unique across test files. */
export const unique = () => crypto.randomBytes(5).toString("hex");

/**
 * `n` random letters: a made-up word that full-text search stems as one lexeme (digits would split
 * it), so only the test file that made it finds its posts.
 */
export const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

/** A unique e-mail address with a readable tag. */
export const uniqueEmail = (tag = "user") => `${tag}-${unique()}@example.com`;

export type TestUser = Awaited<ReturnType<typeof createUser>>;

/**
 * A member (or, with isAssistant, the kind of account automatic answers are posted by), with a
 * verified e-mail address unless `emailVerifiedAt: null` asks for an unverified one.
 */
export async function createUser(
  data: { tag?: string; firstName?: string | null; lastName?: string | null; isAssistant?: boolean; email?: string; emailVerifiedAt?: Date | null } = {},
) {
  const { tag, ...rest } = data;
  return db.user.create({ data: { email: uniqueEmail(tag ?? "user"), emailVerifiedAt: new Date(), ...rest } });
}

/** A group with its creator as first member, plus the given members; private when asked. */
export async function createGroup({ creator, members = [], isPrivate = false, name }: { creator: { id: string }; members?: { id: string }[]; isPrivate?: boolean; name?: string }) {
  const group = await db.group.create({
    data: { name: name ?? `Group ${unique()}`, creatorId: creator.id, isPrivate, memberCount: 1 + members.length },
  });
  await db.groupMember.createMany({
    data: [{ groupId: group.id, userId: creator.id, role: "creator" }, ...members.map((m) => ({ groupId: group.id, userId: m.id }))],
  });
  return group;
}

/** A pending request by `user` to join a private group. */
export async function createJoinRequest({ group, user }: { group: { id: number }; user: { id: string } }) {
  return db.groupJoinRequest.create({ data: { groupId: group.id, userId: user.id } });
}

/** A pending invitation of `user` to `group`, sent by `inviter` (the group's creator). */
export async function createGroupInvitation({ group, user, inviter }: { group: { id: number }; user: { id: string }; inviter: { id: string } }) {
  return db.groupInvitation.create({ data: { groupId: group.id, userId: user.id, inviterId: inviter.id } });
}

/** A group's stored member and question counts beside the values recounted from the rows; a test expects them equal. */
export async function groupCountersOf(groupId: number) {
  const [row] = await db.$queryRaw<{ memberCount: number; questionCount: number; members: number; questions: number }[]>`
    SELECT g.member_count AS "memberCount", g.question_count AS "questionCount",
           (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS members,
           (SELECT count(*)::int FROM questions q WHERE q.group_id = g.id) AS questions
      FROM groups g WHERE g.id = ${groupId}`;
  if (!row) throw new Error(`No group ${groupId}`);
  return { stored: { memberCount: row.memberCount, questionCount: row.questionCount }, recounted: { memberCount: row.members, questionCount: row.questions } };
}

/** A tag with a unique name. */
export async function createTag(name?: string) {
  return db.tag.create({ data: { name: name ?? `tag-${unique()}` } });
}

/** A category with a unique name (and the given tags moved into it). */
export async function createCategory({ name, tags = [] }: { name?: string; tags?: { id: number }[] } = {}) {
  const category = await db.category.create({ data: { name: name ?? `Category ${unique()}`, color: "#2563eb", description: "Things that belong together." } });
  if (tags.length > 0) await db.tag.updateMany({ where: { id: { in: tags.map((t) => t.id) } }, data: { categoryId: category.id } });
  return category;
}

/** A question (optionally in a group, with tags), with zero answers, votes and comments. */
export async function createQuestion({
  author,
  group,
  title,
  description = "",
  tags = [],
}: {
  author: { id: string };
  group?: { id: number } | null;
  title?: string;
  description?: string;
  tags?: { id: number }[];
}) {
  const question = await db.question.create({
    data: {
      title: title ?? `A question worth asking ${unique()}`,
      description,
      descriptionHtml: renderMarkdown(description),
      authorId: author.id,
      groupId: group?.id ?? null,
      tags: { create: tags.map((t) => ({ tagId: t.id })) },
    },
  });
  if (tags.length) await db.tag.updateMany({ where: { id: { in: tags.map((t) => t.id) } }, data: { questionCount: { increment: 1 } } });
  if (group) await db.group.update({ where: { id: group.id }, data: { questionCount: { increment: 1 } } });
  return question;
}

/** An answer on a question; the question's answer count goes up with it. */
export async function createAnswer({
  question,
  author,
  content,
  isAutoGenerated = false,
  customPrompt = null,
}: {
  question: { id: number };
  author: { id: string };
  content?: string;
  isAutoGenerated?: boolean;
  customPrompt?: string | null;
}) {
  const text = content ?? `An answer with some **substance** ${unique()}`;
  const [answer] = await db.$transaction([
    db.answer.create({
      data: { questionId: question.id, authorId: author.id, content: text, contentHtml: renderMarkdown(text), isAutoGenerated, customPrompt },
    }),
    db.question.update({ where: { id: question.id }, data: { answerCount: { increment: 1 } } }),
  ]);
  return answer;
}

/** A vote on an answer; the answer's and the question's scores move with it. */
export async function createVote({ answer, user, voteType }: { answer: { id: number; questionId: number }; user: { id: string }; voteType: "up" | "down" }) {
  const delta = voteType === "up" ? 1 : -1;
  const [vote] = await db.$transaction([
    db.vote.create({ data: { answerId: answer.id, userId: user.id, voteType } }),
    db.answer.update({ where: { id: answer.id }, data: { voteScore: { increment: delta } } }),
  ]);
  return vote;
}

/** A vote on a question itself; the question's own score moves with it. */
export async function createQuestionVote({ question, user, voteType }: { question: { id: number }; user: { id: string }; voteType: "up" | "down" }) {
  const delta = voteType === "up" ? 1 : -1;
  const [vote] = await db.$transaction([
    db.questionVote.create({ data: { questionId: question.id, userId: user.id, voteType } }),
    db.question.update({ where: { id: question.id }, data: { voteScore: { increment: delta } } }),
  ]);
  return vote;
}

/** A comment on an answer, or a reply to `parent`; the answer's and question's comment counts go up. */
export async function createComment({
  answer,
  author,
  parent,
  content,
}: {
  answer: { id: number; questionId: number };
  author: { id: string };
  parent?: { id: number; depth: number } | null;
  content?: string;
}) {
  const text = content ?? `A comment ${unique()}`;
  const [comment] = await db.$transaction([
    db.comment.create({
      data: {
        answerId: answer.id,
        authorId: author.id,
        parentCommentId: parent?.id ?? null,
        depth: parent ? parent.depth + 1 : 0,
        content: text,
        contentHtml: renderMarkdown(text),
      },
    }),
    db.answer.update({ where: { id: answer.id }, data: { commentCount: { increment: 1 } } }),
    db.question.update({ where: { id: answer.questionId }, data: { commentCount: { increment: 1 } } }),
  ]);
  return comment;
}

const cookies = new Map<string, string>();

/** The Cookie header value of a signed-in session for the user (one session per user per test file). */
export async function sessionCookie(user: { id: string }): Promise<string> {
  let cookie = cookies.get(user.id);
  if (!cookie) {
    const session = await createSession(user.id, new Request("http://localhost/"));
    cookie = session.cookie.split(";")[0]!;
    cookies.set(user.id, cookie);
  }
  return cookie;
}

type TestRequestInit = RequestInit & { json?: unknown };

function buildRequest(url: string, init: TestRequestInit, cookie?: string): Request {
  const { json, headers, ...rest } = init;
  const h = new Headers(headers);
  if (cookie) h.set("Cookie", cookie);
  let body = rest.body;
  if (json !== undefined) {
    body = JSON.stringify(json);
    h.set("Content-Type", "application/json");
  }
  return new Request(url.startsWith("http") ? url : `http://localhost${url}`, { ...rest, headers: h, body });
}

/** A request from a signed-in member; `json` becomes the JSON body. */
export async function signedInRequest(user: { id: string }, url: string, init: TestRequestInit = {}): Promise<Request> {
  return buildRequest(url, init, await sessionCookie(user));
}

/** A request from a visitor (no session cookie); `json` becomes the JSON body. */
export function visitorRequest(url: string, init: TestRequestInit = {}): Request {
  return buildRequest(url, init);
}

/** The second argument Next.js passes to a route handler. */
export function routeContext(params: Record<string, string> = {}) {
  return { params: Promise.resolve(params) };
}

/**
 * The stored counters of a question and its answers beside the values recounted from the rows
 * (answers, votes, comments); a test expects the two to be equal.
 */
export async function countersOf(questionId: number) {
  const [question] = await db.$queryRaw<{ answerCount: number; voteScore: number; commentCount: number }[]>`
    SELECT answer_count AS "answerCount", vote_score AS "voteScore", comment_count AS "commentCount"
      FROM questions WHERE id = ${questionId}`;
  const [recounted] = await db.$queryRaw<{ answerCount: number; voteScore: number; commentCount: number }[]>`
    SELECT (SELECT count(*)::int FROM answers a WHERE a.question_id = ${questionId}) AS "answerCount",
           (SELECT coalesce(sum(CASE v.vote_type WHEN 'up' THEN 1 ELSE -1 END), 0)::int
              FROM question_votes v WHERE v.question_id = ${questionId}) AS "voteScore",
           (SELECT count(*)::int FROM comments c JOIN answers a ON a.id = c.answer_id WHERE a.question_id = ${questionId}) AS "commentCount"`;
  const answers = await db.$queryRaw<{ id: number; voteScore: number; commentCount: number; votes: number; comments: number }[]>`
    SELECT a.id, a.vote_score AS "voteScore", a.comment_count AS "commentCount",
           (SELECT coalesce(sum(CASE v.vote_type WHEN 'up' THEN 1 ELSE -1 END), 0)::int FROM votes v WHERE v.answer_id = a.id) AS votes,
           (SELECT count(*)::int FROM comments c WHERE c.answer_id = a.id) AS comments
      FROM answers a WHERE a.question_id = ${questionId} ORDER BY a.id`;
  return {
    stored: { question, answers: answers.map((a) => ({ id: a.id, voteScore: a.voteScore, commentCount: a.commentCount })) },
    recounted: { question: recounted, answers: answers.map((a) => ({ id: a.id, voteScore: a.votes, commentCount: a.comments })) },
  };
}

/** Changes some of a member's notification switches (the rest keep SPEC.md's defaults). */
export async function setNotificationSettings(
  user: { id: string },
  settings: Partial<Record<"emailNotifications" | "pushNotifications" | "weeklyDigest" | "newAnswers" | "newFollowers" | "upvotes", boolean>>,
) {
  const current = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { notificationSettings: true } });
  await db.user.update({
    where: { id: user.id },
    data: { notificationSettings: { ...((current.notificationSettings ?? {}) as object), ...settings } },
  });
}

/** The member follows the tag. */
export async function followTag(user: { id: string }, tag: { id: number }) {
  await db.tagFollow.create({ data: { userId: user.id, tagId: tag.id } });
  await db.tag.update({ where: { id: tag.id }, data: { followCount: { increment: 1 } } });
}
