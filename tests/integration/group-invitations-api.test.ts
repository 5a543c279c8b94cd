/** @jest-environment node */
import { db } from "@/lib/server/db";
import { closeRateLimitStore, resetLimit } from "@/lib/server/rate-limit";
import { GET as getRoute } from "@/app/api/groups/[id]/route";
import { POST as joinRoute } from "@/app/api/groups/[id]/join/route";
import { GET as listRoute, POST as inviteRoute } from "@/app/api/groups/[id]/invitations/route";
import { DELETE as removeRoute } from "@/app/api/groups/[id]/invitations/[userId]/route";
import { GET as groupQuestionsRoute } from "@/app/api/groups/[id]/questions/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { createGroup, createGroupInvitation, createJoinRequest, createUser, groupCountersOf, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";
import { keys } from "@/tests/integration/shapes";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
type User = { id: string };

const INVITATION_KEYS = ["createdAt", "groupId", "id", "invitedBy", "user", "userId"].sort();

async function call(route: Handler, url: string, params: Record<string, string>, user?: User | null, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) {
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext(params));
  const text = await res.text();
  return { res, status: res.status, body: text ? JSON.parse(text) : null };
}

let creator: User;
let member: User;
let guest: User;
let other: User;
let group: { id: number; name: string };

beforeAll(async () => {
  creator = await createUser({ tag: "icreator", firstName: "Iris", lastName: "Host" });
  member = await createUser({ tag: "imember", firstName: "Mo", lastName: "Member" });
  guest = await createUser({ tag: "iguest", firstName: "Gus", lastName: "Guest" });
  other = await createUser({ tag: "iother" });
  group = await createGroup({ creator, members: [member], isPrivate: true, name: `Secret ${unique()} circle` });
});

afterAll(async () => {
  await closeRateLimitStore();
});

const invite = (user: User | null, json: unknown, id = String(group.id)) =>
  call(inviteRoute, `/api/groups/${id}/invitations`, { id }, user, { method: "POST", json });
const list = (user: User | null, id = String(group.id)) => call(listRoute, `/api/groups/${id}/invitations`, { id }, user);
const remove = (user: User | null, userId: string, id = String(group.id)) =>
  call(removeRoute, `/api/groups/${id}/invitations/${userId}`, { id, userId }, user, { method: "DELETE" });

describe("POST /api/groups/{id}/invitations", () => {
  it("answers 401 to visitors, 403 to anyone but the creator, 404 for a missing group or member, 400 without a member", async () => {
    expect(await invite(null, { userId: guest.id })).toMatchObject({ status: 401 });
    expect(await invite(member, { userId: guest.id })).toMatchObject({ status: 403, body: { message: "Only the creator of this group can invite members" } });
    expect(await invite(other, { userId: guest.id })).toMatchObject({ status: 403 });
    expect(await invite(creator, { userId: guest.id }, "999999999")).toMatchObject({ status: 404, body: { message: "Group not found" } });
    expect(await invite(creator, { userId: "no-such-member" })).toMatchObject({ status: 404, body: { message: "Member not found" } });
    expect(await invite(creator, {})).toMatchObject({ status: 400, body: { message: "Choose a member to invite" } });
    expect(await invite(creator, { userId: "" })).toMatchObject({ status: 400, body: { message: "Choose a member to invite" } });
    expect(await invite(creator, { userId: 12 })).toMatchObject({ status: 400 });
    expect(await db.groupInvitation.count({ where: { groupId: group.id } })).toBe(0);
  });

  it("refuses the AI assistant and deleted accounts as invitees (404)", async () => {
    const assistant = await createUser({ tag: "iassistant", isAssistant: true });
    const gone = await createUser({ tag: "igone" });
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect(await invite(creator, { userId: assistant.id })).toMatchObject({ status: 404, body: { message: "Member not found" } });
    expect(await invite(creator, { userId: gone.id })).toMatchObject({ status: 404 });
  });

  it("invites a member: 201 with the invitation, and the invitee is told with a link to the group", async () => {
    const { status, body } = await invite(creator, { userId: guest.id });
    expect(status).toBe(201);
    expect(keys(body)).toEqual(INVITATION_KEYS);
    expect(body).toMatchObject({
      id: expect.any(Number),
      groupId: group.id,
      userId: guest.id,
      user: { id: guest.id, firstName: "Gus", lastName: "Guest", handle: expect.any(String) },
      invitedBy: { id: creator.id, firstName: "Iris", lastName: "Host" },
      createdAt: expect.any(String),
    });
    // Nobody's e-mail but the creator's own.
    expect(body.user.email).toBeUndefined();

    const { body: notes } = await call(notificationsRoute, "/api/notifications", {}, guest);
    expect(notes[0]).toMatchObject({
      type: "other",
      title: `Invitation to ${group.name}`,
      message: `Iris Host invited you to join group ${group.name}`,
      link: `/groups/${group.id}`,
      isRead: false,
    });
  });

  it("answers 409 for a second invitation, a member and the creator", async () => {
    expect(await invite(creator, { userId: guest.id })).toMatchObject({ status: 409, body: { message: "This member has already been invited to this group" } });
    expect(await invite(creator, { userId: member.id })).toMatchObject({ status: 409, body: { message: "This member already belongs to this group" } });
    expect(await invite(creator, { userId: creator.id })).toMatchObject({ status: 409 });
    expect(await db.groupInvitation.count({ where: { groupId: group.id } })).toBe(1);
  });
});

