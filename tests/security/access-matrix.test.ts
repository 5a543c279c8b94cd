/** @jest-environment node */
// Weakness guarded against: broken access control (a route that lets a visitor, another member
// or a non-member of a private group read or change what SPEC.md section 6 and DECISIONS.md
// section 7 keep from them) and private data exposure (e-mail addresses of others, password
// hashes, session ids in any response). The routes come from disk: a new route or method
// without a row here fails the suite.
import crypto from "node:crypto";
import sharp from "sharp";
import { hashEmailToken, type EmailTokenPurpose } from "@/lib/server/auth/email-tokens";
import { db } from "@/lib/server/db";
import { resetLimit } from "@/lib/server/rate-limit";
import { suspensionMessage } from "@/lib/suspension";
import { createBrowserKeys, withVapidKeys } from "@/tests/support/fake-push-service";
import { createAnswer, createCategory, createComment, createGroup, createGroupInvitation, createJoinRequest, createQuestion, unique } from "@/tests/factories";
import {
  callRoute, createMember, createWorld, discoverRoutes, freshCookie, isolateTestFile, privateStrings, routeKey, WORLD_PASSWORD,
  type ApiRoute, type CallOptions, type World,
} from "@/tests/security/support";

const ROLES = ["visitor", "member", "owner", "insider", "outsider"] as const;
type Role = (typeof ROLES)[number];
/**
 * Expected statuses in ROLES order: a visitor; another member; the owner (author of the
 * content, creator of the groups); a member of the private group; a member outside it.
 */
type Statuses = [visitor: number, member: number, owner: number, insider: number, outsider: number];

/**
 * The roles of issue 14, run on every case too: a moderator, an admin, and a suspended member
 * (role "member", suspended until a week from now, signed in again after the suspension). None
 * of them owns the world's content or belongs to its private group: each is "another member"
 * who also has a role (or a suspension).
 */
const STAFF_ROLES = ["moderator", "admin", "suspended"] as const;
type StaffRole = (typeof STAFF_ROLES)[number];
type MatrixRole = Role | StaffRole;
const MATRIX_ROLES: readonly MatrixRole[] = [...ROLES, ...STAFF_ROLES];

/**
 * What the moderator, the admin and the suspended member get when a case sets no `staff`
 * override (docs/SECURITY.md, "The access matrix"):
 * - moderator and admin: what `member` (another member, not the owner) gets;
 * - suspended, GET (and HEAD): what `member` gets: reads keep working;
 * - suspended, a write (POST, PUT, PATCH, DELETE):
 *   - 401 when `member` gets 401 (the route authenticates another way, e.g. the cron secret);
 *   - what `member` gets when the visitor does not get 401: a route open to visitors (sign-in,
 *     sign-out, registration, the e-mailed-token routes) never asks requireViewer, and the
 *     suspension does not apply to what a signed-out caller may do anyway;
 *   - 403 (`Your account is suspended until {date}.`) otherwise: the route needs a signed-in
 *     member, and requireViewer refuses the suspended one right after authentication, before
 *     any later 403, 404, 409 or success.
 */
function staffDefault(method: string, expect: Statuses, role: StaffRole): number {
  const [visitor, member] = expect;
  if (role !== "suspended" || method === "GET" || method === "HEAD") return member;
  if (member === 401) return 401;
  if (visitor !== 401) return member;
  return 403;
}

interface Case {
  /** What the request aims at. */
  name: string;
  expect: Statuses;
  /** Where a moderator, an admin or the suspended member gets something else than staffDefault says. */
  staff?: Partial<Record<StaffRole, number>>;
  /** The request, built afresh for each role (so one role's change cannot decide another's answer). */
  request: (w: World, role: MatrixRole) => Promise<CallOptions> | CallOptions;
  /** Each signed-in role acts as a new member of its own (sign-out, password change, account deletion end a session). */
  freshMember?: true;
  /** The answer describes the account the request created (registration): its e-mail is the caller's own. */
  createsAccount?: true;
}

const all = (status: number): Statuses => [status, status, status, status, status];
const membersOnly = (status: number): Statuses => [401, status, status, status, status];

const id = (n: { id: number }) => String(n.id);
const json = (body: unknown): Pick<CallOptions, "json"> => ({ json: body });

// Fresh content for requests that change or remove it.
const freshQuestion = async (w: World, hidden = false) =>
  createQuestion({ author: w.owner.user, tags: [w.tag], group: hidden ? w.privateGroup : null });
const freshAnswer = async (w: World, hidden = false) => createAnswer({ question: hidden ? w.hiddenQuestion : w.question, author: w.owner.user });
const freshComment = async (w: World, hidden = false) =>
  createComment({ answer: hidden ? w.hiddenAnswer : w.answer, author: w.owner.user });
/** A fresh answer of the owner's with one open flag (another member's), for the review queue's actions. */
const flaggedAnswer = async (w: World) => {
  const answer = await freshAnswer(w);
  await db.flag.create({ data: { reporterId: w.outsider.user.id, targetType: "answer", targetId: answer.id, answerId: answer.id, reason: "off_topic" } });
  return answer;
};
/** A pending suggested edit of a fresh answer of the owner's, by a member of its own (in the private group when `hidden`). */
const freshSuggestion = async (w: World, hidden = false) => {
  const answer = await freshAnswer(w, hidden);
  const { user } = await createMember(`suggester-${unique()}`);
  if (hidden) await db.groupMember.create({ data: { groupId: w.privateGroup.id, userId: user.id } });
  const edit = await db.suggestedEdit.create({
    data: { targetType: "answer", questionId: answer.questionId, answerId: answer.id, suggesterId: user.id, content: "A proposed answer, long enough to count.", summary: "Clearer" },
  });
  return { params: { id: String(edit.id) } };
};
/** A fresh question of the owner's, closed or locked by a moderator of its own. */
const closedQuestion = async (w: World, hidden = false) => {
  const question = await freshQuestion(w, hidden);
  return db.question.update({ where: { id: question.id }, data: { closedAt: new Date(), closeReason: "off_topic" } });
};
const lockedQuestion = async (w: World, hidden = false) => {
  const question = await freshQuestion(w, hidden);
  return db.question.update({ where: { id: question.id }, data: { lockedAt: new Date() } });
};
/** A fresh automatic AI answer on the world's question (staff may delete one). */
const freshAutoAnswer = async (w: World) => createAnswer({ question: w.question, author: w.assistant, isAutoGenerated: true });
/** A member of their own (for staff actions that change or remove the account), suspended for a day when asked. */
const someMember = async ({ suspended = false } = {}) => {
  const { user } = await createMember(`moderated-${unique()}`);
  if (suspended) await db.user.update({ where: { id: user.id }, data: { suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: "Spam" } });
  return user.id;
};
const freshGroup = async (w: World, isPrivate: boolean) => createGroup({ creator: w.owner.user, members: [w.insider.user], isPrivate });
const groupBody = () => ({ name: `Group ${unique()}`, description: "About things", rules: "Be kind", profileImageUrl: "", headerImageUrl: "", isPrivate: false });

