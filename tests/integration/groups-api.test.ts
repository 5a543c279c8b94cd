/** @jest-environment node */
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { listSitemapQuestions } from "@/lib/server/sitemap/queries";
import { GET as listRoute, POST as createRoute } from "@/app/api/groups/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/groups/[id]/route";
import { GET as isMemberRoute } from "@/app/api/groups/[id]/is-member/route";
import { GET as groupQuestionsRoute } from "@/app/api/groups/[id]/questions/route";
import { DELETE as withdrawRoute, POST as joinRoute } from "@/app/api/groups/[id]/join/route";
import { POST as leaveRoute } from "@/app/api/groups/[id]/leave/route";
import { GET as requestsRoute } from "@/app/api/groups/[id]/requests/route";
import { POST as approveRoute } from "@/app/api/groups/[id]/requests/[userId]/approve/route";
import { POST as declineRoute } from "@/app/api/groups/[id]/requests/[userId]/decline/route";
import { GET as questionsListRoute, POST as askRoute } from "@/app/api/questions/route";
import { GET as questionRoute } from "@/app/api/questions/[id]/route";
import { POST as answerRoute } from "@/app/api/questions/[id]/answers/route";
import { POST as commentRoute } from "@/app/api/answers/[id]/comments/route";
import { GET as trendingRoute } from "@/app/api/questions/trending/route";
import { GET as feedRoute } from "@/app/api/feed/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { GET as tagQuestionsRoute } from "@/app/api/tags/[id]/questions/route";
import {
  createAnswer,
  createGroup,
  createJoinRequest,
  createQuestion,
  createTag,
  createUser,
  groupCountersOf,
  routeContext,
  signedInRequest,
  unique,
  visitorRequest,
} from "@/tests/factories";
import { SUMMARY_KEYS, keys } from "@/tests/integration/shapes";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;
type User = { id: string };
type Json = Record<string, unknown> & { id?: number };

const GROUP_KEYS = [
  "createdAt", "creator", "creatorId", "description", "hasRequested", "headerImageUrl", "id", "invitation", "isMember", "isPrivate",
  "memberCount", "name", "profileImageUrl", "questionCount", "rules", "updatedAt", "viewerCan",
].sort();
const VIEWER_CAN_KEYS = ["edit", "invite", "join", "leave", "post", "reviewRequests", "viewContent"].sort();
const MEMBERSHIP_KEYS = ["group", "message", "status"].sort();
const JOIN_REQUEST_KEYS = ["createdAt", "groupId", "id", "user", "userId"].sort();
const DECISION_KEYS = ["memberCount", "status", "userId"].sort();

async function call(route: Handler, url: string, params: Record<string, string>, user?: User | null, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) {
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext(params));
  const text = await res.text();
  return { res, status: res.status, body: text ? JSON.parse(text) : null };
}

const post = { method: "POST" };
const ids = (list: Json[]) => list.map((item) => item.id);

let creator: User;
let member: User;
let outsider: User;
let requester: User;
let word: string;
let tag: { id: number; name: string };
let openGroup: { id: number; name: string };
let secretGroup: { id: number; name: string };
let openQuestion: { id: number };
let secretQuestion: { id: number };
let secretAnswer: { id: number };

beforeAll(async () => {
  word = `zq${unique()}`.replace(/[0-9]/g, "x");
  creator = await createUser({ tag: "gcreator", firstName: "Grace", lastName: "Creator" });
  member = await createUser({ tag: "gmember", firstName: "Mo", lastName: "Member" });
  outsider = await createUser({ tag: "goutsider" });
  requester = await createUser({ tag: "grequester" });
  tag = await createTag();
  openGroup = await createGroup({ creator, members: [member], name: `Open ${word} circle` });
  secretGroup = await createGroup({ creator, members: [member], isPrivate: true, name: `Secret ${word} desk` });
  await db.group.update({ where: { id: secretGroup.id }, data: { description: `Where ${word} insiders talk` } });
  openQuestion = await createQuestion({ author: member, group: openGroup, tags: [tag], title: `Open ${word} question about caching` });
  secretQuestion = await createQuestion({
    author: creator,
    group: secretGroup,
    tags: [tag],
    title: `Secret ${word} question about disclosure`,
    description: `The embargoed details of ${word}.`,
  });
  secretAnswer = await createAnswer({ question: secretQuestion, author: member });
});

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

