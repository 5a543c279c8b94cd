/** @jest-environment node */
import { db } from "@/lib/server/db";
import { settleScheduledAccountWork } from "@/lib/server/auth/email-tokens";
import { forgetActivityMemo, recordActivity } from "@/lib/server/users/activity";
import { GET as authUserRoute } from "@/app/api/auth/user/route";
import { GET as profileRoute } from "@/app/api/users/[id]/profile/route";
import { GET as membersRoute } from "@/app/api/users/route";
import { GET as followersRoute } from "@/app/api/users/[id]/followers/route";
import { PATCH as privacyRoute } from "@/app/api/users/settings/privacy/route";
import { createUser, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";

type User = { id: string };

const lastActiveOf = async (user: User) =>
  (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { lastActiveAt: true } })).lastActiveAt;

const setLastActive = (user: User, msAgo: number | null) =>
  db.$executeRaw`UPDATE users SET last_active_at = ${msAgo === null ? null : new Date(Date.now() - msAgo)} WHERE id = ${user.id}`;

/** A request of the member that resolves their session (GET /api/auth/user), and the work scheduled after it. */
async function visit(user: User) {
  const res = await authUserRoute(await signedInRequest(user, "/api/auth/user"), routeContext());
  expect(res.status).toBe(200);
  await settleScheduledAccountWork();
}

async function profileOf(target: User, viewer: User | null) {
  const path = `/api/users/${target.id}/profile`;
  const res = await profileRoute(viewer ? await signedInRequest(viewer, path) : visitorRequest(path), routeContext({ id: target.id }));
  expect(res.status).toBe(200);
  return (await res.json()) as { lastActiveAt: string | null };
}

async function setShowActivity(user: User, showActivity: boolean) {
  const res = await privacyRoute(
    await signedInRequest(user, "/api/users/settings/privacy", { method: "PATCH", json: { profileVisibility: "public", showActivity, allowMessages: true } }),
    routeContext(),
  );
  expect(res.status).toBe(200);
}

const MINUTE = 60_000;

beforeEach(() => forgetActivityMemo());

afterAll(async () => {
  await settleScheduledAccountWork();
  await db.$disconnect();
});

describe("recording activity", () => {
  it("records a member's first signed-in request after the response", async () => {
    const ada = await createUser();
    expect(await lastActiveOf(ada)).toBeNull();
    const before = Date.now();
    await visit(ada);
    const at = await lastActiveOf(ada);
    expect(at).not.toBeNull();
    expect(Math.abs(at!.getTime() - before)).toBeLessThan(MINUTE);
  });

  it("writes at most once per 5 minutes: a fresh row or this instance's memo skips the write", async () => {
    const ada = await createUser();
    await visit(ada);
    const first = (await lastActiveOf(ada))!;

    // The memo says recorded: even a row made stale behind its back is not written.
    await setLastActive(ada, 6 * MINUTE);
    const stale = (await lastActiveOf(ada))!;
    await visit(ada);
    expect((await lastActiveOf(ada))!.getTime()).toBe(stale.getTime());

    // Memo forgotten (another instance, a restart) but the row is 4 minutes old: the conditional UPDATE writes nothing.
    forgetActivityMemo();
    await setLastActive(ada, 4 * MINUTE);
    const fresh = (await lastActiveOf(ada))!;
    await visit(ada);
    expect((await lastActiveOf(ada))!.getTime()).toBe(fresh.getTime());
    expect(await recordActivity(ada.id)).toBe(false);

    // Older than 5 minutes and no memo: written again.
    forgetActivityMemo();
    await setLastActive(ada, 6 * MINUTE);
    await visit(ada);
    expect((await lastActiveOf(ada))!.getTime()).toBeGreaterThan(first.getTime() - MINUTE);
    expect(Date.now() - (await lastActiveOf(ada))!.getTime()).toBeLessThan(MINUTE);
  });

  it("records once for 20 simultaneous requests of one member", async () => {
    const ada = await createUser();
    await setLastActive(ada, 10 * MINUTE);
    const writes = await Promise.all(Array.from({ length: 20 }, () => recordActivity(ada.id)));
    expect(writes.filter(Boolean)).toHaveLength(1);
  });

  it("never records the AI assistant or a deleted account", async () => {
    const ai = await createUser({ isAssistant: true });
    expect(await recordActivity(ai.id)).toBe(false);
    const gone = await createUser();
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect(await recordActivity(gone.id)).toBe(false);
  });
});

describe("showing activity", () => {
  const clan = `Act${unique()}`;
  let ada: User;
  let bob: User;

  beforeAll(async () => {
    ada = await createUser({ firstName: "Ada", lastName: clan });
    bob = await createUser({ firstName: "Bob", lastName: clan });
    await db.userFollow.create({ data: { followerId: ada.id, followingId: bob.id } });
    await setLastActive(ada, 3 * MINUTE);
  });

  async function memberCardOf(target: User, viewer: User | null) {
    const path = `/api/users?tab=new&search=${clan}`;
    const res = await membersRoute(viewer ? await signedInRequest(viewer, path) : visitorRequest(path), routeContext());
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: string; lastActiveAt: string | null }[];
    return list.find((m) => m.id === target.id)!;
  }

  async function followerCardOf(target: User, viewer: User | null) {
    const path = `/api/users/${bob.id}/followers`;
    const res = await followersRoute(viewer ? await signedInRequest(viewer, path) : visitorRequest(path), routeContext({ id: bob.id }));
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: string; lastActiveAt: string | null }[];
    return list.find((m) => m.id === target.id)!;
  }

  it("shows the time on the profile, the member card and the follower list while the setting is on (the default)", async () => {
    const at = (await lastActiveOf(ada))!.toISOString();
    expect((await profileOf(ada, bob)).lastActiveAt).toBe(at);
    expect((await profileOf(ada, null)).lastActiveAt).toBe(at);
    expect((await memberCardOf(ada, bob)).lastActiveAt).toBe(at);
    expect((await followerCardOf(ada, null)).lastActiveAt).toBe(at);
  });

  it("hides it from everyone else when the member turns it off, and shows it again when on", async () => {
    await setShowActivity(ada, false);
    for (const viewer of [bob, null]) {
      expect((await profileOf(ada, viewer)).lastActiveAt).toBeNull();
      expect((await memberCardOf(ada, viewer)).lastActiveAt).toBeNull();
      expect((await followerCardOf(ada, viewer)).lastActiveAt).toBeNull();
    }
    // The member still sees their own.
    expect((await profileOf(ada, ada)).lastActiveAt).not.toBeNull();
    expect((await memberCardOf(ada, ada)).lastActiveAt).not.toBeNull();

    await setShowActivity(ada, true);
    expect((await profileOf(ada, bob)).lastActiveAt).not.toBeNull();
  });

  it("answers null for a member never seen, like a hidden one", async () => {
    const never = await createUser({ firstName: "Never", lastName: clan });
    expect((await profileOf(never, null)).lastActiveAt).toBeNull();
  });
});
