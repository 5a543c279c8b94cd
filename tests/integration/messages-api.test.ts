/** @jest-environment node */
// Direct messages (issue 15): sending, the privacy rules (the recipient's switch, blocks), the
// conversations' privacy (404 to anyone but the two members, staff included), unread counts,
// the notification folded per conversation and its e-mail, and blocking.
import { db } from "@/lib/server/db";
import { resetLimit } from "@/lib/server/rate-limit";
import { POST as sendRoute } from "@/app/api/messages/route";
import { GET as conversationsRoute } from "@/app/api/conversations/route";
import { GET as unreadRoute } from "@/app/api/conversations/unread-count/route";
import { GET as messagesRoute } from "@/app/api/conversations/[id]/messages/route";
import { POST as readRoute } from "@/app/api/conversations/[id]/read/route";
import { DELETE as unblockRoute, POST as blockRoute } from "@/app/api/users/[id]/block/route";
import { GET as blocksRoute } from "@/app/api/users/me/blocks/route";
import { GET as profileRoute } from "@/app/api/users/[id]/profile/route";
import { createUser, routeContext, setNotificationSettings, signedInRequest, visitorRequest } from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
type User = { id: string };

async function call(route: Handler, url: string, options: { user?: User | null; method?: string; json?: unknown; params?: Record<string, string> } = {}) {
  const init = { method: options.method ?? "GET", ...(options.json !== undefined ? { json: options.json } : {}) };
  const req = options.user ? await signedInRequest(options.user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext(options.params ?? {}));
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

const send = (user: User | null, recipientId: string, content = "Hello **there**") =>
  call(sendRoute, "/api/messages", { user, method: "POST", json: { recipientId, content } });
const conversations = (user: User | null, query = "") => call(conversationsRoute, `/api/conversations${query}`, { user });
const messagesOf = (user: User | null, id: number | string, query = "") =>
  call(messagesRoute, `/api/conversations/${id}/messages${query}`, { user, params: { id: String(id) } });
const markRead = (user: User | null, id: number | string) => call(readRoute, `/api/conversations/${id}/read`, { user, method: "POST", params: { id: String(id) } });
const unread = (user: User | null) => call(unreadRoute, "/api/conversations/unread-count", { user });
const block = (user: User | null, id: string, method: "POST" | "DELETE" = "POST") =>
  call(method === "POST" ? blockRoute : unblockRoute, `/api/users/${id}/block`, { user, method, params: { id } });

async function member(tag: string, privacy?: Record<string, boolean | string>) {
  const user = await createUser({ tag, firstName: tag[0]!.toUpperCase() + tag.slice(1), lastName: "Tester" });
  if (privacy) await db.user.update({ where: { id: user.id }, data: { privacySettings: privacy } });
  return user;
}

afterAll(async () => {
  await db.$disconnect();
});

describe("POST /api/messages", () => {
  let ada: User;
  let bob: User;
  beforeAll(async () => {
    ada = await member("ada");
    bob = await member("bob");
  });

  it("answers 401 to visitors", async () => {
    const { res, body } = await send(null, bob.id);
    expect(res.status).toBe(401);
    expect(body.message).toContain("Unauthorized");
  });

  it("answers 400 for invalid bodies: no recipient, empty or too long content", async () => {
    expect((await call(sendRoute, "/api/messages", { user: ada, method: "POST", json: { content: "hi" } })).res.status).toBe(400);
    const empty = await send(ada, bob.id, "   ");
    expect([empty.res.status, empty.body.message]).toEqual([400, "Message cannot be empty"]);
    const long = await send(ada, bob.id, "x".repeat(5001));
    expect([long.res.status, long.body.message]).toEqual([400, "Message must be at most 5,000 characters"]);
    expect((await send(ada, bob.id, "x".repeat(5000))).res.status).toBe(201);
  });

  it("answers 404 for an unknown member and 400 for yourself, the AI account or a deleted account", async () => {
    const unknown = await send(ada, "no-such-member");
    expect([unknown.res.status, unknown.body.message]).toEqual([404, "User not found"]);
    const ai = await createUser({ tag: "ai", isAssistant: true });
    const gone = await member("gone");
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await send(ada, ada.id)).body).toMatchObject({ message: "You cannot message yourself" });
    for (const target of [ada.id, ai.id, gone.id]) expect((await send(ada, target)).res.status).toBe(400);
  });

  it("sends: 201 with the message (sanitized HTML) and its conversation id, one conversation per pair", async () => {
    const cy = await member("cy");
    const first = await send(ada, cy.id, "Hi **Cy** <script>alert(1)</script> <img src=x onerror=alert(1)>");
    expect(first.res.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(["contentHtml", "content", "conversationId", "createdAt", "id", "isOwn", "sender"].sort());
    expect(first.body.isOwn).toBe(true);
    expect(first.body.sender.id).toBe(ada.id);
    expect(first.body.contentHtml).toContain("<strong>Cy</strong>");
    expect(first.body.contentHtml).not.toMatch(/<script|<img/);
    const reply = await send(cy, ada.id, "Hello back");
    expect(reply.body.conversationId).toBe(first.body.conversationId);
    expect(await db.conversation.count({ where: { id: first.body.conversationId } })).toBe(1);
  });

  it("refuses with 403 when the recipient's \"Allow direct messages\" is off", async () => {
    const quiet = await member("quiet", { allowMessages: false });
    const { res, body } = await send(ada, quiet.id);
    expect([res.status, body.message]).toEqual([403, "This member does not accept direct messages"]);
    // The profile offers no Message button either.
    const profile = await call(profileRoute, `/api/users/${quiet.id}/profile`, { user: ada, params: { id: quiet.id } });
    expect(profile.body.viewerCan.message).toBe(false);
    const open = await call(profileRoute, `/api/users/${bob.id}/profile`, { user: ada, params: { id: bob.id } });
    expect(open.body.viewerCan.message).toBe(true);
    const own = await call(profileRoute, `/api/users/${ada.id}/profile`, { user: ada, params: { id: ada.id } });
    expect(own.body.viewerCan.message).toBe(false);
    const visitor = await call(profileRoute, `/api/users/${bob.id}/profile`, { params: { id: bob.id } });
    expect(visitor.body.viewerCan.message).toBe(false);
  });

  it("refuses a suspended member (403 suspended)", async () => {
    const banned = await member("banned");
    await db.user.update({ where: { id: banned.id }, data: { suspendedUntil: new Date(Date.now() + 86_400_000) } });
    const { res, body } = await send(banned, bob.id);
    expect([res.status, body.code]).toEqual([403, "suspended"]);
  });
});