describe("GET /api/groups", () => {
  it("lists groups to anyone, in the Group shape, with the creator's name and counts", async () => {
    const { status, body, res } = await call(listRoute, `/api/groups?search=${word}`, {}, null);
    expect(status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(ids(body).sort()).toEqual([openGroup.id, secretGroup.id].sort());
    for (const group of body) {
      expect(keys(group)).toEqual(GROUP_KEYS);
      expect(keys(group.viewerCan)).toEqual(VIEWER_CAN_KEYS);
    }
    const secret = body.find((g: Json) => g.id === secretGroup.id);
    expect(secret).toMatchObject({
      name: secretGroup.name,
      description: `Where ${word} insiders talk`,
      isPrivate: true,
      memberCount: 2,
      questionCount: 1,
      creatorId: creator.id,
      creator: { id: creator.id, firstName: "Grace", lastName: "Creator", handle: expect.any(String) },
      isMember: false,
      hasRequested: false,
      invitation: null,
      viewerCan: { join: false, leave: false, edit: false, post: false, viewContent: false, reviewRequests: false, invite: false },
    });
    expect(JSON.stringify(body)).not.toContain("@example.com");
  });

  it("searches names and descriptions, case-insensitively, with % and _ taken literally", async () => {
    expect(ids((await call(listRoute, `/api/groups?search=${word.toUpperCase()}%20INSIDERS`, {}, outsider)).body)).toEqual([secretGroup.id]);
    expect(ids((await call(listRoute, `/api/groups?search=open%20${word}`, {}, outsider)).body)).toEqual([openGroup.id]);
    expect((await call(listRoute, `/api/groups?search=${word.slice(0, 3)}%25${word.slice(4)}`, {}, outsider)).body).toEqual([]);
    expect((await call(listRoute, `/api/groups?search=${word.slice(0, 4)}_${word.slice(5)}`, {}, outsider)).body).toEqual([]);
  });

  it("splits the viewer's own groups (joined) from the others (discover)", async () => {
    const joined = (await call(listRoute, `/api/groups?search=${word}&membership=joined`, {}, member)).body;
    expect(ids(joined).sort()).toEqual([openGroup.id, secretGroup.id].sort());
    expect(joined.every((g: Json) => g.isMember === true)).toBe(true);
    expect((await call(listRoute, `/api/groups?search=${word}&membership=discover`, {}, member)).body).toEqual([]);
    expect(ids((await call(listRoute, `/api/groups?search=${word}&membership=discover`, {}, outsider)).body).sort()).toEqual(
      [openGroup.id, secretGroup.id].sort(),
    );
    expect((await call(listRoute, `/api/groups?search=${word}&membership=joined`, {}, null)).body).toEqual([]);
  });

  it("walks every group once with cursors", async () => {
    const prefix = `walk${unique()}`;
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await createGroup({ creator, name: `${prefix} ${i}` }));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { res, body } = await call(listRoute, `/api/groups?search=${prefix}&limit=2${cursor ? `&cursor=${cursor}` : ""}`, {}, outsider);
      expect(body.length).toBeLessThanOrEqual(2);
      seen.push(...ids(body).map(Number));
      cursor = res.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(seen.sort()).toEqual(made.map((g) => g.id).sort());
  });

  it("answers 400 for a bad limit, membership, search or cursor", async () => {
    expect((await call(listRoute, "/api/groups?limit=0", {}, null)).body.message).toBe("limit must be a whole number of at least 1");
    expect((await call(listRoute, "/api/groups?membership=mine", {}, null)).body.message).toBe("membership must be joined or discover");
    expect((await call(listRoute, `/api/groups?search=${"x".repeat(101)}`, {}, null)).body.message).toBe("Search terms must be at most 100 characters");
    const bad = await call(listRoute, "/api/groups?cursor=nope!", {}, null);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid cursor");
  });
});