/** A new member whose profile privacy is `visibility` (someone else's to every role). */
const memberWithProfile = async (visibility: "registered" | "private") => {
  const { user } = await createMember(`privacy-${unique()}`);
  await db.user.update({ where: { id: user.id }, data: { privacySettings: { profileVisibility: visibility } } });
  return user.id;
};

/** A new member with the given privacy settings (someone else's to every role). */
const memberWithPrivacy = async (privacySettings: Record<string, boolean | string>) => {
  const { user } = await createMember(`privacy-${unique()}`);
  await db.user.update({ where: { id: user.id }, data: { privacySettings } });
  return user.id;
};
/** The conversation between the world's owner and insider (issue 15), with one message; made once. */
let ownerConversationId: number | undefined;
const ownerConversation = async (w: World) => {
  if (ownerConversationId !== undefined) return ownerConversationId;
  const [userAId, userBId] = [w.owner.user.id, w.insider.user.id].sort() as [string, string];
  const conversation = await db.conversation.create({ data: { userAId, userBId } });
  await db.message.create({ data: { conversationId: conversation.id, senderId: w.owner.user.id, content: "Hi", contentHtml: "<p>Hi</p>" } });
  ownerConversationId = conversation.id;
  return conversation.id;
};

// Issue 15: push subscriptions. The server has VAPID keys here, so subscribing works.
withVapidKeys();
/** A browser's PushSubscription JSON with an endpoint of its own. */
const pushSubscriptionBody = () => {
  const keys = createBrowserKeys();
  return { endpoint: `https://push.example.com/send/${unique()}`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
};
/** The endpoint of a fresh subscription of the member's. */
const pushEndpointOf = async (userId: string) => {
  const body = pushSubscriptionBody();
  await db.pushSubscription.create({ data: { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth } });
  return body.endpoint;
};

const randomIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
/** The token of a fresh e-mailed link of an unverified member of its own (never one of the world's). */
const emailLink = async (purpose: EmailTokenPurpose) => {
  const { user } = await createMember(`link-${unique()}`);
  await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: null } });
  const token = crypto.randomBytes(32).toString("base64url");
  await db.emailToken.create({ data: { userId: user.id, purpose, tokenHash: hashEmailToken(token), email: user.email, expiresAt: new Date(Date.now() + 60_000) } });
  return token;
};

let png: Buffer;
const imageForm = () => {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(png)], "pixel.png", { type: "image/png" }));
  return form;
};

