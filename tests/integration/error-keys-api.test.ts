/** @jest-environment node */
// The API's error JSON carries the error catalogue's `key` and `params` (issue 15) beside the
// unchanged English `message` and the coarse `code` that clients and tests depend on.
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { POST as createRoute } from "@/app/api/questions/route";
import { GET as getRoute } from "@/app/api/questions/[id]/route";
import { createTag, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

const post = async (user: { id: string } | null, json: unknown) => {
  const req = user ? await signedInRequest(user, "/api/questions", { method: "POST", json }) : visitorRequest("/api/questions", { method: "POST", json });
  const res = await createRoute(req, routeContext());
  return { res, body: await res.json() };
};

describe("error keys in the API's error JSON (issue 15)", () => {
  it("a 400 for a short title names its key; code and English message are unchanged; each issue has its own key", async () => {
    const user = await createUser({ tag: "asker" });
    const { res, body } = await post(user, { title: "Too short", tagIds: [1] });
    expect(res.status).toBe(400);
    expect(body).toEqual({
      message: "Title must be at least 10 characters",
      code: "bad_request",
      key: "questionTitleTooShort",
      params: {},
      issues: [{ path: "title", message: "Title must be at least 10 characters", key: "questionTitleTooShort", params: {} }],
    });
  });

  it("a message with a number carries it in params", async () => {
    const user = await createUser({ tag: "asker" });
    const { res, body } = await post(user, { title: "A perfectly fine title", tagIds: [1, 2, 3, 4, 5, 6] });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ message: "Please select at most 5 tags", code: "bad_request", key: "tooManyTags", params: { max: "5" } });
  });

  it("a formatted number is a number in params (the interface formats it in the reader's language)", async () => {
    const tag = await createTag();
    const user = await createUser({ tag: "asker" });
    const { res, body } = await post(user, { title: "A perfectly fine title", tagIds: [tag.id], description: "x".repeat(20_001) });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ message: "Description must not exceed 20,000 characters", code: "bad_request", key: "questionDescriptionTooLong", params: { max: 20000 } });
  });

  it("AppErrors too: 401 for a visitor and 404 for a missing question keep their code and message", async () => {
    const visitor = await post(null, { title: "A perfectly fine title", tagIds: [1] });
    expect(visitor.res.status).toBe(401);
    expect(visitor.body).toEqual({ message: "Unauthorized", code: "unauthorized", key: "unauthorized", params: {} });

    const missing = await getRoute(visitorRequest("/api/questions/2000000000"), routeContext({ id: "2000000000" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Question not found", code: "not_found", key: "questionNotFound", params: {} });
  });
});