describe("POST /api/groups", () => {
  const create = (user: User | null, json: unknown) => call(createRoute, "/api/groups", {}, user, { method: "POST", json });

  it("answers 401 Unauthorized to visitors", async () => {
    const { status, body } = await create(null, { name: "Nope" });
    expect(status).toBe(401);
    expect(body.message).toContain("Unauthorized");
  });

  it.each([
    ["Group name is required", {}],
    ["Group name is required", { name: "   " }],
    ["Group name must be 100 characters or less", { name: "x".repeat(101) }],
    ["Description must be 500 characters or less", { name: "Fine", description: "d".repeat(501) }],
    ["Rules must be 1000 characters or less", { name: "Fine", rules: "r".repeat(1001) }],
    ["Profile image must be a valid URL", { name: "Fine", profileImageUrl: "javascript:alert(1)" }],
    ["Profile image must be a valid URL", { name: "Fine", profileImageUrl: "not a url" }],
    ["Header image must be a valid URL", { name: "Fine", headerImageUrl: "ftp://example.com/a.png" }],
    ["Header image must be a valid URL", { name: "Fine", headerImageUrl: "/uploads/../secret" }],
    ["isPrivate must be true or false", { name: "Fine", isPrivate: "yes" }],
    ["Request body must be a JSON object", []],
  ])("answers 400 %s", async (message, json) => {
    const { status, body } = await create(member, json);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { status, body } = await call(createRoute, "/api/groups", {}, member, { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(status).toBe(400);
    expect(body.message).toBe("Request body must be valid JSON");
  });

  it("creates the group (201) with its creator as first and only member", async () => {
    const name = `  Created ${unique()}  `;
    const { status, body } = await create(outsider, {
      name,
      description: "  About things  ",
      rules: "",
      profileImageUrl: "https://images.example.com/p.png",
      headerImageUrl: "/uploads/header-1.webp",
      isPrivate: true,
      ignored: "dropped",
    });
    expect(status).toBe(201);
    expect(keys(body)).toEqual(GROUP_KEYS);
    expect(body).toMatchObject({
      name: name.trim(),
      description: "About things",
      rules: null,
      profileImageUrl: "https://images.example.com/p.png",
      headerImageUrl: "/uploads/header-1.webp",
      isPrivate: true,
      memberCount: 1,
      questionCount: 0,
      creatorId: outsider.id,
      isMember: true,
      hasRequested: false,
      invitation: null,
      viewerCan: { join: false, leave: false, edit: true, post: true, viewContent: true, reviewRequests: true, invite: true },
    });
    const rows = await db.groupMember.findMany({ where: { groupId: body.id } });
    expect(rows.map((r) => [r.userId, r.role])).toEqual([[outsider.id, "admin"]]);
    expect(await groupCountersOf(body.id)).toEqual({ stored: { memberCount: 1, questionCount: 0 }, recounted: { memberCount: 1, questionCount: 0 } });
  });

  it("makes a public group when isPrivate is left out", async () => {
    const { status, body } = await create(outsider, { name: `Public ${unique()}` });
    expect(status).toBe(201);
    expect(body).toMatchObject({ isPrivate: false, description: null, profileImageUrl: null, headerImageUrl: null });
  });
});

describe("GET /api/groups/{id}", () => {
  it.each(["999999999", "abc", "0", "-1"])("answers 404 Group not found for %s", async (id) => {
    const { status, body } = await call(getRoute, `/api/groups/${id}`, { id }, member);
    expect(status).toBe(404);
    expect(body.message).toBe("Group not found");
  });

  it("shows a private group's name, description and counts to everyone", async () => {
    const { status, body } = await call(getRoute, `/api/groups/${secretGroup.id}`, { id: String(secretGroup.id) }, null);
    expect(status).toBe(200);
    expect(keys(body)).toEqual(GROUP_KEYS);
    expect(body).toMatchObject({ id: secretGroup.id, isPrivate: true, memberCount: 2, questionCount: 1, isMember: false });
  });

  it("tells a member what they may do", async () => {
    const { body } = await call(getRoute, `/api/groups/${secretGroup.id}`, { id: String(secretGroup.id) }, member);
    expect(body.isMember).toBe(true);
    expect(body.viewerCan).toEqual({ join: false, leave: true, edit: false, post: true, viewContent: true, reviewRequests: false, invite: false });
  });
});

describe("GET /api/groups/{id}/is-member", () => {
  const isMember = (group: { id: number } | string, user: User | null) => {
    const id = typeof group === "string" ? group : String(group.id);
    return call(isMemberRoute, `/api/groups/${id}/is-member`, { id }, user);
  };

  it("answers a bare JSON boolean", async () => {
    expect(await isMember(secretGroup, member)).toMatchObject({ status: 200, body: true });
    expect(await isMember(secretGroup, creator)).toMatchObject({ status: 200, body: true });
    expect(await isMember(secretGroup, outsider)).toMatchObject({ status: 200, body: false });
    expect(await isMember(secretGroup, null)).toMatchObject({ status: 200, body: false });
  });

  it("answers 404 for an unknown group", async () => {
    expect(await isMember("999999999", member)).toMatchObject({ status: 404, body: { message: "Group not found" } });
  });
});

describe("GET /api/groups/{id}/questions", () => {
  const questions = (group: { id: number } | string, user: User | null, query = "") => {
    const id = typeof group === "string" ? group : String(group.id);
    return call(groupQuestionsRoute, `/api/groups/${id}/questions${query}`, { id }, user);
  };

  it("lists a public group's posts to anyone, as QuestionSummary items", async () => {
    const { status, body, res } = await questions(openGroup, null);
    expect(status).toBe(200);
    expect(ids(body)).toEqual([openQuestion.id]);
    expect(keys(body[0])).toEqual(SUMMARY_KEYS);
    expect(body[0].group).toEqual({ id: openGroup.id, name: openGroup.name, isPrivate: false });
    expect(res.headers.get("X-Total-Count")).toBe("1");
  });

  it("answers 403 to visitors and non-members of a private group, and lists it for members", async () => {
    for (const user of [null, outsider]) {
      const { status, body } = await questions(secretGroup, user);
      expect(status).toBe(403);
      expect(body.message).toBe("This group is private. Only its members can see its posts.");
    }
    expect(ids((await questions(secretGroup, member)).body)).toEqual([secretQuestion.id]);
    expect(ids((await questions(secretGroup, creator)).body)).toEqual([secretQuestion.id]);
  });

  it("searches titles and descriptions", async () => {
    expect(ids((await questions(secretGroup, member, "?search=DISCLOSURE")).body)).toEqual([secretQuestion.id]);
    expect(ids((await questions(secretGroup, member, "?search=embargoed")).body)).toEqual([secretQuestion.id]);
    const none = await questions(secretGroup, member, "?search=nothing-like-this");
    expect(none.body).toEqual([]);
    expect(none.res.headers.get("X-Total-Count")).toBe("0");
  });

  it("answers 404 for an unknown group and 400 for a bad limit", async () => {
    expect(await questions("123456789", member)).toMatchObject({ status: 404, body: { message: "Group not found" } });
    expect(await questions(openGroup, member, "?limit=abc")).toMatchObject({ status: 400, body: { message: "limit must be a whole number of at least 1" } });
  });
});

describe("POST /api/groups/{id}/join and /leave", () => {
  let group: { id: number; name: string };
  const join = (user: User | null, id = String(group.id)) => call(joinRoute, `/api/groups/${id}/join`, { id }, user, post);
  const leave = (user: User | null, id = String(group.id)) => call(leaveRoute, `/api/groups/${id}/leave`, { id }, user, post);

  beforeAll(async () => {
    group = await createGroup({ creator, name: `Joinable ${unique()}` });
  });

  it("answers 401 to visitors and 404 for unknown groups", async () => {
    expect((await join(null)).status).toBe(401);
    expect((await leave(null)).status).toBe(401);
    expect(await join(outsider, "999999999")).toMatchObject({ status: 404, body: { message: "Group not found" } });
    expect(await leave(outsider, "abc")).toMatchObject({ status: 404, body: { message: "Group not found" } });
  });

  it("joins a public group, then answers 409 to a second join", async () => {
    const { status, body } = await join(outsider);
    expect(status).toBe(200);
    expect(keys(body)).toEqual(MEMBERSHIP_KEYS);
    expect(body.status).toBe("joined");
    expect(body.message).toBe("Joined group successfully!");
    expect(keys(body.group)).toEqual(GROUP_KEYS);
    expect(body.group).toMatchObject({ id: group.id, isMember: true, memberCount: 2 });
    expect(await join(outsider)).toMatchObject({ status: 409, body: { message: "You are already a member of this group" } });
    expect(await join(creator)).toMatchObject({ status: 409, body: { message: "You are already a member of this group" } });
  });

  it("leaves a group, then answers 409; the creator cannot leave (403)", async () => {
    const { status, body } = await leave(outsider);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "left", message: "Left group successfully!", group: { isMember: false, memberCount: 1 } });
    expect(await leave(outsider)).toMatchObject({ status: 409, body: { message: "You are not a member of this group" } });
    expect(await leave(creator)).toMatchObject({ status: 403, body: { message: "The creator of a group cannot leave it" } });
    expect(await groupCountersOf(group.id)).toEqual({ stored: { memberCount: 1, questionCount: 0 }, recounted: { memberCount: 1, questionCount: 0 } });
  });

  it("keeps one row and an exact count under 50 simultaneous joins by one member", async () => {
    const someone = await createUser({ tag: "eager" });
    const results = await Promise.all(Array.from({ length: 50 }, () => join(someone)));
    for (const { status } of results) expect([200, 409]).toContain(status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: someone.id } })).toBe(1);
    const counters = await groupCountersOf(group.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored.memberCount).toBe(2);
    await leave(someone);
  });

  it("keeps the member count exact while many members join and leave at once", async () => {
    const crowd = await Promise.all(Array.from({ length: 24 }, (_, i) => createUser({ tag: `crowd${i}` })));
    await Promise.all(crowd.slice(0, 12).map((user) => join(user)));
    const before = (await groupCountersOf(group.id)).stored.memberCount;
    // The first 12 leave (twice each) while the other 12 join (twice each), all at once.
    await Promise.all([
      ...crowd.slice(0, 12).flatMap((user) => [leave(user), leave(user)]),
      ...crowd.slice(12).flatMap((user) => [join(user), join(user)]),
    ]);
    const counters = await groupCountersOf(group.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored.memberCount).toBe(before);
  });
});

