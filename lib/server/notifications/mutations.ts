import "server-only";
import { displayName, emailHandle } from "@/lib/display";
import { markdownToPlainText } from "@/lib/markdown/render";
import { db, Prisma } from "@/lib/server/db";
import { visibleQuestionsWhere, type Viewer } from "@/lib/server/policy";
import { enqueueEmail } from "@/lib/server/mail/outbox";
import { enqueuePush, pushPayload } from "@/lib/server/push/outbox";
import { renderNotificationEmail } from "@/lib/server/mail/templates";
import { visibleNotificationsSql } from "@/lib/server/notifications/queries";
import { presentNotificationSettings } from "@/lib/server/settings/presenters";
import type { NotificationSettings } from "@/lib/validation/users";
import { recipientLocale } from "@/lib/server/i18n/server-texts";
import type { Locale } from "@/lib/i18n/locales";
import { quotedTitle, renderNotificationText, type NotificationCounts, type NotificationText } from "@/lib/server/notifications/texts";

/*
 * Every notification is written by one of the notify* functions below, inside the transaction
 * of the action that caused it (they take its `tx`): a rolled-back action leaves none, a
 * committed one always has its own. Each function decides for itself whether the recipient
 * hears of it:
 *
 * - never for the recipient's own action, never for a deleted account or the AI assistant;
 * - never about a question the recipient may not see (a private group they are not in);
 * - the recipient's switches: newAnswers (answers), upvotes (up- and down-votes), newFollowers (follows);
 *   comments, replies and group requests have no switch of their own and are always told;
 * - with emailNotifications on, the same transaction also writes the e-mail to email_outbox;
 * - with pushNotifications on, it writes one push per subscribed browser to push_outbox (issue 15).
 *
 * Votes on one answer fold (issue 15): one notification per recipient, answer and UTC day
 * (fold_day), holding the day's up- and down-vote counts, recomputed by refreshVoteFold whenever
 * a vote is cast, switched or withdrawn; only the creation of a fold sends an e-mail or a push.
 *
 * Each notification stores its text as a kind and parameters (params, lib/server/notifications/texts.ts)
 * besides the English title and message the API keeps: the interface shows it in the reader's
 * language, and its e-mail and push go out in the recipient's (issue 15).
 */

type Tx = Prisma.TransactionClient;

/** The kinds of notification SPEC.md section 3 lists, and "message" for direct messages (issue 15). */
export type NotificationType = "answer" | "vote" | "follow" | "message" | "other";

/** Options for a transaction that writes notifications: many may wait on one answer's lock at once. */
export const NOTIFYING_TRANSACTION = { maxWait: 10_000, timeout: 20_000 } as const;

/** A repeated follow by the same member within this time tells the followed member nothing new. */
const FOLLOW_REPEAT_WINDOW_MS = 24 * 60 * 60_000;
/** A member's repeated request to join one group within this time tells its creator nothing new. */
export const JOIN_REQUEST_REPEAT_WINDOW_MS = 24 * 60 * 60_000;

/** Key space of the advisory locks that serialize the folding of votes per answer. */
const VOTE_FOLD_LOCK = 0x4e6f7466; // "Notf"

const actorSelect = { id: true, email: true, firstName: true, lastName: true, isAssistant: true } as const;
type ActorRow = Prisma.UserGetPayload<{ select: typeof actorSelect }>;

/** A member's name as others may see it (never their e-mail address); null (nobody known) reads "Someone" in each language. */
function nameOf(user: ActorRow | null): string | null {
  if (!user) return null;
  if (user.isAssistant) return "Agora AI";
  return displayName({ firstName: user.firstName, lastName: user.lastName, handle: emailHandle(user.email) });
}

interface Recipient {
  id: string;
  email: string;
  name: string;
  settings: NotificationSettings;
  /** The language of their e-mails (issue 15). */
  locale: Locale;
}

/**
 * The recipient, when they are to hear about this: not the actor, an active member, with the
 * given switch on, and able to see the question concerned. Null otherwise.
 */
