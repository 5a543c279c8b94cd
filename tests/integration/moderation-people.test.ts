/** @jest-environment node */
// The people side of moderation (issue 14): POST/DELETE /api/users/{id}/suspend,
// POST /api/users/{id}/delete-as-spammer, PUT /api/admin/users/{id}/role, GET /api/admin/audit,
// AGORA_ADMIN_EMAILS at sign-up and at start, role badges in author shapes, and the profile's
// suspension and Moderate fields.
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { POST as suspendPost, DELETE as suspendDelete } from "@/app/api/users/[id]/suspend/route";
import { POST as spammerPost } from "@/app/api/users/[id]/delete-as-spammer/route";
import { PUT as rolePut } from "@/app/api/admin/users/[id]/role/route";
import { GET as auditGet } from "@/app/api/admin/audit/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as profileGet } from "@/app/api/users/[id]/profile/route";
import { GET as questionGet } from "@/app/api/questions/[id]/route";
import { POST as register } from "@/app/api/register/route";
import { POST as reviewAction } from "@/app/api/review/actions/route";
import { applyAdminEmails, applyAdminEmailsAtStart } from "@/lib/server/auth/admin-emails";
import { resolveOAuthUser } from "@/lib/server/auth/accounts";
import { readEnv } from "@/lib/config/env";
import { closeRateLimitStore, resetLimit } from "@/lib/server/rate-limit";
import { setQuestionVote, setVote } from "@/lib/server/votes/mutations";
import { recomputeReputation } from "@/lib/server/reputation/ledger";
import {
  countersOf, createAnswer, createComment, createQuestion, createTag, createUser, routeContext, sessionCookie, signedInRequest, unique, uniqueEmail,
  visitorRequest,
} from "@/tests/factories";

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

type User = { id: string };
type Res = { status: number; body: Record<string, unknown> & { message?: string } };
type Route = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;

async function call(route: Route, user: User | null, method: string, url: string, params: Record<string, string>, json?: unknown): Promise<Res & { headers: Headers }> {
  if (user) await resetLimit("memberActionHourly", user.id);
  const init = { method, ...(json !== undefined ? { json } : {}) };
  const res = await route(user ? await signedInRequest(user, url, init) : visitorRequest(url, init), routeContext(params));
  return { status: res.status, body: (await res.json()) as Res["body"], headers: res.headers };
}

const suspend = (actor: User | null, target: string, json: unknown) => call(suspendPost, actor, "POST", `/api/users/${target}/suspend`, { id: target }, json);
const lift = (actor: User | null, target: string) => call(suspendDelete, actor, "DELETE", `/api/users/${target}/suspend`, { id: target });
const deleteSpammer = (actor: User | null, target: string, json: unknown = {}) => call(spammerPost, actor, "POST", `/api/users/${target}/delete-as-spammer`, { id: target }, json);
const setRole = (actor: User | null, target: string, json: unknown) => call(rolePut, actor, "PUT", `/api/admin/users/${target}/role`, { id: target }, json);
const audit = (actor: User | null, query = "") => call(auditGet, actor, "GET", `/api/admin/audit${query}`, {});
const profile = (viewer: User | null, id: string) => call(profileGet, viewer, "GET", `/api/users/${id}/profile`, { id });

async function withRole(role: "member" | "moderator" | "admin", tag: string = role) {
  const user = await createUser({ tag, firstName: tag[0]!.toUpperCase() + tag.slice(1), lastName: unique() });
  if (role !== "member") await db.user.update({ where: { id: user.id }, data: { role } });
  return user;
}

const auditRows = (targetId: string, action: string) => db.moderationAudit.findMany({ where: { targetId, action }, orderBy: { id: "asc" } });