describe("GET /api/groups/{id}/invitations", () => {
  it("lists the pending invitations to the creator only", async () => {
    expect((await list(null)).status).toBe(401);
    expect(await list(member)).toMatchObject({ status: 403, body: { message: "Only the creator of this group can invite members" } });
    expect(await list(guest)).toMatchObject({ status: 403 });
    expect(await list(creator, "999999999")).toMatchObject({ status: 404, body: { message: "Group not found" } });
    const { status, body, res } = await list(creator);
    expect(status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    expect(body).toHaveLength(1);
    expect(keys(body[0])).toEqual(INVITATION_KEYS);
    expect(body[0]).toMatchObject({ userId: guest.id, groupId: group.id });
  });

  it("answers 400 for a malformed page", async () => {
    expect(await call(listRoute, `/api/groups/${group.id}/invitations?limit=abc`, { id: String(group.id) }, creator)).toMatchObject({ status: 400 });
  });
});

describe("the invitee's group page, and accepting", () => {
  it("shows the invitee their invitation and lets them in without a request, private group included", async () => {
    const { body: before } = await call(getRoute, `/api/groups/${group.id}`, { id: String(group.id) }, guest);
    expect(before).toMatchObject({
      isMember: false,
      hasRequested: false,
      invitation: { userId: guest.id, invitedBy: { id: creator.id, firstName: "Iris", lastName: "Host" }, createdAt: expect.any(String) },
      viewerCan: { join: true, invite: false, viewContent: false },
    });
    // Others see no invitation of theirs.
    expect((await call(getRoute, `/api/groups/${group.id}`, { id: String(group.id) }, other)).body.invitation).toBeNull();
    // An earlier request to join goes with the invitation.
    await createJoinRequest({ group, user: guest });

    const { status, body } = await call(joinRoute, `/api/groups/${group.id}/join`, { id: String(group.id) }, guest, { method: "POST" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "joined", message: "Joined group successfully!", group: { isMember: true, hasRequested: false, invitation: null, memberCount: 3 } });
    expect(await db.groupInvitation.count({ where: { groupId: group.id } })).toBe(0);
    expect(await db.groupJoinRequest.count({ where: { groupId: group.id } })).toBe(0);
    const counters = await groupCountersOf(group.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect((await call(groupQuestionsRoute, `/api/groups/${group.id}/questions`, { id: String(group.id) }, guest)).status).toBe(200);
  });

  it("still makes a private group's outsider without an invitation ask", async () => {
    const { body } = await call(joinRoute, `/api/groups/${group.id}/join`, { id: String(group.id) }, other, { method: "POST" });
    expect(body).toMatchObject({ status: "requested", group: { isMember: false, hasRequested: true } });
    await db.groupJoinRequest.deleteMany({ where: { groupId: group.id, userId: other.id } });
  });
});

describe("DELETE /api/groups/{id}/invitations/{userId}", () => {
  it("lets the creator withdraw and the invitee decline; nobody else (401, 403), 404 when there is none", async () => {
    const invitee = await createUser({ tag: "iinvitee" });
    await createGroupInvitation({ group, user: invitee, inviter: creator });
    expect((await remove(null, invitee.id)).status).toBe(401);
    expect(await remove(member, invitee.id)).toMatchObject({
      status: 403,
      body: { message: "Only the group's creator or the invited member can remove this invitation" },
    });
    expect(await remove(creator, invitee.id, "999999999")).toMatchObject({ status: 404, body: { message: "Group not found" } });
    expect(await remove(creator, "bad id!")).toMatchObject({ status: 404, body: { message: "Invitation not found" } });

    // The invitee declines.
    expect(await remove(invitee, invitee.id)).toMatchObject({ status: 204, body: null });
    expect(await remove(invitee, invitee.id)).toMatchObject({ status: 404, body: { message: "Invitation not found" } });
    expect((await call(getRoute, `/api/groups/${group.id}`, { id: String(group.id) }, invitee)).body.invitation).toBeNull();

    // The creator withdraws.
    await createGroupInvitation({ group, user: invitee, inviter: creator });
    expect(await remove(creator, invitee.id)).toMatchObject({ status: 204 });
    expect(await db.groupInvitation.count({ where: { groupId: group.id, userId: invitee.id } })).toBe(0);
    // A withdrawn invitation no longer lets them in.
    const { body } = await call(joinRoute, `/api/groups/${group.id}/join`, { id: String(group.id) }, invitee, { method: "POST" });
    expect(body.status).toBe("requested");
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once the creator's hourly invitations are spent", async () => {
    const host = await createUser({ tag: "ihost" });
    const target = await createUser({ tag: "itarget" });
    const club = await createGroup({ creator: host, isPrivate: true });
    await resetLimit("groupInviteHourly", host.id);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await invite(host, { userId: target.id }, String(club.id))).status);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1).every((s) => s === 409)).toBe(true);
    const over = await invite(host, { userId: target.id }, String(club.id));
    expect(over.status).toBe(429);
    expect(Number(over.res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