describe("private groups: requests, approval and decline", () => {
  let group: { id: number; name: string };
  const join = (user: User | null) => call(joinRoute, `/api/groups/${group.id}/join`, { id: String(group.id) }, user, post);
  const withdraw = (user: User | null) => call(withdrawRoute, `/api/groups/${group.id}/join`, { id: String(group.id) }, user, { method: "DELETE" });
  const requests = (user: User | null, id = String(group.id)) => call(requestsRoute, `/api/groups/${id}/requests`, { id }, user);
  const decide = (route: Handler, verb: string, user: User | null, userId: string, id = String(group.id)) =>
    call(route, `/api/groups/${id}/requests/${userId}/${verb}`, { id, userId }, user, post);
  const approve = (user: User | null, userId: string, id?: string) => decide(approveRoute, "approve", user, userId, id);
  const decline = (user: User | null, userId: string, id?: string) => decide(declineRoute, "decline", user, userId, id);

  beforeAll(async () => {
    group = await createGroup({ creator, members: [member], isPrivate: true, name: `Closed ${unique()}` });
    await createQuestion({ author: creator, group });
  });

  it("turns a join into a request, once however often it is asked", async () => {
    const { status, body } = await join(requester);
    expect(status).toBe(200);
    expect(body.status).toBe("requested");
    expect(body.message).toBe("Your request to join has been sent. The group's creator will approve or decline it.");
    expect(body.group).toMatchObject({ isMember: false, hasRequested: true, memberCount: 2 });
    await Promise.all(Array.from({ length: 50 }, () => join(requester)));
    expect(await db.groupJoinRequest.count({ where: { groupId: group.id, userId: requester.id } })).toBe(1);
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: requester.id } })).toBe(0);
    // The creator is told once, with a link to the group page.
    const told = await db.notification.findMany({ where: { userId: creator.id, actorId: requester.id, link: `/groups/${group.id}` } });
    expect(told).toHaveLength(1);
  });

  it("lets a member withdraw their request", async () => {
    const other = await createUser({ tag: "withdrawer" });
    await join(other);
    const { status, body } = await withdraw(other);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "withdrawn", group: { hasRequested: false, isMember: false } });
    expect(await db.groupJoinRequest.count({ where: { groupId: group.id, userId: other.id } })).toBe(0);
    expect((await withdraw(null)).status).toBe(401);
  });

  it("shows the requests to the creator only", async () => {
    expect((await requests(null)).status).toBe(401);
    expect(await requests(member)).toMatchObject({ status: 403, body: { message: "Only the creator of this group can review join requests" } });
    expect(await requests(requester)).toMatchObject({ status: 403 });
    expect(await requests(creator, "999999999")).toMatchObject({ status: 404, body: { message: "Group not found" } });
    const { status, body, res } = await requests(creator);
    expect(status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    expect(body).toHaveLength(1);
    expect(keys(body[0])).toEqual(JOIN_REQUEST_KEYS);
    expect(body[0]).toMatchObject({ groupId: group.id, userId: requester.id, user: { id: requester.id } });
    expect(body[0].user.email).toBeUndefined();
  });

  it("lets only the creator approve or decline (401, 403, 404)", async () => {
    expect((await approve(null, requester.id)).status).toBe(401);
    expect(await approve(member, requester.id)).toMatchObject({ status: 403, body: { message: "Only the creator of this group can review join requests" } });
    expect(await decline(requester, requester.id)).toMatchObject({ status: 403 });
    expect(await approve(creator, outsider.id)).toMatchObject({ status: 404, body: { message: "Join request not found" } });
    expect(await decline(creator, "not a member id")).toMatchObject({ status: 404, body: { message: "Join request not found" } });
    expect(await approve(creator, requester.id, "999999999")).toMatchObject({ status: 404, body: { message: "Group not found" } });
  });

  it("approves a request: the member is in, once, with an exact count, and sees the content", async () => {
    const questionsOf = (user: User) => call(groupQuestionsRoute, `/api/groups/${group.id}/questions`, { id: String(group.id) }, user);
    expect((await questionsOf(requester)).status).toBe(403);
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(creator, requester.id)));
    for (const { status, body } of results) {
      expect(status).toBe(200);
      expect(keys(body)).toEqual(DECISION_KEYS);
      expect(body).toMatchObject({ userId: requester.id, status: "approved" });
    }
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: requester.id } })).toBe(1);
    expect(await db.groupJoinRequest.count({ where: { groupId: group.id } })).toBe(0);
    const counters = await groupCountersOf(group.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored.memberCount).toBe(3);
    expect((await questionsOf(requester)).status).toBe(200);
    // The member is told once that they are in.
    expect(await db.notification.count({ where: { userId: requester.id, actorId: creator.id, link: `/groups/${group.id}` } })).toBe(1);
  });

  it("declines a request: no membership, and a second decline is 404", async () => {
    const hopeful = await createUser({ tag: "hopeful" });
    await createJoinRequest({ group, user: hopeful });
    const { status, body } = await decline(creator, hopeful.id);
    expect(status).toBe(200);
    expect(body).toEqual({ userId: hopeful.id, status: "declined", memberCount: 3 });
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: hopeful.id } })).toBe(0);
    expect(await decline(creator, hopeful.id)).toMatchObject({ status: 404, body: { message: "Join request not found" } });
    // They may ask again.
    expect((await join(hopeful)).body.status).toBe("requested");
  });
});

