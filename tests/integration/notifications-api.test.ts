/** @jest-environment node */
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { createSession } from "@/lib/server/auth/session";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { GET as unreadCount } from "@/app/api/notifications/unread-count/route";
import { createQuestion } from "@/tests/factories";

const ctx = { params: Promise.resolve({}) };

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(6).toString("hex")}@example.com`;

async function member(tag: string, names: { firstName?: string; lastName?: string } = {}) {
  const user = await db.user.create({ data: { email: uniqueEmail(tag), ...names } });
  const { cookie } = await createSession(user.id, new Request("http://localhost/"));
  return { user, cookie: cookie.split(";")[0]! };
}

function get(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/notifications", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const res = await listNotifications(get("/api/notifications"), ctx);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain("Unauthorized");
  });

  it("lists only the member's own notifications, newest first, in the read-model shape", async () => {
    const alice = await member("alice", { firstName: "Alice", lastName: "Liddell" });
    const bob = await member("bob", { firstName: "Bob", lastName: "Builder" });
    const base = Date.now() - 60 * 60_000;
    const q1 = await createQuestion({ author: alice.user });
    const q2 = await createQuestion({ author: bob.user });
    await db.notification.createMany({
      data: [
        { userId: alice.user.id, type: "answer", title: "Bob answered your question", message: "Try this", relatedId: q1.id, relatedType: "question", questionId: q1.id, actorId: bob.user.id, createdAt: new Date(base) },
        { userId: alice.user.id, type: "follow", title: "Bob followed you", message: "", actorId: bob.user.id, isRead: true, createdAt: new Date(base + 60_000) },
        { userId: alice.user.id, type: "vote", title: "Your answer got an up-vote", message: "", relatedId: 5, relatedType: "answer", questionId: q2.id, createdAt: new Date(base + 120_000) },
        { userId: bob.user.id, type: "answer", title: "Not for Alice", message: "", createdAt: new Date(base + 180_000) },
      ],
    });

    const res = await listNotifications(get("/api/notifications", alice.cookie), ctx);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((n: { title: string }) => n.title)).toEqual([
      "Your answer got an up-vote",
      "Bob followed you",
      "Bob answered your question",
    ]);
    for (const n of body) {
      expect(Object.keys(n).sort()).toEqual(
        ["actor", "createdAt", "id", "isRead", "link", "message", "questionId", "relatedId", "relatedType", "text", "title", "type"].sort(),
      );
      expect(new Date(n.createdAt).toISOString()).toBe(n.createdAt);
    }
    const [vote, follow, answer] = body;
    // Rows without a stored link fall back to SPEC.md's rules.
    expect(vote).toMatchObject({ type: "vote", relatedId: 5, relatedType: "answer", questionId: q2.id, link: `/questions/${q2.id}`, isRead: false, actor: null });
    expect(follow).toMatchObject({ type: "follow", isRead: true, link: `/users/${bob.user.id}` });
    expect(answer).toMatchObject({ type: "answer", relatedId: q1.id, relatedType: "question", link: `/questions/${q1.id}`, message: "Try this" });
    // The actor is presented like any author: no e-mail for anyone but its owner.
    expect(answer.actor).toEqual({ id: bob.user.id, firstName: "Bob", lastName: "Builder", profileImageUrl: null, handle: bob.user.email.split("@")[0], reputation: 1 });
  });

  it("honours limit (default 20, at most 100; 400 for one that is not a whole number)", async () => {
    const carol = await member("carol");
    await db.notification.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        userId: carol.user.id,
        type: "other",
        title: `Note ${i}`,
        message: "",
        createdAt: new Date(Date.now() - (25 - i) * 1000),
      })),
    });
    const byDefault = await (await listNotifications(get("/api/notifications", carol.cookie), ctx)).json();
    expect(byDefault).toHaveLength(20);
    expect(byDefault[0].title).toBe("Note 24");
    const three = await (await listNotifications(get("/api/notifications?limit=3", carol.cookie), ctx)).json();
    expect(three.map((n: { title: string }) => n.title)).toEqual(["Note 24", "Note 23", "Note 22"]);
    const many = await (await listNotifications(get("/api/notifications?limit=1000", carol.cookie), ctx)).json();
    expect(many).toHaveLength(25);
    const junk = await listNotifications(get("/api/notifications?limit=abc", carol.cookie), ctx);
    expect(junk.status).toBe(400);
    expect((await junk.json()).message).toBe("limit must be a whole number of at least 1");
  });
});

describe("GET /api/notifications/unread-count", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    const res = await unreadCount(get("/api/notifications/unread-count"), ctx);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain("Unauthorized");
  });

  it("counts only the member's own unread notifications", async () => {
    const dave = await member("dave");
    const erin = await member("erin");
    await db.notification.createMany({
      data: [
        { userId: dave.user.id, type: "other", title: "a", message: "" },
        { userId: dave.user.id, type: "other", title: "b", message: "" },
        { userId: dave.user.id, type: "other", title: "c", message: "", isRead: true },
        { userId: erin.user.id, type: "other", title: "d", message: "" },
      ],
    });
    const res = await unreadCount(get("/api/notifications/unread-count", dave.cookie), ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 2 });
  });
});
