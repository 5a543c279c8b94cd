/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as list } from "@/app/api/notifications/route";
import { GET as unreadCount } from "@/app/api/notifications/unread-count/route";
import { POST as markRead } from "@/app/api/notifications/[id]/read/route";
import { POST as markAllRead } from "@/app/api/notifications/mark-all-read/route";
import { createAnswer, createGroup, createQuestion, createUser, routeContext, signedInRequest, visitorRequest, type TestUser } from "@/tests/factories";

afterAll(async () => {
  await db.$disconnect();
});

async function notes(user: TestUser, count: number, data: Partial<{ questionId: number; isRead: boolean; actorId: string }> = {}) {
  const base = Date.now() - 60 * 60_000;
  await db.notification.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      userId: user.id,
      type: "other",
      title: `Note ${i}`,
      message: `Message ${i}`,
      link: "/notifications",
      createdAt: new Date(base + i * 1000),
      ...data,
    })),
  });
}

async function getList(user: TestUser, query = "") {
  const res = await list(await signedInRequest(user, `/api/notifications${query}`), routeContext());
  return { res, body: (await res.json()) as { id: number; title: string; isRead: boolean }[] };
}

async function count(user: TestUser) {
  const res = await unreadCount(await signedInRequest(user, "/api/notifications/unread-count"), routeContext());
  return ((await res.json()) as { count: number }).count;
}