describe("POST /api/users/{id}/suspend and DELETE (lift)", () => {
  let moderator: User;
  let admin: User;
  let member: User;

  beforeAll(async () => {
    moderator = await withRole("moderator");
    admin = await withRole("admin");
    member = await withRole("member");
  });

  it("answers 401 to a visitor and 403 to a member, and changes nothing", async () => {
    const target = await withRole("member", "target");
    expect((await suspend(null, target.id, { days: 3, reason: "Spam" })).status).toBe(401);
    const res = await suspend(member, target.id, { days: 3, reason: "Spam" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only moderators and admins can suspend members.");
    expect((await lift(member, target.id)).body.message).toBe("Only moderators and admins can lift a suspension.");
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).suspendedUntil).toBeNull();
  });

  it("validates days (a whole number from 1 to 365) and the reason (required, at most 500 characters)", async () => {
    const target = await withRole("member", "target");
    const cases: [unknown, string][] = [
      [{ days: 0, reason: "Spam" }, "Days must be a whole number from 1 to 365"],
      [{ days: 366, reason: "Spam" }, "Days must be a whole number from 1 to 365"],
      [{ days: 1.5, reason: "Spam" }, "Days must be a whole number from 1 to 365"],
      [{ days: "7", reason: "Spam" }, "Days must be a whole number from 1 to 365"],
      [{ reason: "Spam" }, "Days must be a whole number from 1 to 365"],
      [{ days: 7 }, "Please give a reason for the suspension"],
      [{ days: 7, reason: "   " }, "Please give a reason for the suspension"],
      [{ days: 7, reason: "x".repeat(501) }, "Reason must be at most 500 characters"],
      ["not an object", "Request body must be a JSON object"],
    ];
    for (const [body, message] of cases) {
      const res = await suspend(moderator, target.id, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await auditRows(target.id, "user.suspend")).toHaveLength(0);
  });

  it("answers 404 for an unknown member, a deleted account and the assistant", async () => {
    expect((await suspend(moderator, "no-such-member", { days: 1, reason: "Spam" })).body).toMatchObject({ message: "User not found" });
    const gone = await withRole("member", "gone");
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await suspend(moderator, gone.id, { days: 1, reason: "Spam" })).status).toBe(404);
    const ai = await createUser({ tag: "ai", isAssistant: true });
    expect((await suspend(moderator, ai.id, { days: 1, reason: "Spam" })).status).toBe(404);
    expect((await lift(moderator, "no-such-member")).status).toBe(404);
  });

  it("suspends a member (200 with the end and the reason), ends every session of theirs, and writes the audit entry", async () => {
    const target = await withRole("member", "target");
    const cookie = await sessionCookie(target);
    const before = await currentUser(visitorRequest("/api/auth/user", { headers: { cookie } }), routeContext());
    expect(before.status).toBe(200);

    const started = Date.now();
    const res = await suspend(moderator, target.id, { days: 7, reason: "  Repeated promotional links  " });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["reason", "suspendedUntil"]);
    expect(res.body.reason).toBe("Repeated promotional links");
    const until = new Date(res.body.suspendedUntil as string).getTime();
    expect(until).toBeGreaterThanOrEqual(started + 7 * 86_400_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 1000);

    const row = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    expect(row.suspendedUntil?.toISOString()).toBe(res.body.suspendedUntil);
    expect(row.suspensionReason).toBe("Repeated promotional links");
    expect(await db.session.count({ where: { userId: target.id } })).toBe(0);
    const after = await currentUser(visitorRequest("/api/auth/user", { headers: { cookie } }), routeContext());
    expect(after.status).toBe(401);

    const [entry] = await auditRows(target.id, "user.suspend");
    expect(entry).toMatchObject({ actorId: moderator.id, targetType: "user", reason: "Repeated promotional links", details: { days: 7, until: res.body.suspendedUntil } });
  });

  it("refuses with clear messages: oneself, a moderator suspending a moderator or an admin, anyone suspending an admin", async () => {
    const otherModerator = await withRole("moderator", "other-moderator");
    const otherAdmin = await withRole("admin", "other-admin");
    const body = { days: 1, reason: "Testing" };
    expect((await suspend(moderator, moderator.id, body)).body).toMatchObject({ message: "You cannot suspend yourself." });
    expect((await suspend(moderator, otherModerator.id, body)).body).toMatchObject({ message: "Moderators cannot suspend other moderators or admins." });
    expect((await suspend(moderator, admin.id, body)).body).toMatchObject({ message: "Admins cannot be suspended." });
    expect((await suspend(admin, otherAdmin.id, body)).body).toMatchObject({ message: "Admins cannot be suspended." });
    expect((await suspend(admin, admin.id, body)).status).toBe(403);
    expect((await lift(moderator, otherModerator.id)).status).toBe(403);
    expect(await db.user.count({ where: { id: { in: [moderator.id, otherModerator.id, admin.id, otherAdmin.id] }, suspendedUntil: { not: null } } })).toBe(0);
    // An admin may suspend a moderator.
    const res = await suspend(admin, otherModerator.id, body);
    expect(res.status).toBe(200);
  });

  it("holds the same rule in the review queue: a moderator cannot suspend a flagged admin's account from there", async () => {
    const question = await createQuestion({ author: admin });
    await db.flag.create({ data: { reporterId: member.id, targetType: "question", targetId: question.id, questionId: question.id, reason: "rude" } });
    const res = await call(reviewAction, moderator, "POST", "/api/review/actions", {}, { targetType: "question", targetId: question.id, action: "suspend", days: 3, reason: "Rude" });
    expect(res).toMatchObject({ status: 403, body: { message: "Admins cannot be suspended." } });
    expect(await db.flag.count({ where: { questionId: question.id, status: "open" } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).suspendedUntil).toBeNull();
  });

  it("lifts a suspension (200, suspendedUntil null) with an audit entry; lifting none changes nothing", async () => {
    const target = await withRole("member", "target");
    await suspend(moderator, target.id, { days: 3, reason: "Cooling off" });
    const res = await lift(admin, target.id);
    expect(res).toMatchObject({ status: 200, body: { suspendedUntil: null, reason: null } });
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id }, select: { suspendedUntil: true, suspensionReason: true } })).toEqual({ suspendedUntil: null, suspensionReason: null });
    expect(await auditRows(target.id, "user.unsuspend")).toEqual([expect.objectContaining({ actorId: admin.id })]);
    expect((await lift(admin, target.id)).status).toBe(200);
    expect(await auditRows(target.id, "user.unsuspend")).toHaveLength(1);
  });

  it("two moderators suspending at once leave one consistent state: the end and the reason of one of them", async () => {
    const target = await withRole("member", "target");
    const second = await withRole("moderator", "second-moderator");
    const [a, b] = await Promise.all([
      suspend(moderator, target.id, { days: 2, reason: "First moderator" }),
      suspend(second, target.id, { days: 30, reason: "Second moderator" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const row = await db.user.findUniqueOrThrow({ where: { id: target.id }, select: { suspendedUntil: true, suspensionReason: true } });
    const outcomes = [a.body, b.body].map((r) => ({ suspendedUntil: r.suspendedUntil, reason: r.reason }));
    expect(outcomes).toContainEqual({ suspendedUntil: row.suspendedUntil?.toISOString(), reason: row.suspensionReason });
    expect(await auditRows(target.id, "user.suspend")).toHaveLength(2);
    expect(await db.session.count({ where: { userId: target.id } })).toBe(0);
  });

  it("shows 'suspended until' on the profile to the member and to staff only; the Moderate choices to staff only", async () => {
    const target = await withRole("member", "target");
    const res = await suspend(moderator, target.id, { days: 5, reason: "Spam links" });
    const onProfile = { until: res.body.suspendedUntil, reason: "Spam links" };
    expect((await profile(moderator, target.id)).body).toMatchObject({ suspension: onProfile, moderation: { suspend: true, deleteAsSpammer: true, changeRole: false } });
    expect((await profile(admin, target.id)).body).toMatchObject({ suspension: onProfile, moderation: { suspend: true, deleteAsSpammer: true, changeRole: true } });
    // The member's own view (a fresh session: their old ones ended).
    const own = await profileGet(visitorRequest(`/api/users/${target.id}/profile`, { headers: { cookie: (await freshCookie(target)) } }), routeContext({ id: target.id }));
    const ownBody = await own.json();
    expect(ownBody.suspension).toEqual(onProfile);
    expect(ownBody.moderation).toBeUndefined();
    for (const viewer of [member, null]) {
      const body = (await profile(viewer, target.id)).body;
      expect(body.suspension).toBeUndefined();
      expect(body.moderation).toBeUndefined();
    }
    // A moderator looking at an admin: the menu has nothing to offer.
    expect((await profile(moderator, admin.id)).body.moderation).toEqual({ suspend: false, deleteAsSpammer: false, changeRole: false });
  });
});

/** A new session cookie for a member whose earlier sessions ended. */
async function freshCookie(user: User): Promise<string> {
  const { createSession } = await import("@/lib/server/auth/session");
  const session = await createSession(user.id, new Request("http://localhost/"));
  return session.cookie.split(";")[0]!;
}

describe("POST /api/users/{id}/delete-as-spammer", () => {
  let moderator: User;
  let member: User;

  beforeAll(async () => {
    moderator = await withRole("moderator");
    member = await withRole("member");
  });

  it("answers 401, 403 for members, 403 for staff accounts and oneself, 404 for unknown or deleted accounts, 400 for a long reason", async () => {
    const target = await withRole("member", "spammer");
    const admin = await withRole("admin");
    const otherModerator = await withRole("moderator", "other-moderator");
    expect((await deleteSpammer(null, target.id)).status).toBe(401);
    expect((await deleteSpammer(member, target.id)).body).toMatchObject({ message: "Only moderators and admins can delete spammers." });
    expect((await deleteSpammer(moderator, otherModerator.id)).body).toMatchObject({ message: "Moderators and admins cannot be deleted as spammers." });
    expect((await deleteSpammer(admin, otherModerator.id)).status).toBe(403);
    expect((await deleteSpammer(moderator, admin.id)).status).toBe(403);
    expect((await deleteSpammer(moderator, moderator.id)).body).toMatchObject({ message: "You cannot delete your own account as a spammer." });
    expect((await deleteSpammer(moderator, "no-such-member")).status).toBe(404);
    expect((await deleteSpammer(moderator, target.id, { reason: "x".repeat(501) })).body).toMatchObject({ message: "Reason must be at most 500 characters" });
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).deletedAt).toBeNull();
  });

  it("removes the account and all its questions, answers and comments in one step, leaving others' content and exact counters", async () => {
    const spammer = await withRole("member", "spammer");
    const other = await withRole("member", "honest");
    const flagger = await withRole("member", "flagger");
    const tag = await createTag(`spamtag-${unique()}`);

    // The spammer's own questions, one with an honest answer and comment under it.
    const spamQ1 = await createQuestion({ author: spammer, tags: [tag] });
    const spamQ2 = await createQuestion({ author: spammer });
    const honestOnSpam = await createAnswer({ question: spamQ1, author: other });
    await createComment({ answer: honestOnSpam, author: other });
    // The honest member's question: a spam answer (with an honest comment), an honest answer with a spam comment and an honest reply to it, and an honest comment.
    const honestQ = await createQuestion({ author: other, tags: [tag] });
    const spamAnswer = await createAnswer({ question: honestQ, author: spammer });
    await createComment({ answer: spamAnswer, author: other });
    const honestAnswer = await createAnswer({ question: honestQ, author: other });
    const spamComment = await createComment({ answer: honestAnswer, author: spammer });
    await createComment({ answer: honestAnswer, author: other, parent: spamComment });
    const keptComment = await createComment({ answer: honestAnswer, author: other });
    await db.question.update({ where: { id: honestQ.id }, data: { acceptedAnswerId: spamAnswer.id } });
    // Reputation: the spammer's, on their answer and on nothing; the honest member's on their own answer.
    const event = (userId: string, points: number, answerId: number | null) =>
      db.reputationEvent.create({ data: { userId, points, reason: "answer_upvoted", answerId, sourceKey: `test:${crypto.randomUUID()}` } });
    await event(spammer.id, 10, spamAnswer.id);
    await event(spammer.id, 5, null);
    await event(other.id, 10, honestAnswer.id);
    // Open flags on the spammer's posts.
    await db.flag.create({ data: { reporterId: flagger.id, targetType: "answer", targetId: spamAnswer.id, answerId: spamAnswer.id, reason: "spam" } });
    await db.flag.create({ data: { reporterId: flagger.id, targetType: "comment", targetId: spamComment.id, commentId: spamComment.id, reason: "spam" } });
    const tagCountBefore = (await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).questionCount;
    const otherRepBefore = (await db.user.findUniqueOrThrow({ where: { id: other.id } })).reputation;

    const res = await deleteSpammer(moderator, spammer.id, { reason: "Crypto spam ring" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedQuestions: 2, deletedAnswers: 1, deletedComments: 1, removedVotes: 0 });

    // Nothing of the spammer's is left.
    expect(await db.question.count({ where: { authorId: spammer.id } })).toBe(0);
    expect(await db.answer.count({ where: { authorId: spammer.id } })).toBe(0);
    expect(await db.comment.count({ where: { authorId: spammer.id } })).toBe(0);
    expect(await db.reputationEvent.count({ where: { userId: spammer.id } })).toBe(0);
    expect(await db.question.count({ where: { id: { in: [spamQ1.id, spamQ2.id] } } })).toBe(0);
    const gone = await db.user.findUniqueOrThrow({ where: { id: spammer.id } });
    expect(gone.deletedAt).not.toBeNull();
    expect(gone.email).toMatch(/@deleted\.invalid$/);
    expect(gone.reputation).toBe(1);
    expect(await db.flag.count({ where: { status: "open", OR: [{ answerId: spamAnswer.id }, { commentId: spamComment.id }] } })).toBe(0);

    // The honest member's question, answer and other comment stay, with exact counters.
    expect(await db.question.findUnique({ where: { id: honestQ.id }, select: { id: true, acceptedAnswerId: true } })).toEqual({ id: honestQ.id, acceptedAnswerId: null });
    expect(await db.answer.findUnique({ where: { id: honestAnswer.id }, select: { id: true } })).not.toBeNull();
    expect(await db.comment.findUnique({ where: { id: keptComment.id }, select: { id: true } })).not.toBeNull();
    const counters = await countersOf(honestQ.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored.question).toMatchObject({ answerCount: 1, commentCount: 1 });
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).questionCount).toBe(tagCountBefore - 1);
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).reputation).toBe(otherRepBefore);

    const [entry] = await auditRows(spammer.id, "user.deleteAsSpammer");
    expect(entry).toMatchObject({
      actorId: moderator.id,
      reason: "Crypto spam ring",
      details: { deletedQuestions: 2, deletedAnswers: 1, deletedComments: 1, removedVotes: 0, resolvedFlags: 2 },
    });
    // Gone: a second attempt is a 404.
    expect((await deleteSpammer(moderator, spammer.id)).status).toBe(404);
  });

  it("takes back the votes a spammer cast, with the scores, the reputation they moved and the notifications they caused", async () => {
    const spammer = await withRole("member", "sockpuppet");
    const friend = await withRole("member", "friend"); // whose posts the sock puppet pushed up
    const rival = await withRole("member", "rival"); // whose answer it pushed down
    const question = await createQuestion({ author: friend });
    const friendAnswer = await createAnswer({ question, author: friend });
    const rivalAnswer = await createAnswer({ question, author: rival });
    const honest = await withRole("member", "honest-voter");
    // Real votes, through the app's own vote code: scores, ledger and notifications as members cause them.
    await setVote({ answer: friendAnswer, voter: honest, voteType: "up" });
    await setVote({ answer: rivalAnswer, voter: honest, voteType: "up" }); // reputation above the floor of 1, so a down-vote shows
    const before = {
      friend: (await db.user.findUniqueOrThrow({ where: { id: friend.id } })).reputation,
      rival: (await db.user.findUniqueOrThrow({ where: { id: rival.id } })).reputation,
    };
    await setVote({ answer: friendAnswer, voter: spammer, voteType: "up" });
    await setVote({ answer: rivalAnswer, voter: spammer, voteType: "down" });
    await setQuestionVote({ question, voter: spammer, voteType: "up" });
    expect((await db.user.findUniqueOrThrow({ where: { id: friend.id } })).reputation).toBe(before.friend + 20);
    expect((await db.user.findUniqueOrThrow({ where: { id: rival.id } })).reputation).toBe(before.rival - 2);
    expect(await db.notification.count({ where: { actorId: spammer.id } })).toBeGreaterThan(0);

    const res = await deleteSpammer(moderator, spammer.id, { reason: "Voting ring" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedQuestions: 0, deletedAnswers: 0, deletedComments: 0, removedVotes: 3 });

    // Scores as if the sock puppet had never voted; the honest vote stays.
    const score = async (id: number) => (await db.answer.findUniqueOrThrow({ where: { id } })).voteScore;
    expect(await score(friendAnswer.id)).toBe(1);
    expect(await score(rivalAnswer.id)).toBe(1);
    expect((await db.question.findUniqueOrThrow({ where: { id: question.id } })).voteScore).toBe(0);
    expect(await db.vote.count({ where: { userId: spammer.id } })).toBe(0);
    expect(await db.questionVote.count({ where: { userId: spammer.id } })).toBe(0);
    // Reputation back where the honest vote left it, and the counters agree with the ledger.
    expect((await db.user.findUniqueOrThrow({ where: { id: friend.id } })).reputation).toBe(before.friend);
    expect((await db.user.findUniqueOrThrow({ where: { id: rival.id } })).reputation).toBe(before.rival);
    expect((await recomputeReputation(db, { userIds: [friend.id, rival.id] })).corrected).toBe(0);
    expect(await db.notification.count({ where: { actorId: spammer.id } })).toBe(0);
  });
});