describe("PATCH /api/groups/{id}", () => {
  let group: { id: number; name: string };
  const patch = (user: User | null, json: unknown, id = String(group.id)) => call(patchRoute, `/api/groups/${id}`, { id }, user, { method: "PATCH", json });

  beforeAll(async () => {
    group = await createGroup({ creator, members: [member], name: `Editable ${unique()}` });
  });

  it("answers 401, 404, and 403 for anyone but the creator", async () => {
    expect((await patch(null, { name: "X" })).status).toBe(401);
    expect(await patch(creator, { name: "X" }, "999999999")).toMatchObject({ status: 404, body: { message: "Group not found" } });
    expect(await patch(member, { name: "X" })).toMatchObject({ status: 403, body: { message: "Only the creator of this group can edit it" } });
    expect(await patch(outsider, { name: "X" })).toMatchObject({ status: 403 });
  });

  it.each([
    ["Group name is required", { name: "" }],
    ["Group name must be 100 characters or less", { name: "n".repeat(101) }],
    ["Description must be 500 characters or less", { description: "d".repeat(501) }],
    ["Rules must be 1000 characters or less", { rules: "r".repeat(1001) }],
    ["Profile image must be a valid URL", { profileImageUrl: "data:image/png;base64,AAAA" }],
    ["Header image must be a valid URL", { headerImageUrl: "//evil.example.com/a.png" }],
  ])("answers 400 %s", async (message, json) => {
    expect(await patch(creator, json)).toMatchObject({ status: 400, body: { message } });
  });

  it("changes the fields given and keeps the others", async () => {
    const full = await patch(creator, {
      name: "Renamed group",
      description: "New description",
      rules: "Be kind",
      profileImageUrl: "https://example.com/p.png",
      headerImageUrl: "http://example.com/h.jpg",
      isPrivate: false,
    });
    expect(full.status).toBe(200);
    expect(keys(full.body)).toEqual(GROUP_KEYS);
    expect(full.body).toMatchObject({ name: "Renamed group", description: "New description", rules: "Be kind", headerImageUrl: "http://example.com/h.jpg" });
    const partial = await patch(creator, { description: "" });
    expect(partial.body).toMatchObject({ name: "Renamed group", description: null, rules: "Be kind", profileImageUrl: "https://example.com/p.png" });
  });

  it("lets in everyone who had asked when a private group becomes public", async () => {
    await patch(creator, { isPrivate: true });
    const asker = await createUser({ tag: "asker" });
    await createJoinRequest({ group, user: asker });
    const { body } = await patch(creator, { isPrivate: false });
    expect(body).toMatchObject({ isPrivate: false, memberCount: 3 });
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: asker.id } })).toBe(1);
    expect(await db.groupJoinRequest.count({ where: { groupId: group.id } })).toBe(0);
    const counters = await groupCountersOf(group.id);
    expect(counters.stored).toEqual(counters.recounted);
  });
});