async function recipientFor(
  tx: Tx,
  recipientId: string,
  options: { actorId: string | null; setting: keyof NotificationSettings | null; questionId?: number | null; questionInNoGroup?: boolean },
): Promise<Recipient | null> {
  if (recipientId === options.actorId) return null;
  const user = await tx.user.findUnique({
    where: { id: recipientId },
    select: { id: true, email: true, firstName: true, lastName: true, notificationSettings: true, preferences: true, deletedAt: true, isAssistant: true },
  });
  if (!user || user.deletedAt || user.isAssistant) return null;
  const settings = presentNotificationSettings(user.notificationSettings);
  if (options.setting && settings[options.setting] === false) return null;
  // A question in no group is visible to everyone (visibleQuestionsWhere's first branch).
  if (options.questionId != null && !options.questionInNoGroup) {
    const visible = await tx.question.count({ where: { AND: [{ id: options.questionId }, visibleQuestionsWhere({ id: recipientId })] } });
    if (visible === 0) return null;
  }
  return {
    id: user.id,
    email: user.email,
    name: displayName({ firstName: user.firstName, lastName: user.lastName, handle: emailHandle(user.email) }),
    settings,
    locale: recipientLocale(user.preferences),
  };
}

interface NotificationContent {
  type: NotificationType;
  /** What it says (rendered in English into title and message, in the reader's language by the interface). */
  text: NotificationText;
  /** The counts a folded text reads (vote folds, message folds). */
  counts?: NotificationCounts;
  relatedId?: number | null;
  relatedType?: "question" | "answer" | "conversation" | null;
  questionId?: number | null;
  link: string;
  actorId: string | null;
}

/**
 * Whether a notification concerns a post hidden pending review (its question, or the answer or
 * comment its link points at): such a notification is never e-mailed (issue 14; the list hides it too).
 */
