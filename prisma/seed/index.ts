// Seeds the demo community: empties every Agora table, then inserts the content of content.ts
// in one transaction with one createMany per table. Ids are assigned here (in time order) so
// that links inside notifications can be built before inserting; sequences are moved past them.
import crypto from "node:crypto";
import type { Prisma, PrismaClient } from "../../lib/generated/prisma/client";
import { renderMarkdown } from "../../lib/markdown/render";
import { ANSWER_MIN_LENGTH } from "../../lib/validation/messages/answers";
import { hashPassword } from "../../lib/server/auth/password";
import {
  assistant,
  categories,
  categoryFollows,
  DEMO_PASSWORD,
  demoEmail,
  groups,
  members,
  pendingJoinRequests,
  questions,
  savedQuestions,
  tagFollows,
  tags,
  userFollows,
  type DemoComment,
  type DemoQuestion,
} from "./content";

import { buildEditHistories } from "./edit-histories";
import { voteFoldMessage, voteFoldTitle } from "../../lib/vote-folds";
import { backfillReputation, recomputeReputation } from "../../lib/server/reputation/ledger";

export { demoLogins, DEMO_PASSWORD } from "./content";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Options for seedDemoCommunity. */
export interface SeedOptions {
  log?: (message: string) => void;
  /** The moment every relative time is counted back from (default: now). */
  now?: Date;
}

/** Deterministic pseudo-random numbers (mulberry32), so the demo is the same on every seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable cuid-shaped id for a demo account, so profile URLs survive a re-seed. */
export function demoUserId(key: string): string {
  return `c${crypto.createHash("sha256").update(`agora-demo-user:${key}`).digest("hex").slice(0, 24)}`;
}

const ASSISTANT_KEY = "agora-ai";

const AI_SYSTEM_PROMPT = [
  "You are Agora AI, the assistant of a community question-and-answer site for software developers.",
  "Answer the member's question accurately and concisely in GitHub-flavoured Markdown.",
  "Prefer concrete steps and short, runnable code examples. Say when the answer depends on details the member did not give.",
  "When related community posts are listed, use them where relevant; never invent links.",
].join("\n");

type AiSource = { id: number; type: "question"; title: string; url: string };