describe("blocking", () => {
  it("POST / DELETE /api/users/:id/block: 401, 404, 403 for yourself; idempotent; listed in /api/users/me/blocks", async () => {
    const eve = await member("eve");
    const dan = await member("dan");
    expect((await block(null, dan.id)).res.status).toBe(401);
    expect((await block(eve, "no-such-member")).res.status).toBe(404);
    expect((await block(eve, eve.id)).res.status).toBe(403);
    expect((await block(eve, dan.id)).body).toEqual({ isBlocked: true });
    expect((await block(eve, dan.id)).body).toEqual({ isBlocked: true });
    expect(await db.userBlock.count({ where: { blockerId: eve.id } })).toBe(1);
    const list = await call(blocksRoute, "/api/users/me/blocks", { user: eve });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].user.id).toBe(dan.id);
    expect(list.body[0].user.email).toBeUndefined();
    expect((await call(blocksRoute, "/api/users/me/blocks", {})).res.status).toBe(401);
    const profile = await call(profileRoute, `/api/users/${dan.id}/profile`, { user: eve, params: { id: dan.id } });
    expect(profile.body).toMatchObject({ isBlocked: true, viewerCan: { message: false, block: true } });
    // The blocked member is not told: their view of the blocker's profile says nothing of it.
    const theirs = await call(profileRoute, `/api/users/${eve.id}/profile`, { user: dan, params: { id: eve.id } });
    expect(theirs.body).toMatchObject({ isBlocked: false, viewerCan: { message: false } });
    expect((await block(eve, dan.id, "DELETE")).body).toEqual({ isBlocked: false });
    expect((await block(eve, dan.id, "DELETE")).body).toEqual({ isBlocked: false });
    expect((await call(blocksRoute, "/api/users/me/blocks", { user: eve })).body).toEqual([]);
  });

  it("a blocked member gets the 403 of a closed inbox; the blocker cannot write either until they unblock", async () => {
    const fay = await member("fay");
    const gus = await member("gus");
    const before = await send(gus, fay.id, "Before the block");
    expect(before.res.status).toBe(201);
    await block(fay, gus.id);
    const refused = await send(gus, fay.id, "After the block");
    expect([refused.res.status, refused.body.message]).toEqual([403, "This member does not accept direct messages"]);
    const own = await send(fay, gus.id, "Me writing");
    expect([own.res.status, own.body.message]).toEqual([403, "You blocked this member. Unblock them to send a message."]);
    // The conversation stays readable, and says it takes no more messages.
    const list = await conversations(gus);
    expect(list.body.find((c: { id: number }) => c.id === before.body.conversationId).viewerCan).toEqual({ send: false });
    await block(fay, gus.id, "DELETE");
    expect((await send(gus, fay.id, "After the unblock")).res.status).toBe(201);
  });
});