async function concernsHiddenPost(tx: Tx, content: NotificationContent): Promise<boolean> {
  if (content.questionId == null) return false;
  const answerIds = [content.link.match(/#answer-(\d{1,9})$/)?.[1], content.relatedType === "answer" ? content.relatedId : null].filter((id) => id != null).map(Number);
  const commentId = Number(content.link.match(/#comment-(\d{1,9})$/)?.[1] ?? 0);
  const [row] = await tx.$queryRaw<{ hidden: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM questions WHERE id = ${content.questionId} AND hidden_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM answers WHERE id = ANY(${answerIds}::int[]) AND hidden_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM comments WHERE id = ${commentId} AND hidden_at IS NOT NULL) AS hidden`;
  return row?.hidden ?? false;
}

/**
 * The e-mail (emailNotifications) and the browser pushes (pushNotifications, issue 15) of a new
 * notification, written to their outboxes in its transaction; neither for a hidden post. The
 * per-type switches were applied before (recipientFor), so push follows the same switches as the
 * bell; a fold (votes per answer per day, messages per conversation) calls this only when it is
 * created, so a fold buzzes a device once however many events it gathers.
 */
async function deliverIfWanted(tx: Tx, recipient: Recipient, content: NotificationContent, notificationId: number): Promise<void> {
  const { emailNotifications, pushNotifications } = recipient.settings;
  if (!emailNotifications && !pushNotifications) return;
  if (await concernsHiddenPost(tx, content)) return;
  const { title, message } = renderNotificationText(content.text, content.counts, recipient.locale);
  if (emailNotifications) {
    await enqueueEmail(
      tx,
      renderNotificationEmail({ to: recipient.email, recipientName: recipient.name, title, message, link: content.link, locale: recipient.locale }),
      { memberId: recipient.id }, // at most 20 notification e-mails an hour per member; past that, dropped
    );
  }
  if (pushNotifications) {
    await enqueuePush(tx, recipient.id, notificationId, pushPayload({ id: notificationId, title, message, link: content.link }));
  }
}

/** Writes one notification (and its e-mail when wanted); returns its id. */
async function insert(tx: Tx, recipient: Recipient, content: NotificationContent, now = new Date()): Promise<number> {
  const { title, message } = renderNotificationText(content.text, content.counts); // English, as the API keeps it
  const row = await tx.notification.create({
    data: {
      userId: recipient.id,
      type: content.type,
      title,
      message,
      params: content.text as Prisma.InputJsonObject,
      relatedId: content.relatedId ?? null,
      relatedType: content.relatedType ?? null,
      questionId: content.questionId ?? null,
      link: content.link,
      actorId: content.actorId,
      createdAt: now,
    },
    select: { id: true },
  });
  await deliverIfWanted(tx, recipient, content, row.id);
  return row.id;
}

/** The path of an answer on its question page. */
export const answerLink = (questionId: number, answerId: number) => `/questions/${questionId}#answer-${answerId}`;
/** The path of a comment on its question page. */
export const commentLink = (questionId: number, commentId: number) => `/questions/${questionId}#comment-${commentId}`;

/** What the caller of notifyNewAnswer already holds: the answer just inserted (with its author) and its question. */
export interface KnownAnswer {
  answer: { id: number; customPrompt: string | null; isAutoGenerated: boolean; author: ActorRow; hiddenAt?: Date | null };
  question: { id: number; title: string; authorId: string; groupId: number | null };
}

/**
 * Tells a question's author about a new answer (type answer), by a member or by Agora AI.
 * Call it in the transaction that inserted the answer. Returns the notification's id, or null
 * when nobody is told.
 */
export async function notifyNewAnswer(tx: Tx, { answerId, known }: { answerId: number; known?: KnownAnswer }): Promise<number | null> {
  const answer =
    known && known.answer.id === answerId
      ? { ...known.answer, question: known.question }
      : await tx.answer.findUnique({
          where: { id: answerId },
          select: {
            id: true,
            customPrompt: true,
            isAutoGenerated: true,
            hiddenAt: true,
            author: { select: actorSelect },
            question: { select: { id: true, title: true, authorId: true, groupId: true } },
          },
        });
  // A post hidden pending review (judged spam, or flagged) is never announced (issue 14).
  if (!answer || answer.hiddenAt) return null;
  const { question } = answer;
  const recipient = await recipientFor(tx, question.authorId, {
    actorId: answer.author.id,
    setting: "newAnswers",
    questionId: question.id,
    questionInNoGroup: question.groupId === null,
  });
  if (!recipient) return null;
  return insert(tx, recipient, {
    type: "answer",
    text: {
      kind: "answer",
      by: answer.author.isAssistant ? "assistant" : answer.customPrompt ? "aiAssisted" : "member",
      actor: nameOf(answer.author),
      question: quotedTitle(question.title),
    },
    relatedId: question.id,
    relatedType: "question",
    questionId: question.id,
    link: answerLink(question.id, answer.id),
    actorId: answer.author.id,
  });
}

/** A UTC day as `YYYY-MM-DD`: the key of a vote fold. */
export type FoldDay = string;

/**
 * Brings the vote notification of one answer's author for one UTC day (the fold) in line with
 * the votes cast on that day that still stand: one row per (recipient, answer, day), holding the
 * day's up- and down-vote counts, recomputed from `votes` under a transaction-scoped advisory lock
 * per answer (the vote's transaction already holds the answer's row), so simultaneous votes end
 * in one row with exact counts (the unique index notifications_vote_fold_key backs it up).
 *
 * - `cause: "vote"` (a vote cast today, `voterId` its voter): creates the fold when the author is
 *   to hear of it (recipientFor: the "upvotes" switch, which covers down-votes too), else updates
 *   it; either way it becomes unread and newest again. Only its creation writes an e-mail.
 * - `cause: "withdrawal"` (a vote withdrawn, or switched away from that day's fold): only lowers
 *   an existing fold, quietly (its read state and time stay).
 *
 * A fold whose counts reach zero is deleted. Down-voters are never named: the fold's actor is the
 * day's latest up-voter, or nobody. Call it in the transaction that changed the vote.
 */
export async function refreshVoteFold(
  tx: Tx,
  { answerId, day, cause, voterId = null }: { answerId: number; day: FoldDay; cause: "vote" | "withdrawal"; voterId?: string | null },
): Promise<number | null> {
  const answer = await tx.answer.findUnique({
    where: { id: answerId },
    select: { id: true, authorId: true, question: { select: { id: true, title: true } } },
  });
  if (!answer) return null;
  const { question } = answer;
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${VOTE_FOLD_LOCK}::int, ${answer.id}::int)`;

  const [counts] = await tx.$queryRaw<{ up: number; down: number; upVoterId: string | null; existingId: number | null }[]>`
    WITH day_votes AS (
      SELECT user_id, vote_type, created_at, id FROM votes
       WHERE answer_id = ${answer.id} AND user_id <> ${answer.authorId}
         AND created_at >= ${day}::date AND created_at < ${day}::date + 1
    )
    SELECT (SELECT count(*) FROM day_votes WHERE vote_type = 'up')::int AS up,
           (SELECT count(*) FROM day_votes WHERE vote_type = 'down')::int AS down,
           (SELECT user_id FROM day_votes WHERE vote_type = 'up' ORDER BY created_at DESC, id DESC LIMIT 1) AS "upVoterId",
           (SELECT id FROM notifications
             WHERE user_id = ${answer.authorId} AND type = 'vote' AND related_type = 'answer'
               AND related_id = ${answer.id} AND fold_day = ${day}::date) AS "existingId"`;
  const { up, down, upVoterId, existingId } = counts!;

  if (up + down === 0) {
    if (existingId !== null) await tx.notification.delete({ where: { id: existingId }, select: { id: true } });
    return null;
  }
  if (existingId === null && cause === "withdrawal") return null;

  // A new vote tells the author only when they are to hear of it (switch, visibility, not their own).
  const recipient = cause === "vote"
    ? await recipientFor(tx, answer.authorId, { actorId: voterId, setting: "upvotes", questionId: question.id })
    : null;
  if (cause === "vote" && !recipient) return null;

  const upVoter = upVoterId ? await tx.user.findUnique({ where: { id: upVoterId }, select: actorSelect }) : null;
  const content: NotificationContent = {
    type: "vote",
    text: { kind: "vote", actor: upVoter ? nameOf(upVoter) : null, question: quotedTitle(question.title) },
    counts: { upCount: up, downCount: down },
    relatedId: answer.id,
    relatedType: "answer",
    questionId: question.id,
    link: answerLink(question.id, answer.id),
    actorId: upVoter?.id ?? null,
  };
  const { title, message } = renderNotificationText(content.text, content.counts);
  const params = JSON.stringify(content.text);

  if (existingId !== null) {
    await tx.$executeRaw`
      UPDATE notifications
         SET up_count = ${up}, down_count = ${down}, event_count = ${up + down}, title = ${title}, message = ${message},
             params = ${params}::jsonb, actor_id = ${content.actorId}
             ${cause === "vote" ? Prisma.sql`, is_read = false, created_at = timezone('UTC', now())` : Prisma.empty}
       WHERE id = ${existingId}`;
    return existingId;
  }
  // The advisory lock makes a concurrent insert impossible; the unique index would refuse one anyway.
  const [row] = await tx.$queryRaw<{ id: number; inserted: boolean }[]>`
    INSERT INTO notifications (user_id, type, title, message, params, related_id, related_type, question_id, link, actor_id,
                               event_count, up_count, down_count, fold_day, is_read, created_at)
    VALUES (${answer.authorId}, 'vote', ${title}, ${message}, ${params}::jsonb, ${answer.id}, 'answer', ${question.id}, ${content.link}, ${content.actorId},
            ${up + down}, ${up}, ${down}, ${day}::date, false, timezone('UTC', now()))
    ON CONFLICT (user_id, related_type, related_id, fold_day) DO UPDATE
      SET up_count = EXCLUDED.up_count, down_count = EXCLUDED.down_count, event_count = EXCLUDED.event_count,
          title = EXCLUDED.title, message = EXCLUDED.message, params = EXCLUDED.params, actor_id = EXCLUDED.actor_id, is_read = false, created_at = EXCLUDED.created_at
    RETURNING id, (xmax = 0) AS inserted`;
  if (row!.inserted) await deliverIfWanted(tx, recipient!, content, row!.id); // at most one e-mail and one push per fold
  return row!.id;
}

/**
 * Tells an answer's author that the asker accepted it (type other, "Your answer was accepted",
 * linking to the answer on its question). Accepting has no switch of its own (like comments);
 * the e-mail follows emailNotifications. Nobody is told when askers accept their own answer,
 * nor the AI assistant (recipientFor). Call it in the transaction that set the mark, only when
 * the mark moved to this answer.
 */
export async function notifyAnswerAccepted(tx: Tx, { answerId, accepterId }: { answerId: number; accepterId: string }): Promise<number | null> {
  const answer = await tx.answer.findUnique({
    where: { id: answerId },
    select: { id: true, authorId: true, question: { select: { id: true, title: true, groupId: true } } },
  });
  if (!answer) return null;
  const { question } = answer;
  const recipient = await recipientFor(tx, answer.authorId, {
    actorId: accepterId,
    setting: null,
    questionId: question.id,
    questionInNoGroup: question.groupId === null,
  });
  if (!recipient) return null;
  const accepter = await tx.user.findUnique({ where: { id: accepterId }, select: actorSelect });
  return insert(tx, recipient, {
    type: "other",
    text: { kind: "accepted", actor: nameOf(accepter), question: quotedTitle(question.title) },
    relatedId: answer.id,
    relatedType: "answer",
    questionId: question.id,
    link: answerLink(question.id, answer.id),
    actorId: accepterId,
  });
}

/**
 * Tells a member how their suggested edit was decided (type other, "Your suggested edit was
 * approved" or "...was rejected", with the reviewer's reason when given), linking to the post.
 * Call it in the transaction that decided it.
 */
export async function notifySuggestedEditReviewed(
  tx: Tx,
  review: { suggesterId: string; reviewerId: string; approved: boolean; question: { id: number; title: string; groupId: number | null }; answerId: number | null; reason?: string | null },
): Promise<number | null> {
  const { question } = review;
  const recipient = await recipientFor(tx, review.suggesterId, {
    actorId: review.reviewerId,
    setting: null,
    questionId: question.id,
    questionInNoGroup: question.groupId === null,
  });
  if (!recipient) return null;
  const reviewer = await tx.user.findUnique({ where: { id: review.reviewerId }, select: actorSelect });
  return insert(tx, recipient, {
    type: "other",
    text: {
      kind: "suggestedEdit",
      approved: review.approved,
      onAnswer: review.answerId !== null,
      actor: nameOf(reviewer),
      question: quotedTitle(question.title),
      reason: review.approved ? null : review.reason || null,
    },
    relatedId: review.answerId ?? question.id,
    relatedType: review.answerId !== null ? "answer" : "question",
    questionId: question.id,
    link: review.answerId !== null ? answerLink(question.id, review.answerId) : `/questions/${question.id}`,
    actorId: review.reviewerId,
  });
}

/**
 * Tells a member about a new follower (type follow, linking to the follower's profile). A
 * repeated follow (unfollow, follow again) within a day tells them nothing new. Call it in
 * the transaction that inserted the user_follows row, only when the row is new.
 */
export async function notifyNewFollower(tx: Tx, { followerId, followingId }: { followerId: string; followingId: string }): Promise<number | null> {
  const recipient = await recipientFor(tx, followingId, { actorId: followerId, setting: "newFollowers" });
  if (!recipient) return null;
  const recent = await tx.notification.count({
    where: { userId: recipient.id, type: "follow", actorId: followerId, createdAt: { gt: new Date(Date.now() - FOLLOW_REPEAT_WINDOW_MS) } },
  });
  if (recent > 0) return null;
  const follower = await tx.user.findUnique({ where: { id: followerId }, select: actorSelect });
  return insert(tx, recipient, {
    type: "follow",
    text: { kind: "follow", actor: nameOf(follower) },
    link: `/users/${followerId}`,
    actorId: followerId,
  });
}

/**
 * Tells the right members about a new comment (type other, linking to the comment): a reply
 * tells the author of the comment replied to, and any comment tells the answer's author
 * (unless they were just told as the parent's author). Call it in the transaction that
 * inserted the comment. Returns the ids of the notifications written.
 */
export async function notifyNewComment(tx: Tx, { commentId }: { commentId: number }): Promise<number[]> {
  const comment = await tx.comment.findUnique({
    where: { id: commentId },
    select: {
      id: true,
      content: true,
      hiddenAt: true,
      author: { select: actorSelect },
      parent: { select: { authorId: true } },
      answer: { select: { id: true, authorId: true, question: { select: { id: true, title: true } } } },
    },
  });
  // A comment hidden pending review (judged spam, or flagged) is never announced (issue 14).
  if (!comment || comment.hiddenAt) return [];
  const { answer } = comment;
  const { question } = answer;
  const actor = nameOf(comment.author);
  const quoted = quotedTitle(question.title);
  const excerpt = markdownToPlainText(comment.content, 200);
  const base = {
    type: "other" as const,
    relatedId: answer.id,
    relatedType: "answer" as const,
    questionId: question.id,
    link: commentLink(question.id, comment.id),
    actorId: comment.author.id,
  };
  const ids: number[] = [];
  if (comment.parent) {
    const recipient = await recipientFor(tx, comment.parent.authorId, { actorId: comment.author.id, setting: null, questionId: question.id });
    if (recipient) {
      ids.push(
        await insert(tx, recipient, {
          ...base,
          text: { kind: "reply", actor, question: quoted, excerpt },
        }),
      );
    }
  }
  if (answer.authorId !== comment.parent?.authorId) {
    const recipient = await recipientFor(tx, answer.authorId, { actorId: comment.author.id, setting: null, questionId: question.id });
    if (recipient) {
      ids.push(
        await insert(tx, recipient, {
          ...base,
          text: { kind: "comment", actor, question: quoted, excerpt },
        }),
      );
    }
  }
  return ids;
}

/**
 * Tells a member about a direct message (type message, linking to the conversation). Messages
 * of one conversation fold: while the recipient's notification about it is unread, the next
 * message updates it in place ("3 new messages from Ada", the newest excerpt, newest first
 * again) instead of adding one; only the first of a fold is e-mailed (emailNotifications) and pushed (pushNotifications).
 * There is no switch of its own: a member who wants none turns "Allow direct messages" off.
 * Call it in the transaction that inserted the message, which holds the conversation's row
 * lock, so simultaneous messages fold into one row.
 */
export async function notifyDirectMessage(
  tx: Tx,
  message: { conversationId: number; senderId: string; recipientId: string; content: string },
): Promise<number | null> {
  const recipient = await recipientFor(tx, message.recipientId, { actorId: message.senderId, setting: null });
  if (!recipient) return null;
  const sender = await tx.user.findUnique({ where: { id: message.senderId }, select: actorSelect });
  const name = nameOf(sender);
  const excerpt = markdownToPlainText(message.content, 200);
  const now = new Date();
  const folded = await tx.notification.findFirst({
    where: { userId: recipient.id, type: "message", relatedType: "conversation", relatedId: message.conversationId, isRead: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, eventCount: true },
  });
  const text: NotificationText = { kind: "directMessage", actor: name, excerpt };
  if (folded) {
    const count = folded.eventCount + 1;
    const { title, message: body } = renderNotificationText(text, { eventCount: count });
    await tx.notification.update({
      where: { id: folded.id },
      data: { eventCount: count, title, message: body, params: text, actorId: message.senderId, createdAt: now },
      select: { id: true },
    });
    return folded.id;
  }
  return insert(
    tx,
    recipient,
    {
      type: "message",
      text,
      relatedId: message.conversationId,
      relatedType: "conversation",
      link: `/messages/${message.conversationId}`,
      actorId: message.senderId,
    },
    now,
  );
}

/** Marks the member's notification about a conversation read (they opened it). */
export async function markConversationNotificationsRead(tx: Tx | typeof db, userId: string, conversationId: number): Promise<void> {
  await tx.notification.updateMany({
    where: { userId, type: "message", relatedType: "conversation", relatedId: conversationId, isRead: false },
    data: { isRead: true },
  });
}

/**
 * Tells a private group's creator that a member asked to join (type other, linking to the
 * group page). Call it in the transaction that recorded a new request.
 */
export async function notifyGroupJoinRequest(tx: Tx, { groupId, requesterId }: { groupId: number; requesterId: string }): Promise<number | null> {
  const group = await tx.group.findUnique({ where: { id: groupId }, select: { id: true, name: true, creatorId: true } });
  if (!group) return null;
  const recipient = await recipientFor(tx, group.creatorId, { actorId: requesterId, setting: null });
  if (!recipient) return null;
  // A request, withdraw, request loop tells the creator once a day at most (issue 14).
  const recent = await tx.notification.count({
    where: { userId: recipient.id, actorId: requesterId, link: `/groups/${group.id}`, title: `Request to join ${group.name}`, createdAt: { gt: new Date(Date.now() - JOIN_REQUEST_REPEAT_WINDOW_MS) } },
  });
  if (recent > 0) return null;
  const requester = await tx.user.findUnique({ where: { id: requesterId }, select: actorSelect });
  return insert(tx, recipient, {
    type: "other",
    text: { kind: "groupJoinRequest", actor: nameOf(requester), group: group.name },
    link: `/groups/${group.id}`,
    actorId: requesterId,
  });
}

/**
 * Tells a member that their request to join a private group was approved (type other, linking
 * to the group page). Call it in the transaction that added the membership.
 */
export async function notifyGroupJoinApproved(
  tx: Tx,
  { groupId, memberId, approverId }: { groupId: number; memberId: string; approverId: string },
): Promise<number | null> {
  const group = await tx.group.findUnique({ where: { id: groupId }, select: { id: true, name: true } });
  if (!group) return null;
  const recipient = await recipientFor(tx, memberId, { actorId: approverId, setting: null });
  if (!recipient) return null;
  const approver = await tx.user.findUnique({ where: { id: approverId }, select: actorSelect });
  return insert(tx, recipient, {
    type: "other",
    text: { kind: "groupJoinApproved", actor: nameOf(approver), group: group.name },
    link: `/groups/${group.id}`,
    actorId: approverId,
  });
}

/**
 * Tells a member that a group's creator invited them (type other, linking to the group page,
 * where they accept or decline). Call it in the transaction that recorded a new invitation.
 */
export async function notifyGroupInvitation(
  tx: Tx,
  { groupId, inviteeId, inviterId }: { groupId: number; inviteeId: string; inviterId: string },
): Promise<number | null> {
  const group = await tx.group.findUnique({ where: { id: groupId }, select: { id: true, name: true } });
  if (!group) return null;
  const recipient = await recipientFor(tx, inviteeId, { actorId: inviterId, setting: null });
  if (!recipient) return null;
  const inviter = await tx.user.findUnique({ where: { id: inviterId }, select: actorSelect });
  return insert(tx, recipient, {
    type: "other",
    text: { kind: "groupInvitation", actor: nameOf(inviter), group: group.name },
    link: `/groups/${group.id}`,
    actorId: inviterId,
  });
}

/** Marks one of the member's notifications read (the caller loaded it as theirs); reading it twice changes nothing. */
export async function markNotificationRead(notification: { id: number }): Promise<void> {
  await db.notification.updateMany({ where: { id: notification.id, isRead: false }, data: { isRead: true } });
}

/** Marks every unread notification the member can see as read; returns how many changed. */
export async function markAllNotificationsRead(viewer: Viewer): Promise<number> {
  return db.$executeRaw`
    UPDATE notifications n SET is_read = true
     WHERE n.user_id = ${viewer.id} AND NOT n.is_read AND ${visibleNotificationsSql(viewer, "n")}`;
}