function buildAiPrompt(question: DemoQuestion, sources: AiSource[], customPrompt?: string): string {
  const parts = [
    `System:\n${AI_SYSTEM_PROMPT}`,
    `Question: ${question.title}\nTags: ${question.tags.join(", ")}\n\n${question.body}`,
  ];
  if (sources.length) {
    parts.push(`Related community posts:\n${sources.map((s) => `- #${s.id} ${s.title} (${s.url})`).join("\n")}`);
  }
  if (customPrompt) parts.push(`The member asks for this answer:\n${customPrompt}`);
  return parts.join("\n\n");
}

/** Plausible provenance numbers for a generated answer of this length. */
function aiUsage(prompt: string, content: string) {
  const inputTokens = Math.ceil(prompt.length / 4);
  const outputTokens = Math.ceil(content.length / 3.8);
  return { inputTokens, outputTokens, durationMs: 650 + outputTokens * 21 };
}

function displayName(key: string): string {
  if (key === ASSISTANT_KEY) return `${assistant.firstName} ${assistant.lastName}`;
  const m = members.find((x) => x.key === key)!;
  return `${m.firstName} ${m.lastName}`;
}

function quote(title: string): string {
  return `“${shortTitle(title)}”`;
}

/** A question title as notifications quote it (their params keep it unquoted: each language quotes its own way). */
function shortTitle(title: string): string {
  return title.length > 90 ? `${title.slice(0, 89)}…` : title;
}

interface Rows {
  users: Prisma.UserCreateManyInput[];
  categories: Prisma.CategoryCreateManyInput[];
  tags: Prisma.TagCreateManyInput[];
  groups: Prisma.GroupCreateManyInput[];
  groupMembers: Prisma.GroupMemberCreateManyInput[];
  joinRequests: Prisma.GroupJoinRequestCreateManyInput[];
  questions: Prisma.QuestionCreateManyInput[];
  questionTags: Prisma.QuestionTagCreateManyInput[];
  answers: Prisma.AnswerCreateManyInput[];
  comments: Prisma.CommentCreateManyInput[];
  votes: Prisma.VoteCreateManyInput[];
  questionVotes: Prisma.QuestionVoteCreateManyInput[];
  userFollows: Prisma.UserFollowCreateManyInput[];
  categoryFollows: Prisma.CategoryFollowCreateManyInput[];
  tagFollows: Prisma.TagFollowCreateManyInput[];
  savedQuestions: Prisma.SavedQuestionCreateManyInput[];
  notifications: Prisma.NotificationCreateManyInput[];
  aiJobs: Prisma.AiAnswerJobCreateManyInput[];
  /** The accepted answer of each question that has one. */
  acceptances: { questionId: number; answerId: number }[];
}

/** Builds every row of the demo community in memory, checking the content's consistency. */
export async function buildDemoRows(now: Date = new Date()): Promise<Rows> {
  const nowMs = now.getTime();
  const latest = nowMs - 30_000;
  const ago = (days: number) => new Date(nowMs - days * DAY);
  const fail = (message: string): never => {
    throw new Error(`demo content: ${message}`);
  };
  const check = (time: Date, what: string) => {
    if (time.getTime() > latest) fail(`${what} would be in the future`);
    return time;
  };

  // Members and the assistant.
  const userId = new Map<string, string>([[ASSISTANT_KEY, demoUserId(ASSISTANT_KEY)]]);
  const joined = new Map<string, Date>([[ASSISTANT_KEY, ago(assistant.joinedDaysAgo)]]);
  for (const m of members) {
    userId.set(m.key, demoUserId(m.key));
    joined.set(m.key, ago(m.joinedDaysAgo));
  }
  const idOf = (key: string) => userId.get(key) ?? fail(`unknown member "${key}"`);
  // One hash for all: the demo password is public anyway, and scrypt is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: Prisma.UserCreateManyInput[] = [
    {
      id: idOf(ASSISTANT_KEY),
      email: assistant.email,
      firstName: assistant.firstName,
      lastName: assistant.lastName,
      bio: assistant.bio,
      isAssistant: true,
      createdAt: joined.get(ASSISTANT_KEY)!,
      updatedAt: joined.get(ASSISTANT_KEY)!,
    },
    ...members.map((m) => ({
      id: idOf(m.key),
      email: demoEmail(m.key),
      passwordHash,
      firstName: m.firstName,
      lastName: m.lastName,
      bio: m.bio,
      website: m.website,
      socialLinks: m.social,
      city: m.city,
      country: m.country,
      role: m.role ?? "member",
      emailVerifiedAt: joined.get(m.key)!, // demo members proved their address when they joined
      createdAt: joined.get(m.key)!,
      updatedAt: joined.get(m.key)!,
    })),
  ];

  // Categories and tags.
  const categoryId = new Map(categories.map((c, i) => [c.name, i + 1]));
  const tagId = new Map(tags.map((t, i) => [t.name, i + 1]));
  const tagOf = (name: string) => tagId.get(name) ?? fail(`unknown tag "${name}"`);
  const categoryOf = (name: string) => categoryId.get(name) ?? fail(`unknown category "${name}"`);
  const earliest = ago(assistant.joinedDaysAgo);
  const categoryRows = categories.map((c, i) => ({ id: i + 1, ...c, createdAt: earliest }));
  const tagQuestionCount = new Map<number, number>();
  const tagFollowCount = new Map<number, number>();

  // Groups.
  const groupId = new Map(groups.map((g, i) => [g.key, i + 1]));
  const groupMemberKeys = new Map(groups.map((g) => [g.key, new Set(g.members.map((m) => m.member))]));
  const groupOf = (key: string) => groupId.get(key) ?? fail(`unknown group "${key}"`);
  const groupQuestionCount = new Map<number, number>();
  let groupMemberRowId = 0;
  const groupMembers: Prisma.GroupMemberCreateManyInput[] = [];
  for (const g of groups) {
    if (g.members[0]?.joinedDaysAgo !== g.createdDaysAgo) fail(`group ${g.key}: the creator must be its first member`);
    g.members.forEach((m, i) => {
      if (joined.get(m.member)! > ago(m.joinedDaysAgo)) fail(`${m.member} joins ${g.key} before signing up`);
      groupMembers.push({
        id: ++groupMemberRowId,
        groupId: groupOf(g.key),
        userId: idOf(m.member),
        role: i === 0 ? "admin" : "member",
        joinedAt: check(ago(m.joinedDaysAgo), `${m.member} joining ${g.key}`),
      });
    });
  }
  const joinRequests = pendingJoinRequests.map((r, i) => {
    if (!groups.find((g) => g.key === r.group)?.isPrivate) fail(`join request to public group ${r.group}`);
    if (groupMemberKeys.get(r.group)!.has(r.member)) fail(`${r.member} already belongs to ${r.group}`);
    return { id: i + 1, groupId: groupOf(r.group), userId: idOf(r.member), createdAt: ago(r.daysAgo) };
  });

  // Questions, oldest first, so ids follow time.
  const questionRows: Prisma.QuestionCreateManyInput[] = [];
  const questionTags: Prisma.QuestionTagCreateManyInput[] = [];
  const questionIdByKey = new Map<string, number>();
  const questionTime = new Map<number, Date>();
  const questionByKey = new Map(questions.map((q) => [q.key, q]));
  if (questionByKey.size !== questions.length) fail("question keys must be unique");
  const rng = random(20261121);

  type PendingAnswer = {
    questionId: number;
    question: DemoQuestion;
    by: string;
    createdAt: Date;
    content: string;
    auto: boolean;
    prompt?: string;
    sources: AiSource[];
    comments: DemoComment[];
  };
  const pendingAnswers: PendingAnswer[] = [];
  // Who may take part in a question: everyone, or only the members of its private group.
  const mayParticipate = (q: DemoQuestion, key: string) => {
    if (!q.group) return true;
    const group = groups.find((g) => g.key === q.group)!;
    return !group.isPrivate || groupMemberKeys.get(q.group)!.has(key);
  };

  questions.forEach((q, index) => {
    const id = index + 1;
    const createdAt = check(ago(q.daysAgo), `question ${q.key}`);
    if (createdAt < joined.get(q.by)!) fail(`question ${q.key} predates its author`);
    if (q.title.length < 10 || q.title.length > 200) fail(`question ${q.key}: title must have 10 to 200 characters`);
    if (q.tags.length < 1 || q.tags.length > 4) fail(`question ${q.key}: 1 to 4 tags`);
    if (q.group) {
      const g = groups.find((x) => x.key === q.group) ?? fail(`unknown group ${q.group}`);
      const membership = g.members.find((m) => m.member === q.by) ?? fail(`${q.by} posts in ${g.key} without being a member`);
      if (ago(membership.joinedDaysAgo) > createdAt) fail(`${q.by} posts in ${g.key} before joining`);
      groupQuestionCount.set(groupOf(g.key), (groupQuestionCount.get(groupOf(g.key)) ?? 0) + 1);
    }
    questionIdByKey.set(q.key, id);
    questionTime.set(id, createdAt);
    questionRows.push({
      id,
      title: q.title,
      description: q.body,
      descriptionHtml: renderMarkdown(q.body),
      authorId: idOf(q.by),
      groupId: q.group ? groupOf(q.group) : null,
      viewCount: q.views,
      createdAt,
      updatedAt: createdAt,
      // answerCount, voteScore and lastActivityAt are filled in once answers exist.
    });
    for (const name of q.tags) {
      const tag = tagOf(name);
      questionTags.push({ id: questionTags.length + 1, questionId: id, tagId: tag, createdAt });
      tagQuestionCount.set(tag, (tagQuestionCount.get(tag) ?? 0) + 1);
    }

    // The AI draws on earlier public questions sharing the most tags with this one.
    const sources: AiSource[] = questions
      .slice(0, index)
      .map((other, j) => ({ other, id: j + 1, shared: other.tags.filter((t) => q.tags.includes(t)).length }))
      .filter(({ other, shared }) => shared > 0 && (!other.group || !groups.find((g) => g.key === other.group)!.isPrivate))
      .sort((a, b) => b.shared - a.shared || b.id - a.id)
      .slice(0, 2)
      .map(({ other, id: sourceId }) => ({ id: sourceId, type: "question", title: other.title, url: `/questions/${sourceId}` }));
    const aiPrompt = buildAiPrompt(q, sources);
    const usage = aiUsage(aiPrompt, q.ai.text);
    pendingAnswers.push({
      questionId: id,
      question: q,
      by: ASSISTANT_KEY,
      // Picked up by the worker a second or two after posting, then generated.
      createdAt: check(new Date(createdAt.getTime() + 1500 + Math.round(rng() * 1500) + usage.durationMs), `AI answer to ${q.key}`),
      content: q.ai.text,
      auto: true,
      sources,
      comments: q.ai.comments ?? [],
    });
    for (const a of q.answers) {
      if (!mayParticipate(q, a.by)) fail(`${a.by} answers private question ${q.key}`);
      if (a.by === q.by) fail(`${a.by} answers their own question ${q.key}`);
      if (a.text.trim().length < ANSWER_MIN_LENGTH) fail(`answer by ${a.by} to ${q.key} is shorter than ${ANSWER_MIN_LENGTH} characters`);
      pendingAnswers.push({
        questionId: id,
        question: q,
        by: a.by,
        createdAt: check(new Date(createdAt.getTime() + a.after * HOUR), `answer by ${a.by} to ${q.key}`),
        content: a.text,
        auto: false,
        prompt: a.prompt,
        sources: [],
        comments: a.comments ?? [],
      });
    }
  });

  // Answers get ids in the order they were written.
  pendingAnswers.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const answers: Prisma.AnswerCreateManyInput[] = [];
  const answerMeta: { id: number; questionId: number; by: string; createdAt: Date; question: DemoQuestion }[] = [];
  const comments: Prisma.CommentCreateManyInput[] = [];
  type PendingComment = { by: string; text: string; answerId: number; parent: PendingComment | null; depth: number; createdAt: Date; updatedAt: Date; id?: number };
  const pendingComments: PendingComment[] = [];
  const activity = new Map<number, Date>();
  const touch = (questionId: number, time: Date) => {
    if (!activity.has(questionId) || activity.get(questionId)! < time) activity.set(questionId, time);
  };

  pendingAnswers.forEach((a, index) => {
    const id = index + 1;
    const isAi = a.auto || a.prompt !== undefined;
    const aiPrompt = isAi ? buildAiPrompt(a.question, a.sources, a.prompt) : null;
    const usage = aiPrompt ? aiUsage(aiPrompt, a.content) : null;
    answers.push({
      id,
      content: a.content,
      contentHtml: renderMarkdown(a.content),
      questionId: a.questionId,
      authorId: idOf(a.by),
      customPrompt: a.prompt ?? null,
      isAutoGenerated: a.auto,
      aiModel: isAi ? assistant.model : null,
      aiPrompt,
      ...(isAi ? { aiSources: a.sources } : {}),
      aiInputTokens: usage?.inputTokens ?? null,
      aiOutputTokens: usage?.outputTokens ?? null,
      aiDurationMs: usage?.durationMs ?? null,
      createdAt: a.createdAt,
      updatedAt: a.createdAt,
    });
    answerMeta.push({ id, questionId: a.questionId, by: a.by, createdAt: a.createdAt, question: a.question });
    touch(a.questionId, a.createdAt);

    const walk = (list: DemoComment[], parent: PendingComment | null, depth: number) => {
      for (const c of list) {
        if (depth > 2) fail(`comment by ${c.by} on ${a.question.key} nests deeper than 2`);
        if (!mayParticipate(a.question, c.by)) fail(`${c.by} comments on private question ${a.question.key}`);
        const base = parent ? parent.createdAt : a.createdAt;
        const createdAt = check(new Date(base.getTime() + c.after * MINUTE), `comment by ${c.by} on ${a.question.key}`);
        const updatedAt = c.editedAfter ? check(new Date(createdAt.getTime() + c.editedAfter * MINUTE), "comment edit") : createdAt;
        const pending: PendingComment = { by: c.by, text: c.text, answerId: id, parent, depth, createdAt, updatedAt };
        pendingComments.push(pending);
        touch(a.questionId, createdAt);
        walk(c.replies ?? [], pending, depth + 1);
      }
    };
    walk(a.comments, null, 0);
  });

  pendingComments.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  pendingComments.forEach((c, index) => {
    c.id = index + 1;
  });
  for (const c of pendingComments) {
    comments.push({
      id: c.id!,
      content: c.text,
      contentHtml: renderMarkdown(c.text),
      answerId: c.answerId,
      parentCommentId: c.parent?.id ?? null,
      depth: c.depth,
      authorId: idOf(c.by),
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    });
  }

  // Votes: a deterministic crowd, never on one's own answer, private questions only by their group.
  const votes: Prisma.VoteCreateManyInput[] = [];
  const answerScore = new Map<number, number>();
  const upvotesByAnswer = new Map<number, { voter: string; at: Date }[]>();
  for (const a of answerMeta) {
    const eligible = members.map((m) => m.key).filter((k) => k !== a.by && mayParticipate(a.question, k));
    for (let i = eligible.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [eligible[i], eligible[j]] = [eligible[j], eligible[i]];
    }
    const popular = a.question.views > 300 ? 2 : a.question.views > 150 ? 1 : 0;
    const count = Math.min(eligible.length, Math.floor(rng() * 4) + popular + (a.by === ASSISTANT_KEY ? 1 : 0));
    let score = 0;
    for (const voter of eligible.slice(0, count)) {
      // The asker only votes up: they say so in the comments when an answer helped.
      const down = voter !== a.question.by && rng() < (a.by === ASSISTANT_KEY ? 0.18 : 0.12);
      const span = Math.min(3 * DAY, latest - a.createdAt.getTime());
      const at = new Date(a.createdAt.getTime() + Math.round(MINUTE + rng() * Math.max(0, span - MINUTE)));
      votes.push({ id: votes.length + 1, userId: idOf(voter), answerId: a.id, voteType: down ? "down" : "up", createdAt: check(at, "vote") });
      score += down ? -1 : 1;
      if (!down) upvotesByAnswer.set(a.id, [...(upvotesByAnswer.get(a.id) ?? []), { voter, at }]);
    }
    answerScore.set(a.id, score);
  }
  votes.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  votes.forEach((v, i) => (v.id = i + 1));
  for (const answer of answers) answer.voteScore = answerScore.get(answer.id!) ?? 0;

  // Votes on the questions themselves, from their own random stream (the rest of the demo stays
  // as it was): a few members who may see the question, never its author, mostly up.
  const questionVotes: Prisma.QuestionVoteCreateManyInput[] = [];
  const questionScore = new Map<number, number>();
  const qrng = random(20261125);
  questions.forEach((q, index) => {
    const id = index + 1;
    const eligible = members.map((m) => m.key).filter((k) => k !== q.by && mayParticipate(q, k));
    for (let i = eligible.length - 1; i > 0; i--) {
      const j = Math.floor(qrng() * (i + 1));
      [eligible[i], eligible[j]] = [eligible[j], eligible[i]];
    }
    const popular = q.views > 300 ? 3 : q.views > 150 ? 2 : 0;
    const count = Math.min(eligible.length, Math.floor(qrng() * 3) + popular);
    let score = 0;
    for (const voter of eligible.slice(0, count)) {
      const down = qrng() < 0.1;
      const created = questionTime.get(id)!.getTime();
      const span = Math.min(3 * DAY, latest - created);
      const at = new Date(created + Math.round(MINUTE + qrng() * Math.max(0, span - MINUTE)));
      questionVotes.push({ id: 0, userId: idOf(voter), questionId: id, voteType: down ? "down" : "up", createdAt: check(at, "question vote") });
      score += down ? -1 : 1;
    }
    questionScore.set(id, score);
  });
  questionVotes.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  questionVotes.forEach((v, i) => (v.id = i + 1));

  // Denormalized question counters (the score is the question's own).
  for (const q of questionRows) {
    const own = answerMeta.filter((a) => a.questionId === q.id);
    q.answerCount = own.length;
    q.voteScore = questionScore.get(q.id!) ?? 0;
    q.lastActivityAt = activity.get(q.id!) ?? questionTime.get(q.id!)!;
  }

  // Accepted answers: on two questions in three, the asker accepted the best answer once it
  // scored 2 or more (the AI's included). Set after the answers exist (a foreign key).
  const acceptances: { questionId: number; answerId: number }[] = [];
  for (const q of questionRows) {
    if (q.id! % 3 === 0) continue;
    const best = answerMeta
      .filter((a) => a.questionId === q.id)
      .map((a) => ({ id: a.id, score: answerScore.get(a.id) ?? 0 }))
      .sort((a, b) => b.score - a.score || a.id - b.id)[0];
    if (best && best.score >= 2) acceptances.push({ questionId: q.id!, answerId: best.id });
  }

  // Follows and saves.
  const after = (a: Date, b: Date) => (a > b ? a : b);
  const userFollowRows = userFollows.map(([follower, following, days]) => {
    if (follower === following) fail(`${follower} follows themselves`);
    const createdAt = check(ago(days), `${follower} following ${following}`);
    if (createdAt < after(joined.get(follower)!, joined.get(following)!)) fail(`${follower} follows ${following} before both joined`);
    return { followerId: idOf(follower), followingId: idOf(following), createdAt };
  });
  const tagFollowRows: Prisma.TagFollowCreateManyInput[] = [];
  for (const [member, names] of Object.entries(tagFollows)) {
    names.forEach((name, i) => {
      const tag = tagOf(name);
      tagFollowCount.set(tag, (tagFollowCount.get(tag) ?? 0) + 1);
      tagFollowRows.push({ userId: idOf(member), tagId: tag, createdAt: new Date(joined.get(member)!.getTime() + (i + 1) * 3 * HOUR) });
    });
  }
  const categoryFollowRows = categoryFollows.map(([member, category], i) => ({
    userId: idOf(member),
    categoryId: categoryOf(category),
    createdAt: new Date(joined.get(member)!.getTime() + (i + 2) * DAY),
  }));
  const savedRows = savedQuestions.map(([member, key, daysAfter]) => {
    const id = questionIdByKey.get(key) ?? fail(`saved question "${key}" does not exist`);
    const q = questionByKey.get(key)!;
    if (!mayParticipate(q, member)) fail(`${member} saves private question ${key}`);
    return { userId: idOf(member), questionId: id, createdAt: check(new Date(questionTime.get(id)!.getTime() + daysAfter * DAY), `save of ${key}`) };
  });

  // Notifications: what members would have been told about the activity above.
  const notifications: Omit<Prisma.NotificationCreateManyInput, "id">[] = [];
  for (const a of answerMeta) {
    if (a.by === ASSISTANT_KEY || a.by === a.question.by) continue;
    const answer = answers.find((x) => x.id === a.id)!;
    notifications.push({
      userId: idOf(a.question.by),
      type: "answer",
      title: answer.customPrompt ? "New AI-assisted answer to your question" : "New answer to your question",
      message: `${displayName(a.by)} answered ${quote(a.question.title)}`,
      // The text's kind and parameters, rendered in each reader's language (lib/server/notifications/texts.ts).
      params: { kind: "answer", by: answer.customPrompt ? "aiAssisted" : "member", actor: displayName(a.by), question: shortTitle(a.question.title) },
      relatedId: a.questionId,
      relatedType: "question",
      questionId: a.questionId,
      link: `/questions/${a.questionId}#answer-${a.id}`,
      actorId: idOf(a.by),
      createdAt: a.createdAt,
    });
  }
  for (const a of answerMeta) {
    if (a.by === ASSISTANT_KEY) continue;
    // Up-votes on one answer within a day fold into one notification.
    const byDay = new Map<string, { voter: string; at: Date }[]>();
    for (const up of upvotesByAnswer.get(a.id) ?? []) {
      const day = up.at.toISOString().slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), up]);
    }
    for (const [day, ups] of byDay) {
      ups.sort((x, y) => x.at.getTime() - y.at.getTime());
      const last = ups[ups.length - 1];
      notifications.push({
        userId: idOf(a.by),
        type: "vote",
        title: voteFoldTitle(ups.length, 0),
        message: voteFoldMessage({ up: ups.length, down: 0, upVoterName: displayName(last.voter), quotedTitle: quote(a.question.title) }),
        params: { kind: "vote", actor: displayName(last.voter), question: shortTitle(a.question.title) },
        relatedId: a.id,
        relatedType: "answer",
        questionId: a.questionId,
        link: `/questions/${a.questionId}#answer-${a.id}`,
        actorId: idOf(last.voter),
        eventCount: ups.length,
        upCount: ups.length,
        downCount: 0,
        foldDay: new Date(`${day}T00:00:00Z`),
        createdAt: last.at,
      });
    }
  }
  for (const [follower, following] of userFollows) {
    const row = userFollowRows.find((r) => r.followerId === idOf(follower) && r.followingId === idOf(following))!;
    notifications.push({
      userId: idOf(following),
      type: "follow",
      title: "New follower",
      message: `${displayName(follower)} started following you`,
      params: { kind: "follow", actor: displayName(follower) },
      link: `/users/${idOf(follower)}`,
      actorId: idOf(follower),
      createdAt: row.createdAt,
    });
  }
  for (const g of groups) {
    const creator = g.members[0].member;
    for (const m of g.members.slice(1)) {
      notifications.push({
        userId: idOf(creator),
        type: "other",
        title: `New member in ${g.name}`,
        message: g.isPrivate
          ? `You approved ${displayName(m.member)}'s request to join ${g.name}`
          : `${displayName(m.member)} joined ${g.name}`,
        params: { kind: g.isPrivate ? "groupMemberApproved" : "groupMemberJoined", actor: displayName(m.member), group: g.name },
        link: `/groups/${groupOf(g.key)}`,
        actorId: idOf(m.member),
        createdAt: ago(m.joinedDaysAgo),
      });
    }
  }
  for (const r of pendingJoinRequests) {
    const g = groups.find((x) => x.key === r.group)!;
    notifications.push({
      userId: idOf(g.members[0].member),
      type: "other",
      title: `Request to join ${g.name}`,
      message: `${displayName(r.member)} asked to join your private group ${g.name}`,
      params: { kind: "groupJoinRequest", actor: displayName(r.member), group: g.name },
      link: `/groups/${groupOf(g.key)}`,
      actorId: idOf(r.member),
      createdAt: ago(r.daysAgo),
    });
  }
  notifications.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  const notificationRows = notifications.map((n, i) => ({
    id: i + 1,
    ...n,
    // Older news has been seen; the last ten days are still waiting.
    isRead: (n.createdAt as Date).getTime() < nowMs - 10 * DAY,
  }));

  // Every automatic answer was owed by a job that is now done.
  const aiJobs: Prisma.AiAnswerJobCreateManyInput[] = answers
    .filter((a) => a.isAutoGenerated)
    .map((a, i) => ({
      id: i + 1,
      questionId: a.questionId,
      status: "done",
      attempts: 1,
      nextAttemptAt: questionTime.get(a.questionId)!,
      answerId: a.id,
      createdAt: questionTime.get(a.questionId)!,
      updatedAt: a.createdAt as Date,
    }));
  aiJobs.sort((a, b) => a.questionId - b.questionId);
  aiJobs.forEach((j, i) => (j.id = i + 1));

  const groupRows = groups.map((g) => ({
    id: groupOf(g.key),
    name: g.name,
    description: g.description,
    rules: g.rules,
    creatorId: idOf(g.members[0].member),
    isPrivate: g.isPrivate,
    memberCount: g.members.length,
    questionCount: groupQuestionCount.get(groupOf(g.key)) ?? 0,
    createdAt: ago(g.createdDaysAgo),
    updatedAt: ago(g.createdDaysAgo),
  }));
  const tagRows = tags.map((t) => ({
    id: tagOf(t.name),
    name: t.name,
    color: t.color,
    categoryId: categoryOf(t.category),
    followCount: tagFollowCount.get(tagOf(t.name)) ?? 0,
    questionCount: tagQuestionCount.get(tagOf(t.name)) ?? 0,
    createdAt: earliest,
  }));

  return {
    users,
    categories: categoryRows,
    tags: tagRows,
    groups: groupRows,
    groupMembers,
    joinRequests,
    questions: questionRows,
    questionTags,
    answers,
    comments,
    votes,
    questionVotes,
    userFollows: userFollowRows,
    categoryFollows: categoryFollowRows,
    tagFollows: tagFollowRows,
    savedQuestions: savedRows,
    notifications: notificationRows,
    aiJobs,
    acceptances,
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Empties every Agora table (all but _prisma_migrations) and inserts the demo community:
 * the Agora AI account, ten members who can sign in, tags, groups, 42 questions with their
 * AI and member answers, comments, votes, follows, saves and notifications.
 */
export async function seedDemoCommunity(db: PrismaClient, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const now = options.now ?? new Date();
  const rows = await buildDemoRows(now);
  const history = buildEditHistories(rows, now);

  await db.$transaction(
    async (tx) => {
      // site_counters is kept by triggers (truncating questions zeroes its row, inserts add to it);
      // emptying it too would leave the triggers nothing to update.
      const tables = await tx.$queryRaw<{ tablename: string }[]>`
        SELECT tablename FROM pg_tables
        WHERE schemaname = current_schema() AND tablename NOT IN ('_prisma_migrations', 'site_counters')`;
      if (tables.length) {
        await tx.$executeRawUnsafe(`TRUNCATE TABLE ${tables.map((t) => quoteIdent(t.tablename)).join(", ")} RESTART IDENTITY CASCADE`);
      }
      await tx.user.createMany({ data: rows.users });
      await tx.category.createMany({ data: rows.categories });
      await tx.tag.createMany({ data: rows.tags });
      await tx.group.createMany({ data: rows.groups });
      await tx.groupMember.createMany({ data: rows.groupMembers });
      await tx.groupJoinRequest.createMany({ data: rows.joinRequests });
      await tx.question.createMany({ data: rows.questions });
      await tx.questionTag.createMany({ data: rows.questionTags });
      await tx.answer.createMany({ data: rows.answers });
      await tx.questionRevision.createMany({ data: history.questionRevisions });
      await tx.answerRevision.createMany({ data: history.answerRevisions });
      for (const { questionId, answerId } of rows.acceptances) {
        // Raw, so updated_at keeps the question's own edit time.
        await tx.$executeRaw`UPDATE questions SET accepted_answer_id = ${answerId} WHERE id = ${questionId}`;
      }
      await tx.comment.createMany({ data: rows.comments });
      await tx.vote.createMany({ data: rows.votes });
      await tx.questionVote.createMany({ data: rows.questionVotes });
      await tx.userFollow.createMany({ data: rows.userFollows });
      await tx.categoryFollow.createMany({ data: rows.categoryFollows });
      await tx.tagFollow.createMany({ data: rows.tagFollows });
      await tx.savedQuestion.createMany({ data: rows.savedQuestions });
      await tx.notification.createMany({ data: rows.notifications });
      await tx.aiAnswerJob.createMany({ data: rows.aiJobs });

      // Reputation: the ledger's events for the votes and accepted answers just written, by the
      // app's own rules (the ledger's triggers move the counters), then checked by the recompute.
      await backfillReputation(tx);
      const { corrected } = await recomputeReputation(tx);
      if (corrected > 0) throw new Error(`seed: ${corrected} reputation counters disagreed with the ledger`);

      // Denormalized comment counters, from the rows just written.
      await tx.$executeRaw`
        UPDATE answers a SET comment_count = c.n
        FROM (SELECT answer_id, count(*)::int AS n FROM comments GROUP BY answer_id) c
        WHERE c.answer_id = a.id`;
      await tx.$executeRaw`
        UPDATE questions q SET comment_count = c.n
        FROM (SELECT question_id, sum(comment_count)::int AS n FROM answers GROUP BY question_id) c
        WHERE c.question_id = q.id`;

      // Ids were given explicitly, so move every sequence past them.
      const sequences = await tx.$queryRaw<{ table_name: string; column_name: string }[]>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`;
      if (sequences.length) {
        const calls = sequences.map(({ table_name: t, column_name: c }) => {
          const table = quoteIdent(t);
          const column = quoteIdent(c);
          const literal = `'${table.replace(/'/g, "''")}'`;
          return `setval(pg_get_serial_sequence(${literal}, '${c.replace(/'/g, "''")}'), COALESCE((SELECT MAX(${column}) FROM ${table}), 0) + 1, false)`;
        });
        await tx.$queryRawUnsafe(`SELECT ${calls.join(", ")}`);
      }
    },
    { maxWait: 10_000, timeout: 60_000 },
  );

  log(
    `Seeded the demo community in ${Date.now() - started} ms: ${rows.users.length - 1} members, ${rows.questions.length} questions, ` +
      `${rows.answers.length} answers, ${rows.comments.length} comments, ${rows.votes.length} votes, ${rows.notifications.length} notifications. ` +
      `Sign in as ${demoEmail(members[0].key)} with password ${DEMO_PASSWORD}.`,
  );
}