describe("GET /api/notifications", () => {
  it("pages newest first by cursor (X-Next-Cursor), with X-Total-Count", async () => {
    const alice = await createUser();
    await notes(alice, 5);
    const first = await getList(alice, "?limit=2");
    expect(first.res.headers.get("X-Total-Count")).toBe("5");
    expect(first.body.map((n) => n.title)).toEqual(["Note 4", "Note 3"]);
    const cursor = first.res.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const second = await getList(alice, `?limit=2&cursor=${cursor}`);
    expect(second.body.map((n) => n.title)).toEqual(["Note 2", "Note 1"]);
    const third = await getList(alice, `?limit=2&cursor=${second.res.headers.get("X-Next-Cursor")}`);
    expect(third.body.map((n) => n.title)).toEqual(["Note 0"]);
    expect(third.res.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("filters unread ones with ?unread=true", async () => {
    const alice = await createUser();
    await notes(alice, 3);
    await db.notification.updateMany({ where: { userId: alice.id, title: "Note 1" }, data: { isRead: true } });
    const { res, body } = await getList(alice, "?unread=true");
    expect(body.map((n) => n.title)).toEqual(["Note 2", "Note 0"]);
    expect(res.headers.get("X-Total-Count")).toBe("2");
  });

  it("answers 400 for a foreign cursor or a bad unread value", async () => {
    const alice = await createUser();
    expect((await getList(alice, "?cursor=nonsense")).res.status).toBe(400);
    expect((await getList(alice, "?unread=maybe")).res.status).toBe(400);
  });

  it("hides notifications about a private group's question once the member has left it, in the list and the count", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const group = await createGroup({ creator: bob, members: [alice], isPrivate: true });
    const secret = await createQuestion({ author: alice, group });
    const open = await createQuestion({ author: alice });
    await notes(alice, 1, { questionId: secret.id });
    await notes(alice, 1, { questionId: open.id });
    expect((await getList(alice)).body).toHaveLength(2);
    expect(await count(alice)).toBe(2);

    await db.groupMember.deleteMany({ where: { groupId: group.id, userId: alice.id } });
    const { res, body } = await getList(alice);
    expect(body).toHaveLength(1);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    expect(await count(alice)).toBe(1);
    const hidden = await db.notification.findFirstOrThrow({ where: { userId: alice.id, questionId: secret.id } });
    const read = await markRead(await signedInRequest(alice, `/api/notifications/${hidden.id}/read`, { method: "POST" }), routeContext({ id: String(hidden.id) }));
    expect(read.status).toBe(404);

    // Back in the group, it shows again.
    await db.groupMember.create({ data: { groupId: group.id, userId: alice.id } });
    expect((await getList(alice)).body).toHaveLength(2);
  });

  it("hides notifications about a question that was deleted", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const question = await createQuestion({ author: bob });
    const answer = await createAnswer({ question, author: alice });
    await notes(alice, 1, { questionId: question.id });
    expect(await count(alice)).toBe(1);
    await db.answer.delete({ where: { id: answer.id } });
    await db.question.delete({ where: { id: question.id } });
    expect(await count(alice)).toBe(0);
    expect((await getList(alice)).body).toEqual([]);
  });
});

describe("POST /api/notifications/{id}/read", () => {
  it("marks the member's own notification read and answers it in the read-model shape", async () => {
    const alice = await createUser();
    const bob = await createUser({ firstName: "Bob", lastName: "Actor" });
    await notes(alice, 1, { actorId: bob.id });
    const note = await db.notification.findFirstOrThrow({ where: { userId: alice.id } });
    expect(await count(alice)).toBe(1);

    const res = await markRead(await signedInRequest(alice, `/api/notifications/${note.id}/read`, { method: "POST" }), routeContext({ id: String(note.id) }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      ["actor", "createdAt", "id", "isRead", "link", "message", "questionId", "relatedId", "relatedType", "text", "title", "type"].sort(),
    );
    expect(body).toMatchObject({ id: note.id, isRead: true, link: "/notifications", actor: { id: bob.id, firstName: "Bob", lastName: "Actor" } });
    expect(body.actor.email).toBeUndefined();
    expect(await count(alice)).toBe(0);

    // Repeating changes nothing.
    const again = await markRead(await signedInRequest(alice, `/api/notifications/${note.id}/read`, { method: "POST" }), routeContext({ id: String(note.id) }));
    expect(again.status).toBe(200);
  });

  it("answers 404 for another member's notification and leaves it unread", async () => {
    const alice = await createUser();
    const mallory = await createUser();
    await notes(alice, 1);
    const note = await db.notification.findFirstOrThrow({ where: { userId: alice.id } });
    const res = await markRead(await signedInRequest(mallory, `/api/notifications/${note.id}/read`, { method: "POST" }), routeContext({ id: String(note.id) }));
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Notification not found");
    expect((await db.notification.findUniqueOrThrow({ where: { id: note.id } })).isRead).toBe(false);
  });

  it("answers 401 to visitors and 404 for missing or malformed ids", async () => {
    const alice = await createUser();
    expect((await markRead(visitorRequest("/api/notifications/1/read", { method: "POST" }), routeContext({ id: "1" }))).status).toBe(401);
    for (const id of ["2147483647", "abc", "0"]) {
      const res = await markRead(await signedInRequest(alice, `/api/notifications/${id}/read`, { method: "POST" }), routeContext({ id }));
      expect(res.status).toBe(404);
    }
  });
});

describe("POST /api/notifications/mark-all-read", () => {
  it("marks every unread notification of the member read, and only theirs", async () => {
    const alice = await createUser();
    const bob = await createUser();
    await notes(alice, 4);
    await db.notification.updateMany({ where: { userId: alice.id, title: "Note 0" }, data: { isRead: true } });
    await notes(bob, 2);

    const res = await markAllRead(await signedInRequest(alice, "/api/notifications/mark-all-read", { method: "POST" }), routeContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updated: 3 });
    expect(await count(alice)).toBe(0);
    expect(await count(bob)).toBe(2);

    const again = await markAllRead(await signedInRequest(alice, "/api/notifications/mark-all-read", { method: "POST" }), routeContext());
    expect(await again.json()).toEqual({ updated: 0 });
  });

  it("answers 401 to visitors", async () => {
    const res = await markAllRead(visitorRequest("/api/notifications/mark-all-read", { method: "POST" }), routeContext());
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain("Unauthorized");
  });
});