describe("a private group's content is hidden from non-members everywhere", () => {
  const summaries = async (route: Handler, url: string, user: User | null, params: Record<string, string> = {}) => {
    const { status, body } = await call(route, url, params, user);
    expect(status).toBe(200);
    return ids(body);
  };

  beforeAll(async () => {
    // The outsider follows the tag and the author, so the feed would show it if it could.
    await db.tagFollow.create({ data: { userId: outsider.id, tagId: tag.id } });
    await db.userFollow.create({ data: { followerId: outsider.id, followingId: creator.id } });
    await db.tagFollow.create({ data: { userId: member.id, tagId: tag.id } });
  });

  it("the question page (GET /api/questions/{id}) is 404 for visitors and non-members", async () => {
    const id = String(secretQuestion.id);
    for (const user of [null, outsider]) {
      expect(await call(questionRoute, `/api/questions/${id}`, { id }, user)).toMatchObject({ status: 404, body: { message: "Question not found" } });
    }
    expect((await call(questionRoute, `/api/questions/${id}`, { id }, member)).status).toBe(200);
  });

  it("answers and comments under it are 404 for non-members", async () => {
    const id = String(secretQuestion.id);
    expect((await call(answerRoute, `/api/questions/${id}/answers`, { id }, outsider, { method: "POST", json: { content: "Sneaky answer from outside the group" } })).status).toBe(404);
    const answerId = String(secretAnswer.id);
    expect((await call(commentRoute, `/api/answers/${answerId}/comments`, { id: answerId }, outsider, { method: "POST", json: { content: "Sneaky" } })).status).toBe(404);
  });

  it("the question lists (GET /api/questions) leave it out for non-members", async () => {
    const url = "/api/questions?limit=100";
    expect(await summaries(questionsListRoute, url, outsider)).not.toContain(secretQuestion.id);
    expect(await summaries(questionsListRoute, url, null)).not.toContain(secretQuestion.id);
    expect(await summaries(questionsListRoute, url, member)).toContain(secretQuestion.id);
    expect(await summaries(questionsListRoute, `${url}&tag=${tag.name}`, outsider)).toEqual([openQuestion.id]);
  });

  it("search (GET /api/search) finds it for members only", async () => {
    expect(await summaries(searchRoute, `/api/search?q=${word}`, outsider)).toEqual([openQuestion.id]);
    expect(await summaries(searchRoute, `/api/search?q=${word}`, null)).toEqual([openQuestion.id]);
    expect((await summaries(searchRoute, `/api/search?q=${word}`, member)).sort()).toEqual([openQuestion.id, secretQuestion.id].sort());
  });

  it("tag pages (GET /api/tags/{id}/questions) list it for members only", async () => {
    const params = { id: String(tag.id) };
    const url = `/api/tags/${tag.id}/questions`;
    expect(await summaries(tagQuestionsRoute, url, outsider, params)).toEqual([openQuestion.id]);
    expect((await summaries(tagQuestionsRoute, url, member, params)).sort()).toEqual([openQuestion.id, secretQuestion.id].sort());
  });

  it("the following feed (GET /api/feed) leaves it out for non-members who follow its tag and author", async () => {
    expect(await summaries(feedRoute, "/api/feed?limit=100", outsider)).not.toContain(secretQuestion.id);
    expect(await summaries(feedRoute, "/api/feed?limit=100", member)).toContain(secretQuestion.id);
  });

  it("trending leaves it out for non-members even when it is the hottest question", async () => {
    await db.question.update({ where: { id: secretQuestion.id }, data: { answerCount: 90_000, voteScore: 900_000, viewCount: 9_000_000, lastActivityAt: new Date() } });
    try {
      expect(await summaries(trendingRoute, "/api/questions/trending", outsider)).not.toContain(secretQuestion.id);
      expect(await summaries(trendingRoute, "/api/questions/trending", null)).not.toContain(secretQuestion.id);
      expect(await summaries(trendingRoute, "/api/questions/trending", member)).toContain(secretQuestion.id);
    } finally {
      await db.question.update({ where: { id: secretQuestion.id }, data: { answerCount: 1, voteScore: 0, viewCount: 0 } });
    }
  });

  it("the sitemap never lists it", async () => {
    const listed = (await listSitemapQuestions()).map((q) => q.id);
    expect(listed).toContain(openQuestion.id);
    expect(listed).not.toContain(secretQuestion.id);
  });

  it("only members may post in a group (POST /api/questions with groupId)", async () => {
    const ask = (user: User, groupId: number) =>
      call(askRoute, "/api/questions", {}, user, { method: "POST", json: { title: `Posting into ${word} group`, tagIds: [tag.id], groupId } });
    expect((await ask(outsider, secretGroup.id)).status).toBe(403);
    expect((await ask(outsider, openGroup.id)).status).toBe(403);
    const { status, body } = await ask(member, secretGroup.id);
    expect(status).toBe(201);
    expect(body.group).toEqual({ id: secretGroup.id, name: secretGroup.name, isPrivate: true });
    const counters = await groupCountersOf(secretGroup.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored.questionCount).toBe(2);
  });

  it("leaving a private group hides its content again", async () => {
    const leaver = await createUser({ tag: "leaver" });
    await db.groupMember.create({ data: { groupId: secretGroup.id, userId: leaver.id } });
    await db.group.update({ where: { id: secretGroup.id }, data: { memberCount: { increment: 1 } } });
    const id = String(secretQuestion.id);
    expect((await call(questionRoute, `/api/questions/${id}`, { id }, leaver)).status).toBe(200);
    expect((await call(leaveRoute, `/api/groups/${secretGroup.id}/leave`, { id: String(secretGroup.id) }, leaver, post)).status).toBe(200);
    expect((await call(questionRoute, `/api/questions/${id}`, { id }, leaver)).status).toBe(404);
    expect((await call(groupQuestionsRoute, `/api/groups/${secretGroup.id}/questions`, { id: String(secretGroup.id) }, leaver)).status).toBe(403);
  });
});