describe("PUT /api/admin/users/{id}/role", () => {
  let admin: User;

  beforeAll(async () => {
    admin = await withRole("admin");
  });

  it("answers 401 to visitors, 403 to members and moderators", async () => {
    const target = await withRole("member", "target");
    expect((await setRole(null, target.id, { role: "moderator" })).status).toBe(401);
    for (const role of ["member", "moderator"] as const) {
      const res = await setRole(await withRole(role), target.id, { role: "moderator" });
      expect(res).toMatchObject({ status: 403, body: { message: "Only admins can change a member's role." } });
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe("member");
  });

  it("validates the role and answers 404 for an unknown member", async () => {
    const target = await withRole("member", "target");
    for (const body of [{ role: "admin" }, { role: "owner" }, {}, "moderator"]) {
      const res = await setRole(admin, target.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(typeof body === "string" ? "Request body must be a JSON object" : 'Role must be "member" or "moderator"');
    }
    expect((await setRole(admin, "no-such-member", { role: "moderator" })).status).toBe(404);
  });

  it("makes a member a moderator and back (200 { id, role }), with audit entries naming the old and new role; no change, no entry", async () => {
    const target = await withRole("member", "target");
    const made = await setRole(admin, target.id, { role: "moderator" });
    expect(made).toMatchObject({ status: 200, body: { id: target.id, role: "moderator" } });
    const me = await currentUser(await signedInRequest(target, "/api/auth/user"), routeContext());
    expect((await me.json()).role).toBe("moderator");
    expect((await setRole(admin, target.id, { role: "moderator" })).status).toBe(200);
    const removed = await setRole(admin, target.id, { role: "member" });
    expect(removed.body).toEqual({ id: target.id, role: "member" });
    const entries = await auditRows(target.id, "user.role");
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([
      [admin.id, { from: "member", to: "moderator" }],
      [admin.id, { from: "moderator", to: "member" }],
    ]);
  });

  it("does not change an admin's role, its own or another's (403 with a message)", async () => {
    const other = await withRole("admin", "other-admin");
    expect((await setRole(admin, admin.id, { role: "member" })).body).toMatchObject({ message: "You cannot change your own role." });
    expect((await setRole(admin, other.id, { role: "moderator" })).body).toMatchObject({
      message: "An admin's role cannot be changed here: admins come from AGORA_ADMIN_EMAILS.",
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("admin");
  });

  it("shows a badge role on the author of a moderator's or admin's post, and none on a member's", async () => {
    const target = await withRole("member", "target");
    const question = await createQuestion({ author: target });
    const read = async () => (await (await questionGet(visitorRequest(`/api/questions/${question.id}`), routeContext({ id: String(question.id) }))).json()).author;
    expect((await read()).role).toBeUndefined();
    await setRole(admin, target.id, { role: "moderator" });
    expect((await read()).role).toBe("moderator");
    expect((await profile(null, admin.id)).body.role).toBe("admin");
  });
});

describe("AGORA_ADMIN_EMAILS", () => {
  const saved = process.env.AGORA_ADMIN_EMAILS;
  afterEach(() => {
    if (saved === undefined) delete process.env.AGORA_ADMIN_EMAILS;
    else process.env.AGORA_ADMIN_EMAILS = saved;
  });

  it("makes a listed address an admin at sign-up with a password (case-insensitive); others are members", async () => {
    const listed = uniqueEmail("boss");
    process.env.AGORA_ADMIN_EMAILS = ` someone@example.org , ${listed.toUpperCase()} `;
    const ip = `10.9.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const signUp = (email: string) =>
      register(visitorRequest("/api/register", { method: "POST", json: { email, password: "a long password" }, headers: { "X-Forwarded-For": ip } }), routeContext());
    expect((await signUp(listed)).status).toBe(201);
    expect((await db.user.findUniqueOrThrow({ where: { email: listed } })).role).toBe("admin");
    const plain = uniqueEmail("plain");
    expect((await signUp(plain)).status).toBe(201);
    expect((await db.user.findUniqueOrThrow({ where: { email: plain } })).role).toBe("member");
  });

  it("makes a listed address an admin when an OAuth sign-in creates the account", async () => {
    const listed = uniqueEmail("oauth-boss");
    process.env.AGORA_ADMIN_EMAILS = listed;
    const result = await resolveOAuthUser({ provider: "github", providerAccountId: unique(), email: listed, emailVerified: true, name: "Boss" });
    expect("id" in result).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { email: listed } })).role).toBe("admin");
  });

  it("at start, promotes existing listed accounts once, with an audit entry without an actor; never deleted accounts", async () => {
    const existing = await withRole("member", "existing");
    const moderator = await withRole("moderator", "promoted-moderator");
    const deleted = await withRole("member", "deleted");
    await db.user.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    const emails = await db.user.findMany({ where: { id: { in: [existing.id, moderator.id, deleted.id] } }, select: { email: true } });
    process.env.AGORA_ADMIN_EMAILS = emails.map((e) => e.email.toUpperCase()).join(",");

    await applyAdminEmailsAtStart();
    const roles = await db.user.findMany({ where: { id: { in: [existing.id, moderator.id, deleted.id] } }, select: { id: true, role: true } });
    expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({ [existing.id]: "admin", [moderator.id]: "admin", [deleted.id]: "member" });
    expect(await auditRows(existing.id, "user.role")).toEqual([expect.objectContaining({ actorId: null, details: { from: "member", to: "admin" }, reason: "Listed in AGORA_ADMIN_EMAILS" })]);
    expect(await auditRows(moderator.id, "user.role")).toEqual([expect.objectContaining({ details: { from: "moderator", to: "admin" } })]);
    // A second start changes nothing.
    expect(await applyAdminEmails()).toEqual({ listed: 3, promoted: 0 });
    expect(await auditRows(existing.id, "user.role")).toHaveLength(1);
  });

  it("stops start-up with one line when the list holds something other than addresses", () => {
    expect(() => readEnv({ AGORA_ADMIN_EMAILS: "ada@example.com, not-an-address" } as unknown as NodeJS.ProcessEnv)).toThrow(
      "Configuration error: AGORA_ADMIN_EMAILS must be a comma-separated list of e-mail addresses",
    );
    expect(readEnv({ AGORA_ADMIN_EMAILS: "Ada@Example.com, grace@example.com" } as unknown as NodeJS.ProcessEnv).AGORA_ADMIN_EMAILS).toBe("Ada@Example.com, grace@example.com");
  });
});

describe("GET /api/admin/audit", () => {
  let moderator: User;

  beforeAll(async () => {
    moderator = await withRole("moderator", "auditor");
  });

  it("answers 401 to visitors and 403 to members", async () => {
    expect((await audit(null)).status).toBe(401);
    const res = await audit(await withRole("member"));
    expect(res).toMatchObject({ status: 403, body: { message: "Only moderators and admins can read the audit log." } });
  });

  it("lists entries newest first, with actor, target (linked while it exists), reason, details and time, a page at a time", async () => {
    const target = await withRole("member", "audited");
    const spammer = await withRole("member", "audited-spammer");
    await suspend(moderator, target.id, { days: 2, reason: "Audit me" });
    await deleteSpammer(moderator, spammer.id, { reason: "Audit the spammer" });

    const reader = await withRole("admin", "reader"); // someone else: an actor's e-mail is shown to nobody but them
    // Other test files may write entries meanwhile: find ours in a page of 100, in order.
    const all = (await audit(reader, "?limit=100")).body as unknown as Record<string, unknown>[];
    const newest = all.find((e) => (e.target as { id: string }).id === spammer.id);
    const older = all.find((e) => (e.target as { id: string }).id === target.id);
    expect(all.indexOf(newest!)).toBeLessThan(all.indexOf(older!));
    expect(Object.keys(newest!).sort()).toEqual(["action", "actor", "createdAt", "details", "id", "reason", "target"]);
    expect(newest).toMatchObject({
      action: "user.deleteAsSpammer",
      actor: { id: moderator.id, role: "moderator" },
      target: { type: "user", id: spammer.id, link: null, label: null },
      reason: "Audit the spammer",
      details: { deletedQuestions: 0, deletedAnswers: 0, deletedComments: 0, removedVotes: 0 },
    });
    expect(JSON.stringify(all)).not.toContain("@example.com");
    expect(older).toMatchObject({ action: "user.suspend", target: { type: "user", id: target.id, link: `/users/${target.id}` }, reason: "Audit me", details: { days: 2 } });
    expect((older!.target as { label: string }).label).toMatch(/^Audited /);

    // A page at a time: limit=1 hands out a cursor, and the next page starts strictly after it.
    const first = await audit(reader, "?limit=1");
    const cursor = first.headers.get("X-Next-Cursor");
    expect(first.body).toHaveLength(1);
    expect(cursor).toBeTruthy();
    const second = await audit(reader, `?limit=1&cursor=${cursor}`);
    const [a] = first.body as unknown as { id: number; createdAt: string }[];
    const [b] = second.body as unknown as { id: number; createdAt: string }[];
    expect(b!.id).not.toBe(a!.id);
    expect(new Date(b!.createdAt).getTime()).toBeLessThanOrEqual(new Date(a!.createdAt).getTime());
  });

  it("refuses a cursor it did not hand out (400)", async () => {
    expect((await audit(moderator, "?cursor=not-a-cursor!")).status).toBe(400);
    expect((await audit(moderator, "?limit=0")).status).toBe(400);
  });
});