describe("conversations", () => {
  let ann: User;
  let ben: User;
  let outsider: User;
  let conversationId: number;
  beforeAll(async () => {
    ann = await member("ann");
    ben = await member("ben");
    outsider = await member("outsider");
    for (let i = 1; i <= 5; i++) {
      const { body } = await send(ann, ben.id, `Message ${i} from Ann`);
      conversationId = body.conversationId;
    }
  });

  it("GET /api/conversations: 401 for visitors; the viewer's own, newest activity first, with the other participant, last message and unread count", async () => {
    expect((await conversations(null)).res.status).toBe(401);
    const other = await member("other");
    await send(ben, other.id, "A newer conversation");
    const { res, body } = await conversations(ben);
    expect(res.status).toBe(200);
    expect(body.map((c: { otherParticipant: { id: string } }) => c.otherParticipant.id)).toEqual([other.id, ann.id]);
    const withAnn = body[1];
    expect(Object.keys(withAnn).sort()).toEqual(["createdAt", "id", "lastMessage", "lastMessageAt", "otherParticipant", "unreadCount", "viewerCan"]);
    expect(withAnn).toMatchObject({ id: conversationId, unreadCount: 5, viewerCan: { send: true }, lastMessage: { excerpt: "Message 5 from Ann", isOwn: false } });
    expect(withAnn.otherParticipant.email).toBeUndefined();
    expect((await conversations(ann)).body[0]).toMatchObject({ id: conversationId, unreadCount: 0, lastMessage: { isOwn: true } });
    expect((await conversations(outsider)).body).toEqual([]);
  });

  it("pages conversations with limit and X-Next-Cursor; 400 for a bad cursor", async () => {
    const first = await conversations(ben, "?limit=1");
    expect(first.body).toHaveLength(1);
    const cursor = first.res.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const second = await conversations(ben, `?limit=1&cursor=${cursor}`);
    expect(second.body[0].id).toBe(conversationId);
    expect(second.res.headers.get("X-Next-Cursor")).toBeNull();
    expect((await conversations(ben, "?cursor=bogus!")).res.status).toBe(400);
  });

  it("GET /api/conversations/:id/messages: the newest page first, oldest to newest within it, walking back with the cursor", async () => {
    const first = await messagesOf(ben, conversationId, "?limit=2");
    expect(first.res.status).toBe(200);
    expect(first.body.map((m: { content: string }) => m.content)).toEqual(["Message 4 from Ann", "Message 5 from Ann"]);
    expect(first.body[0].isOwn).toBe(false);
    const cursor = first.res.headers.get("X-Next-Cursor")!;
    const second = await messagesOf(ben, conversationId, `?limit=2&cursor=${cursor}`);
    expect(second.body.map((m: { content: string }) => m.content)).toEqual(["Message 2 from Ann", "Message 3 from Ann"]);
    const third = await messagesOf(ben, conversationId, `?limit=2&cursor=${second.res.headers.get("X-Next-Cursor")}`);
    expect(third.body.map((m: { content: string }) => m.content)).toEqual(["Message 1 from Ann"]);
    expect(third.res.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("is private: 401 to visitors, 404 to other members, moderators and admins, and for unknown ids", async () => {
    const moderator = await member("mod");
    const admin = await member("admin");
    await db.user.update({ where: { id: moderator.id }, data: { role: "moderator" } });
    await db.user.update({ where: { id: admin.id }, data: { role: "admin" } });
    expect((await messagesOf(null, conversationId)).res.status).toBe(401);
    expect((await markRead(null, conversationId)).res.status).toBe(401);
    for (const stranger of [outsider, moderator, admin]) {
      const { res, body } = await messagesOf(stranger, conversationId);
      expect([res.status, body.message]).toEqual([404, "Conversation not found"]);
      expect((await markRead(stranger, conversationId)).res.status).toBe(404);
    }
    expect((await messagesOf(ann, 999_999_999)).res.status).toBe(404);
    expect((await messagesOf(ann, "abc")).res.status).toBe(404);
  });

  it("counts unread conversations, and marking read (POST /read) clears them and the folded notification", async () => {
    expect((await unread(null)).res.status).toBe(401);
    const before = await unread(ben);
    expect(before.body.count).toBeGreaterThanOrEqual(1);
    // Reading is a GET without side effects: the count stays until POST /read.
    await messagesOf(ben, conversationId);
    expect((await unread(ben)).body.count).toBe(before.body.count);
    const read = await markRead(ben, conversationId);
    expect(read.res.status).toBe(200);
    expect(read.body).toMatchObject({ id: conversationId, unreadCount: 0 });
    expect((await unread(ben)).body.count).toBe(before.body.count - 1);
    const notification = await db.notification.findFirstOrThrow({ where: { userId: ben.id, type: "message", relatedId: conversationId } });
    expect(notification.isRead).toBe(true);
    // A new message counts again.
    await send(ann, ben.id, "One more");
    expect((await conversations(ben)).body.find((c: { id: number }) => c.id === conversationId).unreadCount).toBe(1);
    // A suspended participant still marks their inbox read.
    await db.user.update({ where: { id: ben.id }, data: { suspendedUntil: new Date(Date.now() + 86_400_000) } });
    expect((await markRead(ben, conversationId)).res.status).toBe(200);
    await db.user.update({ where: { id: ben.id }, data: { suspendedUntil: null } });
  });
});

describe("the notification of a new message", () => {
  it("folds per conversation: one unread notification, updated in place; a new one once read; e-mailed once per fold", async () => {
    const kim = await member("kim");
    const lou = await member("lou");
    await setNotificationSettings(lou, { emailNotifications: true });
    const outboxBefore = await db.emailOutbox.count({ where: { to: (await db.user.findUniqueOrThrow({ where: { id: lou.id } })).email } });
    const first = await send(kim, lou.id, "First message");
    await send(kim, lou.id, "Second message");
    await send(kim, lou.id, "Third *message*");
    const rows = await db.notification.findMany({ where: { userId: lou.id, type: "message" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventCount: 3,
      title: "3 new messages from Kim Tester",
      message: "Third message",
      relatedId: first.body.conversationId,
      relatedType: "conversation",
      link: `/messages/${first.body.conversationId}`,
      actorId: kim.id,
      isRead: false,
    });
    const email = (await db.user.findUniqueOrThrow({ where: { id: lou.id } })).email;
    expect(await db.emailOutbox.count({ where: { to: email } })).toBe(outboxBefore + 1);
    // The sender hears nothing of their own messages.
    expect(await db.notification.count({ where: { userId: kim.id, type: "message" } })).toBe(0);

    await markRead(lou, first.body.conversationId);
    await send(kim, lou.id, "After reading");
    const after = await db.notification.findMany({ where: { userId: lou.id, type: "message" }, orderBy: { id: "asc" } });
    expect(after.map((n) => [n.isRead, n.eventCount, n.title])).toEqual([
      [true, 3, "3 new messages from Kim Tester"],
      [false, 1, "New message from Kim Tester"],
    ]);
    expect(await db.emailOutbox.count({ where: { to: email } })).toBe(outboxBefore + 2);
  });

  it("sends no e-mail when the member turned e-mail notifications off; one notification per conversation", async () => {
    const max = await member("max");
    const ned = await member("ned");
    const ola = await member("ola");
    await setNotificationSettings(ned, { emailNotifications: false });
    const email = (await db.user.findUniqueOrThrow({ where: { id: ned.id } })).email;
    await send(max, ned.id, "From Max");
    await send(ola, ned.id, "From Ola");
    await send(max, ned.id, "Max again");
    expect(await db.emailOutbox.count({ where: { to: email } })).toBe(0);
    const rows = await db.notification.findMany({ where: { userId: ned.id, type: "message" }, orderBy: { id: "asc" } });
    expect(rows.map((n) => [n.actorId, n.eventCount])).toEqual([
      [max.id, 2],
      [ola.id, 1],
    ]);
  });

  afterAll(async () => {
    // Other files' limits are per member; nothing shared to reset, but keep the habit of a clean slate.
    await resetLimit("messageHourly", "nobody");
  });
});
