/** @jest-environment node */
import { db } from "@/lib/server/db";
import { countingStatements } from "@/tests/support/statement-counter";
import { openSession, viewerForPageSession, viewerForSession } from "@/lib/server/auth/session";
import { groupListItemSelect, listSidebarGroups, SIDEBAR_GROUPS_READ } from "@/lib/server/groups/queries";
import { countUnreadNotifications } from "@/lib/server/notifications/queries";
import { createGroup, createQuestion, createUser } from "@/tests/factories";

/*
 * The statements of what surrounds every member page (docs/PERFORMANCE.md, home feed at most 4):
 * the session read carries the top bar's unread count, and the side bar's groups are one read.
 */

const statementsOf = countingStatements();

afterAll(async () => {
  await db.$disconnect();
});

async function notify(userId: string, notes: { read?: boolean; questionId?: number }[]) {
  await db.notification.createMany({
    data: notes.map((n, i) => ({ userId, type: "other", title: `Note ${i}`, message: "Hello", isRead: n.read ?? false, questionId: n.questionId ?? null })),
  });
}

/** The side bar's groups as the two separate reads gave them before they were one statement. */
async function sidebarGroupsAsTwoReads(viewerId: string, take: number) {
  const memberships = await db.groupMember.findMany({
    where: { userId: viewerId },
    select: { group: { select: groupListItemSelect } },
    orderBy: [{ joinedAt: "desc" }, { id: "desc" }],
    take,
  });
  const own = memberships.map((m) => ({ ...m.group, isMember: true }));
  if (own.length >= take) return own;
  const others = await db.group.findMany({
    where: { id: { notIn: own.map((g) => g.id) } },
    select: groupListItemSelect,
    orderBy: [{ memberCount: "desc" }, { id: "asc" }],
    take: take - own.length,
  });
  return [...own, ...others.map((g) => ({ ...g, isMember: false }))];
}

describe("the page render's session read", () => {
  it("is one statement giving the same member and preferences as viewerForSession, with the unread count of countUnreadNotifications", async () => {
    const viewer = await createUser();
    const other = await createUser();
    await db.user.update({ where: { id: viewer.id }, data: { preferences: { theme: "dark", questionsPerPage: 30 }, socialLinks: { github: "someone" } } });
    const ownPrivate = await createGroup({ creator: other, members: [viewer], isPrivate: true });
    const leftPrivate = await createGroup({ creator: other, isPrivate: true });
    const open = await createGroup({ creator: other });
    const inOwn = await createQuestion({ author: other, group: ownPrivate });
    const inLeft = await createQuestion({ author: other, group: leftPrivate });
    const inOpen = await createQuestion({ author: other, group: open });
    const plain = await createQuestion({ author: other });
    const gone = await createQuestion({ author: other });
    await notify(viewer.id, [
      {}, // about no question: counted
      { read: true }, // read: not counted
      { questionId: inOwn.id }, // a private group the member is in: counted
      { questionId: inLeft.id }, // a private group the member is not in: hidden
      { questionId: inOpen.id }, // a public group: counted
      { questionId: plain.id }, // counted
      { questionId: plain.id, read: true },
      { questionId: gone.id }, // its question deleted: hidden
    ]);
    await db.question.delete({ where: { id: gone.id } });
    await notify(other.id, [{}, {}]);

    const claims = await openSession(viewer.id);
    const separate = await viewerForSession(claims);
    const { result: paged, count } = await statementsOf(() => viewerForPageSession(claims));
    expect(count).toBe(1);
    // The raw read's columns are derived from viewerSelect: the same member, field for field.
    expect(paged?.viewer).toEqual(separate);
    expect(Object.keys(paged!.viewer).sort()).toEqual(Object.keys(separate!).sort());
    expect(paged?.viewer.createdAt).toBeInstanceOf(Date);
    expect(paged?.viewer.preferences).toEqual({ theme: "dark", questionsPerPage: 30 });

    expect(paged?.unreadCount).toBe(await countUnreadNotifications(viewer.id));
    expect(paged?.unreadCount).toBe(4);
  });

  it("refuses what viewerForSession refuses", async () => {
    const viewer = await createUser();
    const claims = await openSession(viewer.id);
    expect(await viewerForPageSession({ ...claims, sid: "unknown" })).toBeNull();
    expect(await viewerForPageSession({ ...claims, sub: (await createUser()).id })).toBeNull();

    await db.user.update({ where: { id: viewer.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await viewerForPageSession(claims)).toBeNull();

    const expired = await openSession(viewer.id);
    await db.session.update({ where: { sid: expired.sid }, data: { expire: new Date(Date.now() - 1000) } });
    expect(await viewerForPageSession(expired)).toBeNull();
    expect(await viewerForSession(expired)).toBeNull();
  });
});

describe("listSidebarGroups", () => {
  it("reads a member's groups and the largest others in one statement, as the two reads did", async () => {
    const viewer = await createUser();
    const other = await createUser();
    await createGroup({ creator: other, members: [viewer] });
    await createGroup({ creator: viewer, isPrivate: true });
    await createGroup({ creator: other, members: [await createUser(), await createUser()] });
    await createGroup({ creator: other, isPrivate: true });

    for (const take of [1, 2, 5, SIDEBAR_GROUPS_READ]) {
      const { result, count } = await statementsOf(() => listSidebarGroups(viewer, take));
      expect(count).toBe(1);
      expect(result).toEqual(await sidebarGroupsAsTwoReads(viewer.id, take));
    }
    const groups = await listSidebarGroups(viewer, SIDEBAR_GROUPS_READ);
    expect(groups.slice(0, 2).every((g) => g.isMember)).toBe(true);
    expect(groups.slice(2).every((g) => !g.isMember)).toBe(true);
  });

  it("lists only the member's own groups when they fill the list, most recently joined first", async () => {
    const viewer = await createUser();
    for (let i = 0; i < SIDEBAR_GROUPS_READ + 1; i++) await createGroup({ creator: viewer });
    // Same joining time: the later membership first, as before.
    await db.groupMember.updateMany({ where: { userId: viewer.id }, data: { joinedAt: new Date("2026-01-01T00:00:00Z") } });
    const groups = await listSidebarGroups(viewer, SIDEBAR_GROUPS_READ);
    expect(groups).toHaveLength(SIDEBAR_GROUPS_READ);
    expect(groups).toEqual(await sidebarGroupsAsTwoReads(viewer.id, SIDEBAR_GROUPS_READ));
  });

  it("gives a member in no group, and a visitor, the largest groups", async () => {
    const lonely = await createUser();
    const largest = (await db.group.findMany({ select: groupListItemSelect, orderBy: [{ memberCount: "desc" }, { id: "asc" }], take: 5 })).map((g) => ({
      ...g,
      isMember: false,
    }));
    expect(await listSidebarGroups(lonely, 5)).toEqual(largest);
    expect(await listSidebarGroups(null, 5)).toEqual(largest);
  });
});