/** The permission table: every route and method of /api, and what each audience gets. */
const table: Record<string, Case[]> = {
  // Admins only (issue 14): moderators get 403 like members; an admin reaches the lookup (no job or e-mail 1 here: 404).
  "GET /api/admin/overview": [{ name: "the admin dashboard", expect: [401, 403, 403, 403, 403], staff: { admin: 200 }, request: () => ({}) }],
  "POST /api/admin/ai-jobs/[id]/retry": [{ name: "an AI answer job", expect: [401, 403, 403, 403, 403], staff: { admin: 404 }, request: () => ({ params: { id: "2147483000" } }) }],
  "POST /api/admin/mail/[id]/retry": [{ name: "an outbox e-mail", expect: [401, 403, 403, 403, 403], staff: { admin: 404 }, request: () => ({ params: { id: "2147483000" } }) }],
  "PUT /api/admin/users/[id]/role": [
    { name: "make a member a moderator", expect: [401, 403, 403, 403, 403], staff: { admin: 200 }, request: async () => ({ params: { id: await someMember() }, ...json({ role: "moderator" }) }) },
  ],
  // Moderators and admins (issue 14).
  "GET /api/admin/audit": [{ name: "the audit log", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: () => ({}) }],
  "GET /api/answers/[id]/comments": [
    { name: "public answer", expect: all(200), request: (w) => ({ params: { id: id(w.answer) } }) },
    { name: "answer in private group", expect: [404, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenAnswer) } }) },
  ],
  "POST /api/answers/[id]/comments": [
    { name: "public answer", expect: membersOnly(201), request: (w) => ({ params: { id: id(w.answer) }, ...json({ content: "Nice one" }) }) },
    { name: "answer in private group", expect: [401, 404, 201, 201, 404], request: (w) => ({ params: { id: id(w.hiddenAnswer) }, ...json({ content: "Nice one" }) }) },
  ],
  "DELETE /api/answers/[id]": [
    { name: "owner's answer", expect: [401, 403, 204, 403, 403], staff: { moderator: 204, admin: 204 }, request: async (w) => ({ params: { id: id(await freshAnswer(w)) } }) },
    { name: "owner's answer in private group", expect: [401, 404, 204, 403, 404], request: async (w) => ({ params: { id: id(await freshAnswer(w, true)) } }) },
    { name: "an automatic answer (staff only)", expect: [401, 403, 403, 403, 403], staff: { moderator: 204, admin: 204 }, request: async (w) => ({ params: { id: id(await freshAutoAnswer(w)) } }) },
  ],
  "PUT /api/answers/[id]": [
    { name: "owner's answer", expect: [401, 403, 200, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => ({ params: { id: id(await freshAnswer(w)) }, ...json({ content: "Edited answer, long enough to post" }) }) },
    { name: "owner's answer in private group", expect: [401, 404, 200, 403, 404], request: async (w) => ({ params: { id: id(await freshAnswer(w, true)) }, ...json({ content: "Edited answer, long enough to post" }) }) },
    { name: "automatic answer (nobody may edit it)", expect: [401, 403, 403, 403, 403], request: (w) => ({ params: { id: id(w.autoAnswer) }, ...json({ content: "Edited answer, long enough to post" }) }) },
  ],
  "GET /api/answers/[id]/revisions": [
    { name: "public answer", expect: all(200), request: (w) => ({ params: { id: id(w.answer) } }) },
    { name: "answer in private group", expect: [404, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenAnswer) } }) },
  ],
  "POST /api/answers/[id]/revisions/[n]/rollback": [
    { name: "owner's answer", expect: [401, 403, 200, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => ({ params: { id: id(await freshAnswer(w)), n: "1" } }) },
    { name: "owner's answer in private group", expect: [401, 404, 200, 403, 404], request: async (w) => ({ params: { id: id(await freshAnswer(w, true)), n: "1" } }) },
    { name: "automatic answer (nobody may roll it back)", expect: [401, 403, 403, 403, 403], request: (w) => ({ params: { id: id(w.autoAnswer), n: "1" } }) },
  ],
  "POST /api/answers/[id]/vote": [
    { name: "owner's answer (not one's own)", expect: [401, 200, 403, 200, 200], request: (w) => ({ params: { id: id(w.answer) }, ...json({ voteType: "up" }) }) },
    { name: "answer in private group", expect: [401, 404, 403, 200, 404], request: (w) => ({ params: { id: id(w.hiddenAnswer) }, ...json({ voteType: "down" }) }) },
  ],
  "DELETE /api/answers/[id]/vote": [
    { name: "owner's answer", expect: [401, 200, 403, 200, 200], request: (w) => ({ params: { id: id(w.answer) } }) },
    { name: "answer in private group", expect: [401, 404, 403, 200, 404], request: (w) => ({ params: { id: id(w.hiddenAnswer) } }) },
  ],
  // Verdicts on AI answers (issue 16): not on a member's answer (400), not by whoever prompted a custom-prompt answer (403).
  "POST /api/answers/[id]/verification": [
    { name: "the automatic answer", expect: [401, 200, 200, 200, 200], request: (w) => ({ params: { id: id(w.autoAnswer) }, ...json({ verdict: "correct" }) }) },
    { name: "owner's custom-prompt answer", expect: [401, 200, 403, 200, 200], request: async (w) => ({ params: { id: id(await createAnswer({ question: w.question, author: w.owner.user, customPrompt: "Explain briefly" })) }, ...json({ verdict: "incorrect", reason: "It skips the important step" }) }) },
    { name: "owner's answer (a person's)", expect: [401, 400, 400, 400, 400], request: (w) => ({ params: { id: id(w.answer) }, ...json({ verdict: "correct" }) }) },
    { name: "an AI answer in the private group", expect: [401, 404, 200, 200, 404], request: async (w) => ({ params: { id: id(await createAnswer({ question: w.hiddenQuestion, author: w.assistant, isAutoGenerated: true })) }, ...json({ verdict: "correct" }) }) },
  ],
  "DELETE /api/answers/[id]/verification": [
    { name: "the automatic answer", expect: [401, 200, 200, 200, 200], request: (w) => ({ params: { id: id(w.autoAnswer) } }) },
    { name: "an AI answer in the private group", expect: [401, 404, 200, 200, 404], request: async (w) => ({ params: { id: id(await createAnswer({ question: w.hiddenQuestion, author: w.assistant, isAutoGenerated: true })) } }) },
  ],
  // A moderator's request for a revision of the automatic answer (issue 16): staff only, 400 on any other answer.
  "POST /api/answers/[id]/revise": [
    { name: "the automatic answer", expect: [401, 403, 403, 403, 403], staff: { moderator: 202, admin: 202 }, request: async (w) => ({ params: { id: id(await freshAutoAnswer(w)) }, ...json({ note: "Check the second step" }) }) },
    { name: "owner's answer (a person's)", expect: [401, 403, 403, 403, 403], staff: { moderator: 400, admin: 400 }, request: (w) => ({ params: { id: id(w.answer) }, ...json({}) }) },
  ],
  "GET /api/ai/quota": [
    { name: "the member's own allowance", expect: [401, 200, 200, 200, 200], request: () => ({}) },
  ],
  "GET /api/auth/[...nextauth]": [
    { name: "session", expect: all(200), request: () => ({ params: { nextauth: ["session"] } }) },
    { name: "csrf", expect: all(200), request: () => ({ params: { nextauth: ["csrf"] } }) },
  ],
  "POST /api/auth/[...nextauth]": [
    {
      name: "credentials sign-in without the CSRF token (next-auth sends it back to sign in)",
      expect: all(302),
      request: (w) => ({
        params: { nextauth: ["callback", "credentials"] },
        body: new URLSearchParams({ email: w.owner.user.email, password: WORLD_PASSWORD }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.9" },
      }),
    },
  ],
  "GET /api/auth/user": [{ name: "own account", expect: membersOnly(200), request: () => ({}) }],
  // E-mail verification and password reset: anyone with the e-mailed link (the token is the proof); a fresh link per role.
  "POST /api/auth/verify-email": [{ name: "a verification link", expect: all(200), request: async () => ({ ...json({ token: await emailLink("verify_email") }), headers: { "x-forwarded-for": randomIp() } }) }],
  "POST /api/auth/resend-verification": [{ name: "an address verified already", expect: [401, 409, 409, 409, 409], request: () => ({}) }],
  "POST /api/auth/forgot-password": [{ name: "any address", expect: all(202), request: () => ({ ...json({ email: `forgot-${unique()}@example.com` }), headers: { "x-forwarded-for": randomIp() } }) }],
  "POST /api/auth/reset-password": [
    { name: "a reset link", expect: all(200), request: async () => ({ ...json({ token: await emailLink("reset_password"), newPassword: "a whole new password" }), headers: { "x-forwarded-for": randomIp() } }) },
  ],
  "POST /api/comments/[id]/replies": [
    { name: "public comment", expect: membersOnly(201), request: (w) => ({ params: { id: id(w.comment) }, ...json({ content: "A reply" }) }) },
    { name: "comment in private group", expect: [401, 404, 201, 201, 404], request: (w) => ({ params: { id: id(w.hiddenComment) }, ...json({ content: "A reply" }) }) },
  ],
  "PATCH /api/comments/[id]": [
    { name: "owner's comment", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.comment) }, ...json({ content: "Edited" }) }) },
    { name: "owner's comment in private group", expect: [401, 404, 200, 403, 404], request: (w) => ({ params: { id: id(w.hiddenComment) }, ...json({ content: "Edited" }) }) },
  ],
  "DELETE /api/comments/[id]": [
    { name: "owner's comment", expect: [401, 403, 204, 403, 403], staff: { moderator: 204, admin: 204 }, request: async (w) => ({ params: { id: id(await freshComment(w)) } }) },
    { name: "owner's comment in private group", expect: [401, 404, 204, 403, 404], request: async (w) => ({ params: { id: id(await freshComment(w, true)) } }) },
  ],
  "GET /api/cron/ai-answers": [{ name: "without the cron secret", expect: all(401), request: () => ({}) }],
  "POST /api/cron/ai-answers": [{ name: "without the cron secret", expect: all(401), request: () => ({}) }],
  "GET /api/cron/mail": [{ name: "without the cron secret", expect: all(401), request: () => ({}) }],
  "POST /api/cron/mail": [{ name: "without the cron secret", expect: all(401), request: () => ({}) }],
  "GET /api/cron/retention": [{ name: "without the cron secret", expect: all(401), request: () => ({}) }],
  "POST /api/cron/retention": [{ name: "without the cron secret", expect: all(401), request: () => ({}) }],
  "POST /api/locale": [{ name: "the language menu (a cookie; a member's preference)", expect: all(200), request: () => json({ locale: "en" }) }],
  "GET /api/health": [{ name: "liveness (nothing private)", expect: all(200), request: () => ({}) }],
  "GET /api/health/ready": [{ name: "readiness (nothing private)", expect: all(200), request: () => ({}) }],
  "GET /api/metrics": [{ name: "without METRICS_TOKEN set, the endpoint does not exist", expect: all(404), request: () => ({}) }],
  "GET /api/feed": [{ name: "own feed", expect: membersOnly(200), request: () => ({}) }],
  // Issue 14: members flag others' posts they can see; the review queue is for moderators and admins (none of these roles).
  "POST /api/flags": [
    { name: "owner's answer", expect: [401, 201, 403, 201, 201], request: async (w) => json({ targetType: "answer", targetId: (await freshAnswer(w)).id, reason: "off_topic" }) },
    { name: "owner's answer in private group", expect: [401, 404, 403, 201, 404], request: async (w) => json({ targetType: "answer", targetId: (await freshAnswer(w, true)).id, reason: "off_topic" }) },
    { name: "owner's question", expect: [401, 201, 403, 201, 201], request: async (w) => json({ targetType: "question", targetId: (await freshQuestion(w)).id, reason: "off_topic" }) },
    { name: "owner's comment", expect: [401, 201, 403, 201, 201], request: async (w) => json({ targetType: "comment", targetId: (await freshComment(w)).id, reason: "rude" }) },
  ],
  // Issue 13: suggested edits. The roles hold 1 reputation: below the edit and review privileges.
  "POST /api/suggested-edits": [
    { name: "owner's answer", expect: [401, 201, 400, 201, 201], staff: { moderator: 400, admin: 400 }, request: async (w) => json({ targetType: "answer", targetId: (await freshAnswer(w)).id, content: "A proposed answer, long enough to count.", summary: "Clearer" }) },
    { name: "owner's answer in private group", expect: [401, 404, 400, 201, 404], request: async (w) => json({ targetType: "answer", targetId: (await freshAnswer(w, true)).id, content: "A proposed answer, long enough to count.", summary: "Clearer" }) },
  ],
  "GET /api/suggested-edits": [{ name: "the suggested edits queue", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: () => ({}) }],
  "GET /api/suggested-edits/[id]": [
    { name: "a suggestion on owner's answer", expect: [401, 403, 200, 403, 403], staff: { moderator: 200, admin: 200 }, request: (w) => freshSuggestion(w) },
    { name: "a suggestion on owner's answer in private group", expect: [401, 404, 200, 403, 404], request: (w) => freshSuggestion(w, true) },
  ],
  "POST /api/suggested-edits/[id]/approve": [
    { name: "a suggestion on owner's answer", expect: [401, 403, 200, 403, 403], staff: { moderator: 200, admin: 200 }, request: (w) => freshSuggestion(w) },
    { name: "a suggestion on owner's answer in private group", expect: [401, 404, 200, 403, 404], request: (w) => freshSuggestion(w, true) },
  ],
  "POST /api/suggested-edits/[id]/reject": [
    { name: "a suggestion on owner's answer", expect: [401, 403, 200, 403, 403], staff: { moderator: 200, admin: 200 }, request: (w) => freshSuggestion(w) },
    { name: "a suggestion on owner's answer in private group", expect: [401, 404, 200, 403, 404], request: (w) => freshSuggestion(w, true) },
  ],
  "GET /api/review": [{ name: "the review queue", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: () => ({}) }],
  "POST /api/review/actions": [
    // No open flag on the world's answer: staff get as far as "Already handled by another moderator".
    { name: "dismiss flags on an answer", expect: [401, 403, 403, 403, 403], staff: { moderator: 409, admin: 409 }, request: (w) => json({ targetType: "answer", targetId: w.answer.id, action: "dismiss" }) },
    { name: "dismiss the open flag on a fresh answer", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => json({ targetType: "answer", targetId: (await flaggedAnswer(w)).id, action: "dismiss" }) },
  ],
  "GET /api/groups/[id]/is-member": [
    { name: "public group", expect: all(200), request: (w) => ({ params: { id: id(w.publicGroup) } }) },
    { name: "private group (its name and counts are public)", expect: all(200), request: (w) => ({ params: { id: id(w.privateGroup) } }) },
  ],
  "POST /api/groups/[id]/join": [
    { name: "public group", expect: [401, 200, 409, 409, 200], request: async (w) => ({ params: { id: id(await freshGroup(w, false)) } }) },
    { name: "private group (a request to join)", expect: [401, 200, 409, 409, 200], request: async (w) => ({ params: { id: id(await freshGroup(w, true)) } }) },
  ],
  "DELETE /api/groups/[id]/join": [
    { name: "withdraw a request to a private group", expect: membersOnly(200), request: (w) => ({ params: { id: id(w.privateGroup) } }) },
  ],
  "POST /api/groups/[id]/leave": [
    { name: "public group", expect: [401, 409, 403, 200, 409], request: async (w) => ({ params: { id: id(await freshGroup(w, false)) } }) },
    { name: "private group", expect: [401, 409, 403, 200, 409], request: async (w) => ({ params: { id: id(await freshGroup(w, true)) } }) },
  ],
  "GET /api/groups/[id]/questions": [
    { name: "public group", expect: all(200), request: (w) => ({ params: { id: id(w.publicGroup) } }) },
    { name: "private group", expect: [403, 403, 200, 200, 403], request: (w) => ({ params: { id: id(w.privateGroup) } }) },
  ],
  "POST /api/groups/[id]/requests/[userId]/approve": [
    {
      name: "a pending request to the owner's private group",
      expect: [401, 403, 200, 403, 403],
      request: async (w) => {
        const group = await freshGroup(w, true);
        await createJoinRequest({ group, user: w.member.user });
        return { params: { id: id(group), userId: w.member.user.id } };
      },
    },
  ],
  "POST /api/groups/[id]/requests/[userId]/decline": [
    {
      name: "a pending request to the owner's private group",
      expect: [401, 403, 200, 403, 403],
      request: async (w) => {
        const group = await freshGroup(w, true);
        await createJoinRequest({ group, user: w.outsider.user });
        return { params: { id: id(group), userId: w.outsider.user.id } };
      },
    },
  ],
  "GET /api/groups/[id]/requests": [
    { name: "the owner's private group", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.privateGroup) } }) },
  ],
  "GET /api/groups/[id]/invitations": [
    { name: "the owner's private group", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.privateGroup) } }) },
    { name: "the owner's public group", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.publicGroup) } }) },
  ],
  "POST /api/groups/[id]/invitations": [
    {
      name: "invite a member to the owner's private group",
      expect: [401, 403, 201, 403, 403],
      request: async (w) => ({ params: { id: id(await freshGroup(w, true)) }, ...json({ userId: w.outsider.user.id }) }),
    },
  ],
  "DELETE /api/groups/[id]/invitations/[userId]": [
    {
      // The invited member declines, the creator withdraws; nobody else may touch it (staff neither).
      name: "the other member's invitation to the owner's private group",
      expect: [401, 204, 204, 403, 403],
      staff: { moderator: 403, admin: 403 },
      request: async (w) => {
        const group = await freshGroup(w, true);
        await createGroupInvitation({ group, user: w.member.user, inviter: w.owner.user });
        return { params: { id: id(group), userId: w.member.user.id } };
      },
    },
  ],
  "GET /api/groups/[id]": [
    { name: "public group", expect: all(200), request: (w) => ({ params: { id: id(w.publicGroup) } }) },
    { name: "private group", expect: all(200), request: (w) => ({ params: { id: id(w.privateGroup) } }) },
  ],
  "PATCH /api/groups/[id]": [
    { name: "owner's public group", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.publicGroup) }, ...json({ description: "Edited" }) }) },
    { name: "owner's private group", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.privateGroup) }, ...json({ rules: "Edited" }) }) },
  ],
  "GET /api/groups": [{ name: "all groups", expect: all(200), request: () => ({}) }],
  "POST /api/groups": [{ name: "a new group", expect: membersOnly(201), request: () => json(groupBody()) }],
  "GET /api/login": [{ name: "sign-in page", expect: all(302), request: () => ({ query: "callbackUrl=%2Fgroups" }) }],
  "GET /api/logout": [{ name: "own session", expect: all(302), freshMember: true, request: () => ({}) }],
  "POST /api/logout": [{ name: "own session", expect: all(302), freshMember: true, request: () => ({}) }],
  // Marking notifications read is allowed while suspended (docs/SECURITY.md): the suspended member reads their own inbox.
  "POST /api/notifications/[id]/read": [
    { name: "owner's notification", expect: [401, 404, 200, 404, 404], staff: { suspended: 404 }, request: (w) => ({ params: { id: id(w.notification) } }) },
  ],
  "POST /api/notifications/mark-all-read": [{ name: "own notifications", expect: membersOnly(200), staff: { suspended: 200 }, request: () => ({}) }],
  "GET /api/notifications": [{ name: "own notifications", expect: membersOnly(200), request: () => ({}) }],
  "GET /api/notifications/unread-count": [{ name: "own notifications", expect: membersOnly(200), request: () => ({}) }],
  // Issue 15: direct messages. Conversations are their two participants' alone: 404 to everyone else, moderators and admins included.
  "POST /api/messages": [
    { name: "to the owner (who accepts messages; the owner themself: 400)", expect: [401, 201, 400, 201, 201], request: (w) => json({ recipientId: w.owner.user.id, content: "Hello there" }) },
    { name: "to a member who turned messages off", expect: [401, 403, 403, 403, 403], request: async () => json({ recipientId: await memberWithPrivacy({ allowMessages: false }), content: "Hello there" }) },
    { name: "to an unknown member", expect: membersOnly(404), request: () => json({ recipientId: "no-such-member", content: "Hello there" }) },
  ],
  "GET /api/conversations": [{ name: "own conversations", expect: membersOnly(200), request: () => ({}) }],
  "GET /api/conversations/unread-count": [{ name: "own conversations", expect: membersOnly(200), request: () => ({}) }],
  "GET /api/conversations/[id]/messages": [
    { name: "the owner's conversation with the insider", expect: [401, 404, 200, 200, 404], request: async (w) => ({ params: { id: String(await ownerConversation(w)) } }) },
    { name: "an unknown conversation", expect: membersOnly(404), request: () => ({ params: { id: "2000000000" } }) },
  ],
  // Marking read is allowed while suspended (like notifications): the suspended member is no participant, so 404.
  "POST /api/conversations/[id]/read": [
    { name: "the owner's conversation with the insider", expect: [401, 404, 200, 200, 404], staff: { suspended: 404 }, request: async (w) => ({ params: { id: String(await ownerConversation(w)) } }) },
  ],
  "GET /api/questions/[id]/ai-answer/stream": [
    { name: "public question", expect: all(200), request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "question in private group", expect: [404, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  "POST /api/questions/[id]/answers": [
    { name: "public question", expect: membersOnly(201), request: (w) => ({ params: { id: id(w.question) }, ...json({ content: "My answer, with enough words" }) }) },
    { name: "question in private group", expect: [401, 404, 201, 201, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) }, ...json({ content: "My answer, with enough words" }) }) },
  ],
  "POST /api/questions/[id]/generate-preview": [
    // No AI provider is configured here: a member who may generate learns that (503); nobody else gets that far.
    { name: "public question", expect: membersOnly(503), request: (w) => ({ params: { id: id(w.question) }, ...json({ customPrompt: "Briefly" }) }) },
    { name: "question in private group", expect: [401, 404, 503, 503, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) }, ...json({ customPrompt: "Briefly" }) }) },
  ],
  "POST /api/ai/draft-answer": [
    // No AI provider is configured here: a member who may ask learns that (503); a group's draft only for its members.
    { name: "a public draft", expect: membersOnly(503), request: (w) => json({ title: "A brand new question", description: "Why?", tagIds: [w.tag.id], groupId: null }) },
    { name: "a draft in the private group", expect: [401, 403, 503, 503, 403], request: (w) => json({ title: "A brand new question", description: "Why?", tagIds: [w.tag.id], groupId: w.privateGroup.id }) },
  ],
  "POST /api/ai/coach": [
    // No AI provider is configured here: a member learns that (503), and the dialog keeps its heuristic suggestions.
    { name: "a draft", expect: membersOnly(503), request: () => json({ title: "A brand new question", description: "Why does it fail?", locale: "en" }) },
  ],
  "GET /api/questions/[id]": [
    { name: "public question", expect: all(200), request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "question in private group", expect: [404, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  "PUT /api/questions/[id]": [
    { name: "owner's question", expect: [401, 403, 200, 403, 403], staff: { moderator: 200, admin: 200 }, request: (w) => ({ params: { id: id(w.question) }, ...json({ title: "An edited title here", description: "Edited", tagIds: [w.tag.id] }) }) },
    { name: "owner's question in private group", expect: [401, 404, 200, 403, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) }, ...json({ title: "An edited title here", description: "Edited", tagIds: [w.tag.id] }) }) },
  ],
  "GET /api/questions/[id]/revisions": [
    { name: "public question", expect: all(200), request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "question in private group", expect: [404, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  "POST /api/questions/[id]/revisions/[n]/rollback": [
    { name: "owner's question", expect: [401, 403, 200, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => ({ params: { id: id(await freshQuestion(w)), n: "1" } }) },
    { name: "owner's question in private group", expect: [401, 404, 200, 403, 404], request: async (w) => ({ params: { id: id(await freshQuestion(w, true)), n: "1" } }) },
  ],
  "DELETE /api/questions/[id]": [
    { name: "owner's question", expect: [401, 403, 204, 403, 403], staff: { moderator: 204, admin: 204 }, request: async (w) => ({ params: { id: id(await freshQuestion(w)) } }) },
    { name: "owner's question in private group", expect: [401, 404, 204, 403, 404], request: async (w) => ({ params: { id: id(await freshQuestion(w, true)) } }) },
  ],
  "POST /api/questions/[id]/save": [
    { name: "public question", expect: membersOnly(200), request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "question in private group", expect: [401, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  "DELETE /api/questions/[id]/save": [
    { name: "public question", expect: membersOnly(200), request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "question in private group", expect: [401, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  "POST /api/questions/[id]/vote": [
    { name: "the owner's question", expect: [401, 200, 403, 200, 200], request: (w) => ({ params: { id: id(w.question) }, ...json({ voteType: "up" }) }) },
    { name: "the owner's question in private group", expect: [401, 404, 403, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) }, ...json({ voteType: "up" }) }) },
  ],
  "DELETE /api/questions/[id]/vote": [
    { name: "the owner's question", expect: [401, 200, 403, 200, 200], request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "the owner's question in private group", expect: [401, 404, 403, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  "POST /api/questions/[id]/accept": [
    { name: "an answer to the owner's question", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.question) }, ...json({ answerId: w.answer.id }) }) },
    { name: "an answer to the owner's question in private group", expect: [401, 404, 200, 403, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) }, ...json({ answerId: w.hiddenAnswer.id }) }) },
  ],
  "DELETE /api/questions/[id]/accept": [
    { name: "the owner's question", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "the owner's question in private group", expect: [401, 404, 200, 403, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  // Issues 13 and 14: closing needs 250 reputation (none of these roles has it), locking a moderator's or admin's role.
  "POST /api/questions/[id]/close": [
    { name: "the owner's question", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => ({ params: { id: id(await freshQuestion(w)) }, ...json({ reason: "off_topic" }) }) },
    { name: "the owner's question in private group", expect: [401, 404, 403, 403, 404], request: async (w) => ({ params: { id: id(await freshQuestion(w, true)) }, ...json({ reason: "off_topic" }) }) },
  ],
  "DELETE /api/questions/[id]/close": [
    { name: "the owner's closed question", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => ({ params: { id: id(await closedQuestion(w)) } }) },
    { name: "the owner's closed question in private group", expect: [401, 404, 403, 403, 404], request: async (w) => ({ params: { id: id(await closedQuestion(w, true)) } }) },
  ],
  "POST /api/questions/[id]/lock": [
    { name: "the owner's question", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => ({ params: { id: id(await freshQuestion(w)) } }) },
    { name: "the owner's question in private group", expect: [401, 404, 403, 403, 404], request: async (w) => ({ params: { id: id(await freshQuestion(w, true)) } }) },
  ],
  "DELETE /api/questions/[id]/lock": [
    { name: "the owner's locked question", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async (w) => ({ params: { id: id(await lockedQuestion(w)) } }) },
    { name: "the owner's locked question in private group", expect: [401, 404, 403, 403, 404], request: async (w) => ({ params: { id: id(await lockedQuestion(w, true)) } }) },
  ],
  "GET /api/questions/[id]/saved": [
    { name: "public question", expect: all(200), request: (w) => ({ params: { id: id(w.question) } }) },
    { name: "question in private group", expect: [404, 404, 200, 200, 404], request: (w) => ({ params: { id: id(w.hiddenQuestion) } }) },
  ],
  "GET /api/questions": [{ name: "the list", expect: all(200), request: () => ({ query: "sort=votes" }) }],
  "POST /api/questions": [
    { name: "a public question", expect: membersOnly(201), request: (w) => json({ title: "A brand new question", description: "Why?", tagIds: [w.tag.id], groupId: null }) },
    { name: "a question in the private group", expect: [401, 403, 201, 201, 403], request: (w) => json({ title: "A brand new question", description: "Why?", tagIds: [w.tag.id], groupId: w.privateGroup.id }) },
  ],
  "GET /api/questions/trending": [{ name: "trending", expect: all(200), request: () => ({}) }],
  "POST /api/register": [
    { name: "a new account", expect: all(201), createsAccount: true, request: () => ({ ...json({ email: `new-${unique()}@example.com`, password: "long enough password" }), headers: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } }) },
  ],
  // Visitors too (issue 19), under a per-IP limit of their own (tests/security/limits-and-races.test.ts).
  "GET /api/questions/similar": [{ name: "similar questions", expect: all(200), request: () => ({ query: "title=question+about+something" }) }],
  "GET /api/search": [{ name: "search", expect: all(200), request: () => ({ query: "q=question" }) }],
  "POST /api/tags/[id]/follow": [{ name: "a tag", expect: membersOnly(200), request: (w) => ({ params: { id: id(w.tag) } }) }],
  "DELETE /api/tags/[id]/follow": [{ name: "a tag", expect: membersOnly(200), request: (w) => ({ params: { id: id(w.tag) } }) }],
  "GET /api/tags/[id]/is-following": [{ name: "a tag", expect: all(200), request: (w) => ({ params: { id: id(w.tag) } }) }],
  "GET /api/tags/[id]/questions": [{ name: "a tag", expect: all(200), request: (w) => ({ params: { id: id(w.tag) } }) }],
  "GET /api/tags/[id]/stats": [{ name: "a tag", expect: all(200), request: (w) => ({ params: { id: id(w.tag) } }) }],
  "GET /api/tags/by-name/[name]": [{ name: "a tag", expect: all(200), request: (w) => ({ params: { name: w.tag.name } }) }],
  "GET /api/tags": [{ name: "all tags", expect: all(200), request: () => ({}) }],
  "GET /api/categories": [{ name: "all categories", expect: all(200), request: () => ({}) }],
  "GET /api/categories/[id]": [
    { name: "a category", expect: all(200), request: async (w) => ({ params: { id: id(await createCategory({ tags: [w.tag] })) } }) },
    { name: "an unknown category", expect: all(404), request: () => ({ params: { id: "2000000000" } }) },
  ],
  "GET /api/categories/[id]/questions": [
    { name: "a category", expect: all(200), request: async (w) => ({ params: { id: id(await createCategory({ tags: [w.tag] })) } }) },
    { name: "an unknown category", expect: all(404), request: () => ({ params: { id: "2000000000" } }) },
  ],
  "POST /api/categories/[id]/follow": [
    { name: "a category", expect: membersOnly(200), request: async () => ({ params: { id: id(await createCategory()) } }) },
    { name: "an unknown category", expect: membersOnly(404), request: () => ({ params: { id: "2000000000" } }) },
  ],
  "DELETE /api/categories/[id]/follow": [
    { name: "a category", expect: membersOnly(200), request: async () => ({ params: { id: id(await createCategory()) } }) },
    { name: "an unknown category", expect: membersOnly(404), request: () => ({ params: { id: "2000000000" } }) },
  ],
  "POST /api/tags": [{ name: "a new tag", expect: membersOnly(201), request: () => json({ name: `t${unique()}` }) }],
  "POST /api/upload/image": [{ name: "a small PNG", expect: membersOnly(201), request: () => ({ body: imageForm() }) }],
  "GET /api/users/[id]/answers": [{ name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "POST /api/users/[id]/follow": [{ name: "the owner", expect: [401, 200, 403, 200, 200], request: (w) => ({ params: { id: w.owner.user.id } }) }],
  // Blocks, each of a member of its own (blocking the world's members would close their inboxes to later cases).
  "POST /api/users/[id]/block": [{ name: "a member", expect: membersOnly(200), request: async () => ({ params: { id: await someMember() } }) }],
  "DELETE /api/users/[id]/block": [{ name: "a member", expect: membersOnly(200), request: async () => ({ params: { id: await someMember() } }) }],
  "GET /api/users/me/blocks": [{ name: "own blocks", expect: membersOnly(200), request: () => ({}) }],
  "DELETE /api/users/[id]/follow": [{ name: "the owner", expect: [401, 200, 403, 200, 200], request: (w) => ({ params: { id: w.owner.user.id } }) }],
  // Issue 14, moderating members: moderators and admins only (none of these roles); tests/integration/moderation-people.test.ts covers staff.
  // Each on a member of its own: staff act on members (the rank rule is in moderation-people.test.ts).
  "POST /api/users/[id]/suspend": [
    { name: "a member", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async () => ({ params: { id: await someMember() }, ...json({ days: 1, reason: "Spam" }) }) },
  ],
  "DELETE /api/users/[id]/suspend": [
    { name: "a suspended member", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async () => ({ params: { id: await someMember({ suspended: true }) } }) },
  ],
  "POST /api/users/[id]/delete-as-spammer": [
    { name: "a member", expect: [401, 403, 403, 403, 403], staff: { moderator: 200, admin: 200 }, request: async () => ({ params: { id: await someMember() }, ...json({ reason: "Spam" }) }) },
  ],
  "GET /api/users/[id]/followed-tags": [{ name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "GET /api/users/[id]/followers": [{ name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "GET /api/users/[id]/following": [{ name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "GET /api/users/[id]/groups": [{ name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "GET /api/users/[id]/is-following": [{ name: "the owner", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "GET /api/users/[id]/profile": [
    { name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) },
    // The /users/{id} page reads the same rule (issue 19): visitors get "Sign in to see this profile", then "This profile is private".
    { name: "a profile for members only", expect: membersOnly(200), request: async () => ({ params: { id: await memberWithProfile("registered") } }) },
    { name: "a private profile", expect: all(403), request: async () => ({ params: { id: await memberWithProfile("private") } }) },
  ],
  "GET /api/users/[id]/questions": [{ name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "GET /api/users/[id]/reputation": [
    { name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) },
    { name: "a profile for members only", expect: membersOnly(200), request: async () => ({ params: { id: await memberWithProfile("registered") } }) },
    { name: "a private profile", expect: all(403), request: async () => ({ params: { id: await memberWithProfile("private") } }) },
  ],
  "GET /api/users/[id]/saved-questions": [{ name: "the owner's saved questions", expect: [401, 403, 200, 403, 403], request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "GET /api/users/[id]/tags": [{ name: "owner's public profile", expect: all(200), request: (w) => ({ params: { id: w.owner.user.id } }) }],
  "PATCH /api/users/change-password": [
    { name: "own password", expect: membersOnly(200), freshMember: true, request: () => json({ currentPassword: WORLD_PASSWORD, newPassword: "a whole new password" }) },
  ],
  "DELETE /api/users/me": [{ name: "own account", expect: [401, 204, 204, 204, 204], freshMember: true, request: () => json({ confirmation: "DELETE" }) }],
  "PUT /api/users/profile": [{ name: "own profile", expect: membersOnly(200), request: () => json({ firstName: "Pat", lastName: "Doe", bio: "Hello" }) }],
  "GET /api/users": [{ name: "the directory", expect: all(200), request: () => ({ query: "tab=new" }) }],
  "PATCH /api/users/settings/notifications": [{ name: "own settings", expect: membersOnly(200), request: () => json({ weeklyDigest: true }) }],
  "DELETE /api/users/me/welcome": [{ name: "own first-run card", expect: membersOnly(204), request: () => ({}) }],
  "GET /api/push/public-key": [{ name: "the server's VAPID public key", expect: all(200), request: () => ({}) }],
  "POST /api/push/subscriptions": [{ name: "a browser of the caller's own", expect: membersOnly(201), request: () => json(pushSubscriptionBody()) }],
  // Forgetting a browser is allowed while suspended; only the caller's own subscriptions match (404 for anyone else's, staff included).
  "DELETE /api/push/subscriptions": [
    { name: "the owner's browser", expect: [401, 404, 204, 404, 404], staff: { suspended: 404 }, request: async (w) => json({ endpoint: await pushEndpointOf(w.owner.user.id) }) },
    {
      name: "a browser of the caller's own",
      expect: [401, 204, 204, 204, 204],
      staff: { suspended: 204 },
      request: async (_w, role) => json({ endpoint: role === "visitor" ? "https://push.example.com/send/none" : await pushEndpointOf(memberOf(role).user.id) }),
    },
  ],
  "GET /api/users/settings/preferences": [{ name: "own settings", expect: membersOnly(200), request: () => ({}) }],
  "PATCH /api/users/settings/preferences": [{ name: "own settings", expect: membersOnly(200), request: () => json({ theme: "dark" }) }],
  "PATCH /api/users/settings/privacy": [{ name: "own settings", expect: membersOnly(200), request: () => json({ showActivity: true }) }],
};

let world: World;
let staff: Record<StaffRole, Account>;
let routes: ApiRoute[];
isolateTestFile("matrix", { ai: "none" });

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } }).png().toBuffer();
  world = await createWorld();
  staff = { moderator: await createStaffMember("moderator"), admin: await createStaffMember("admin"), suspended: await createStaffMember("suspended") };
  routes = await discoverRoutes();
});

it("has a row for every route and method under app/api, and no row for one that does not exist", () => {
  const onDisk = routes.map(routeKey).sort();
  expect(Object.keys(table).sort()).toEqual(onDisk);
  expect(onDisk.length).toBeGreaterThanOrEqual(70);
});

/** When the suspended member's suspension ends: a week after the suite starts. */
const SUSPENDED_UNTIL = new Date(Date.now() + 7 * 86_400_000);
/** The role's account fields: a moderator, an admin, or a member suspended until SUSPENDED_UNTIL. */
const staffFields = (role: StaffRole) =>
  role === "suspended"
    ? { role: "member", suspendedUntil: SUSPENDED_UNTIL, suspensionReason: "Posting the same link everywhere" }
    : { role };

/** A signed-in account the matrix acts as: the member and the Cookie header of a session of theirs. */
type Account = Awaited<ReturnType<typeof createMember>>;

/** A new member with the role (or suspension) of `role`, and a session of theirs, opened after the role was set. */
async function createStaffMember(role: StaffRole): Promise<Account> {
  const { user } = await createMember(`${role}-${unique()}`);
  await db.user.update({ where: { id: user.id }, data: staffFields(role) });
  return { user, cookie: await freshCookie(user.id) };
}

const isStaffRole = (role: MatrixRole): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
/** The account a signed-in role acts as. */
const memberOf = (role: Exclude<MatrixRole, "visitor">): Account => (isStaffRole(role) ? staff[role] : world[role]);

it("derives the moderator's, the admin's and the suspended member's statuses by the documented rule", () => {
  expect(staffDefault("GET", [404, 404, 200, 200, 404], "suspended")).toBe(404); // reads: as another member
  expect(staffDefault("POST", [401, 201, 201, 201, 201], "suspended")).toBe(403); // a member's write
  expect(staffDefault("POST", [401, 404, 201, 201, 404], "suspended")).toBe(403); // refused before the 404 would come
  expect(staffDefault("DELETE", [401, 403, 204, 403, 403], "suspended")).toBe(403);
  expect(staffDefault("POST", [202, 202, 202, 202, 202], "suspended")).toBe(202); // open to visitors: no sign-in, no suspension
  expect(staffDefault("POST", [401, 401, 401, 401, 401], "suspended")).toBe(401); // another credential (the cron secret)
  expect(staffDefault("POST", [401, 200, 403, 200, 200], "moderator")).toBe(200);
  expect(staffDefault("DELETE", [401, 403, 204, 403, 403], "admin")).toBe(403);
});

/** Who sends a request: a world member, or a new member for cases that end their session (null: a visitor). */
async function callerFor(role: MatrixRole, freshMember: boolean | undefined): Promise<{ cookie: string; userId: string } | null> {
  if (role === "visitor") return null;
  if (freshMember) {
    const { user, cookie } = isStaffRole(role) ? await createStaffMember(role) : await createMember(`${role}-${unique()}`);
    return { cookie, userId: user.id };
  }
  const { user } = memberOf(role);
  return { cookie: await freshCookie(user.id), userId: user.id };
}

/** Whether the default rule refuses this write to the suspended member because of the suspension (requireViewer's 403). */
const refusedForSuspension = (method: string, testCase: Case, role: MatrixRole) =>
  role === "suspended" && testCase.staff?.suspended === undefined && method !== "GET" && staffDefault(method, testCase.expect, role) === 403 && testCase.expect[0] === 401;

/** Whether a response is requireViewer's suspension refusal: code "suspended" and its message with the date. */
function isSuspensionRefusal(text: string): boolean {
  const body = JSON.parse(text) as { code?: string; message?: string };
  return body.code === "suspended" && body.message === suspensionMessage(SUSPENDED_UNTIL);
}

/** The status a role should get in a case: its place in `expect`, or its `staff` override, or staffDefault. */
function expectedStatus(method: string, testCase: Case, role: MatrixRole): number {
  if (!isStaffRole(role)) return testCase.expect[ROLES.indexOf(role)]!;
  return testCase.staff?.[role] ?? staffDefault(method, testCase.expect, role);
}

it("answers every audience with the status of the permission table, and leaks nothing private", async () => {
  const mismatches: string[] = [];
  const leaks: string[] = [];
  let calls = 0;
  let unexpected2xx = 0;
  for (const route of routes) {
    for (const testCase of table[routeKey(route)] ?? []) {
      for (const role of MATRIX_ROLES) {
        // Questions are rate limited to one per 15 s per member: each role starts with a clean slate.
        if (role !== "visitor") await resetLimit("questionInterval", memberOf(role).user.id);
        const request = await testCase.request(world, role);
        const caller = await callerFor(role, testCase.freshMember);
        const { status, text } = await callRoute(route, { ...request, cookie: caller?.cookie ?? null });
        calls++;
        const expected = expectedStatus(route.method, testCase, role);
        if (status !== expected) {
          mismatches.push(`${routeKey(route)} (${testCase.name}) as ${role}: ${status}, expected ${expected} ${text.slice(0, 120)}`);
          if (status < 300 && expected >= 300) unexpected2xx++;
        } else if (refusedForSuspension(route.method, testCase, role) && !isSuspensionRefusal(text)) {
          // A 403 for another reason would hide a route that never checks the suspension.
          mismatches.push(`${routeKey(route)} (${testCase.name}) as ${role}: 403 without the suspension's message and code ${text.slice(0, 120)}`);
        }
        const viewerId = testCase.createsAccount && status === 201 ? (JSON.parse(text) as { id: string }).id : (caller?.userId ?? null);
        const otherTokens = MATRIX_ROLES.filter((r): r is Exclude<MatrixRole, "visitor"> => r !== "visitor" && r !== role).map((r) => memberOf(r).cookie.split("=")[1]!);
        const found = [...(await privateStrings(viewerId)), ...otherTokens].filter((secret) => text.includes(secret));
        if (found.length) leaks.push(`${routeKey(route)} (${testCase.name}) as ${role} shows ${found.join(", ")}`);
      }
    }
  }
  expect(mismatches).toEqual([]);
  expect(unexpected2xx).toBe(0);
  expect(leaks).toEqual([]);
  expect(calls).toBeGreaterThan(650);
  console.info(`access-matrix: ${routes.length} route methods, ${calls} calls as ${MATRIX_ROLES.join(", ")}; no unexpected status`);
}, 600_000);

it("finds the world's secrets when they are shown (the leak check can fail)", async () => {
  // The owner's own account answer carries the owner's e-mail: visible to them, a leak to anyone else.
  const route = routes.find((r) => routeKey(r) === "GET /api/auth/user")!;
  const { text } = await callRoute(route, { cookie: world.owner.cookie });
  expect((await privateStrings(world.member.user.id)).filter((s) => text.includes(s))).toEqual([world.owner.user.email]);
  expect((await privateStrings(world.owner.user.id)).filter((s) => text.includes(s))).toEqual([]);
});
