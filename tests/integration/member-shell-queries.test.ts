/** @jest-environment node */
import pg from "pg";
import { db } from "@/lib/server/db";
import { listSidebarGroups, memberShellOfRequest, SIDEBAR_GROUPS_READ } from "@/lib/server/groups/queries";
import { countUnreadNotifications } from "@/lib/server/notifications/queries";
import { createGroup, createUser } from "@/tests/factories";

// Counts the SQL statements sent to PostgreSQL: Prisma's driver adapter speaks through pg.Client.
let statements = 0;
const originalQuery = pg.Client.prototype.query;

beforeAll(() => {
  pg.Client.prototype.query = function countingQuery(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
});

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await db.$disconnect();
});

async function notify(userId: string, read: boolean[]) {
  await db.notification.createMany({ data: read.map((isRead, i) => ({ userId, type: "other", title: `Note ${i}`, message: "Hello", isRead })) });
}

describe("memberShellOfRequest (the member's top bar and side bar in one statement)", () => {
  it("gives the unread count and the side bar's groups exactly as the separate reads do", async () => {
    const viewer = await createUser();
    const other = await createUser();
    await createGroup({ creator: other, members: [viewer] });
    await createGroup({ creator: viewer, isPrivate: true });
    // Large groups the viewer is not in come after their own.
    await createGroup({ creator: other, members: [await createUser(), await createUser()] });
    await notify(viewer.id, [false, false, true]);

    const before = statements;
    const shell = await memberShellOfRequest(viewer);
    expect(statements - before).toBe(1);

    expect(shell.unreadCount).toBe(await countUnreadNotifications(viewer.id));
    expect(shell.unreadCount).toBe(2);
    expect(shell.groups).toEqual(await listSidebarGroups(viewer, SIDEBAR_GROUPS_READ));
    expect(shell.groups.slice(0, 2).every((g) => g.isMember)).toBe(true);
  });

  it("lists only the member's own groups when they fill the list", async () => {
    const viewer = await createUser();
    for (let i = 0; i < SIDEBAR_GROUPS_READ + 1; i++) await createGroup({ creator: viewer });
    const shell = await memberShellOfRequest(viewer);
    expect(shell.groups).toHaveLength(SIDEBAR_GROUPS_READ);
    expect(shell.groups).toEqual(await listSidebarGroups(viewer, SIDEBAR_GROUPS_READ));
    expect(shell.unreadCount).toBe(0);
  });
});
