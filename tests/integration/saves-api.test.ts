/** @jest-environment node */
import { db } from "@/lib/server/db";
import { GET as savedRoute } from "@/app/api/questions/[id]/saved/route";
import { DELETE as unsaveRoute, POST as saveRoute } from "@/app/api/questions/[id]/save/route";
import { GET as listRoute } from "@/app/api/questions/route";
import { GET as detailRoute } from "@/app/api/questions/[id]/route";
import { createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;

async function call(route: Handler, id: number | string, user: { id: string } | null, method = "GET", path = "save") {
  const url = `/api/questions/${id}/${path}`;
  const req = user ? await signedInRequest(user, url, { method }) : visitorRequest(url, { method });
  const res = await route(req, routeContext({ id: String(id) }));
  return { res, body: await res.json() };
}

const saved = (id: number | string, user: { id: string } | null) => call(savedRoute, id, user, "GET", "saved");
const save = (id: number | string, user: { id: string } | null) => call(saveRoute, id, user, "POST");
const unsave = (id: number | string, user: { id: string } | null) => call(unsaveRoute, id, user, "DELETE");
const rows = (questionId: number, userId: string) => db.savedQuestion.count({ where: { questionId, userId } });

let author: { id: string };
let member: { id: string };
let outsider: { id: string };
let question: { id: number };
let hidden: { id: number };

beforeAll(async () => {
  author = await createUser({ tag: "saver-author" });
  member = await createUser({ tag: "saver" });
  outsider = await createUser({ tag: "outsider" });
  const secret = await createGroup({ creator: author, members: [member], isPrivate: true });
  question = await createQuestion({ author });
  hidden = await createQuestion({ author, group: secret });
});

afterAll(async () => {
  await db.$disconnect();
});

describe("GET /api/questions/:id/saved", () => {
  it("answers { saved: false } to visitors and to members who have not saved it", async () => {
    expect(await saved(question.id, null)).toMatchObject({ body: { saved: false } });
    const { res, body } = await saved(question.id, outsider);
    expect(res.status).toBe(200);
    expect(body).toEqual({ saved: false });
  });

  it.each(["abc", "-1", "0", "99999999999", "2000000000"])("answers 404 'Question not found' for id %s", async (id) => {
    const { res, body } = await saved(id, member);
    expect(res.status).toBe(404);
    expect(body.message).toBe("Question not found");
  });

  it("answers 404 for a private-group question to visitors and outsiders", async () => {
    expect((await saved(hidden.id, null)).res.status).toBe(404);
    expect((await saved(hidden.id, outsider)).res.status).toBe(404);
    expect((await saved(hidden.id, member)).res.status).toBe(200);
  });
});

describe("POST and DELETE /api/questions/:id/save", () => {
  it("answers 401 Unauthorized to visitors", async () => {
    for (const call of [save, unsave]) {
      const { res, body } = await call(question.id, null);
      expect(res.status).toBe(401);
      expect(body.message).toContain("Unauthorized");
    }
  });

  it("answers 404 for missing and hidden questions", async () => {
    for (const call of [save, unsave]) {
      expect((await call(2_000_000_000, member)).res.status).toBe(404);
      expect((await call("x", member)).res.status).toBe(404);
      expect((await call(hidden.id, outsider)).res.status).toBe(404);
    }
    expect(await rows(hidden.id, outsider.id)).toBe(0);
  });

  it("saves and unsaves idempotently, and the saved flag follows everywhere", async () => {
    const user = await createUser({ tag: "saver" });
    const tag = await createTag();
    const q = await createQuestion({ author, tags: [tag] });

    const first = await save(q.id, user);
    expect(first.res.status).toBe(200);
    expect(first.body).toEqual({ saved: true });
    expect((await save(q.id, user)).body).toEqual({ saved: true });
    expect(await rows(q.id, user.id)).toBe(1);
    expect((await saved(q.id, user)).body).toEqual({ saved: true });

    const list = await listRoute(await signedInRequest(user, `/api/questions?tag=${tag.name}`), routeContext());
    expect((await list.json())[0].saved).toBe(true);
    const detail = await detailRoute(await signedInRequest(user, `/api/questions/${q.id}`), routeContext({ id: String(q.id) }));
    expect((await detail.json()).saved).toBe(true);
    const othersList = await listRoute(await signedInRequest(member, `/api/questions?tag=${tag.name}`), routeContext());
    expect((await othersList.json())[0].saved).toBe(false);

    expect((await unsave(q.id, user)).body).toEqual({ saved: false });
    expect((await unsave(q.id, user)).body).toEqual({ saved: false });
    expect(await rows(q.id, user.id)).toBe(0);
    expect((await saved(q.id, user)).body).toEqual({ saved: false });
  });

  it("lets group members save private-group questions", async () => {
    expect((await save(hidden.id, member)).body).toEqual({ saved: true });
    expect((await saved(hidden.id, member)).body).toEqual({ saved: true });
  });

  it("keeps one row for 50 simultaneous saves, each answering { saved: true }", async () => {
    const user = await createUser({ tag: "eager-saver" });
    const q = await createQuestion({ author });
    const results = await Promise.all(Array.from({ length: 50 }, () => save(q.id, user)));
    for (const { res, body } of results) {
      expect(res.status).toBe(200);
      expect(body).toEqual({ saved: true });
    }
    expect(await rows(q.id, user.id)).toBe(1);
    const removals = await Promise.all(Array.from({ length: 50 }, () => unsave(q.id, user)));
    for (const { body } of removals) expect(body).toEqual({ saved: false });
    expect(await rows(q.id, user.id)).toBe(0);
  });
});
