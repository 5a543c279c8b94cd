/** @jest-environment node */
// Push subscriptions (issue 15): GET /api/push/public-key, POST and DELETE /api/push/subscriptions:
// validation of the browser's PushSubscription JSON, the per-member device limit, sign-in,
// ownership (a member forgets only their own browsers), an endpoint passing to another account,
// and push unavailable without VAPID keys.
import { db } from "@/lib/server/db";
import { GET as publicKeyRoute } from "@/app/api/push/public-key/route";
import { DELETE as unsubscribeRoute, POST as subscribeRoute } from "@/app/api/push/subscriptions/route";
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from "@/lib/validation/push";
import { createUser, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";
import { createBrowserKeys, withVapidKeys } from "@/tests/support/fake-push-service";

type User = { id: string };
const vapid = withVapidKeys();

afterAll(async () => {
  await db.$disconnect();
});

async function call(route: (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>, method: string, user: User | null, json?: unknown) {
  const init = { method, ...(json !== undefined ? { json } : {}) };
  const req = user ? await signedInRequest(user, "/api/push/subscriptions", init) : visitorRequest("/api/push/subscriptions", init);
  const res = await route(req, routeContext());
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A browser's PushSubscription.toJSON() with an endpoint of its own on a public push service. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${unique()}${unique()}`) {
  const keys = createBrowserKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

const subscribe = (user: User | null, body: unknown) => call(subscribeRoute, "POST", user, body);
const unsubscribe = (user: User | null, body: unknown) => call(unsubscribeRoute, "DELETE", user, body);
const storedFor = (user: User) => db.pushSubscription.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });

describe("GET /api/push/public-key", () => {
  it("gives anyone the server's VAPID public key", async () => {
    const res = await publicKeyRoute(visitorRequest("/api/push/public-key"), routeContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ available: true, publicKey: vapid.publicKey });
  });

  it("says push is unavailable when no keys are configured, and subscribing answers 503", async () => {
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    try {
      const res = await publicKeyRoute(visitorRequest("/api/push/public-key"), routeContext());
      expect(await res.json()).toEqual({ available: false, publicKey: null });
      const member = await createUser();
      const { status, body } = await subscribe(member, browserSubscription());
      expect(status).toBe(503);
      expect(body).toEqual({ message: "Push notifications are not available on this server", code: "service_unavailable", key: "pushUnavailable", params: {} });
      expect(await storedFor(member)).toHaveLength(0);
    } finally {
      process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
      process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    }
  });
});

describe("POST /api/push/subscriptions", () => {
  it("answers 401 to visitors and stores nothing", async () => {
    const body = browserSubscription();
    const { status } = await subscribe(null, body);
    expect(status).toBe(401);
    expect(await db.pushSubscription.count({ where: { endpoint: body.endpoint } })).toBe(0);
  });

  it("stores the browser's subscription (201), and the same endpoint again updates it (200)", async () => {
    const member = await createUser();
    const body = browserSubscription();
    const first = await subscribe(member, body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), created: true });
    const [stored] = await storedFor(member);
    expect(stored).toMatchObject({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });

    const renewed = { ...body, keys: browserSubscription().keys };
    const again = await subscribe(member, renewed);
    expect(again).toEqual({ status: 200, body: { id: first.body.id, created: false } });
    expect(await storedFor(member)).toEqual([expect.objectContaining({ id: first.body.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth })]);
  });

  it("accepts keys in padded standard base64 too, and stores them as base64url", async () => {
    const member = await createUser();
    const body = browserSubscription();
    const p256dh = Buffer.from(body.keys.p256dh, "base64url").toString("base64");
    const auth = Buffer.from(body.keys.auth, "base64url").toString("base64");
    expect((await subscribe(member, { ...body, keys: { p256dh, auth } })).status).toBe(201);
    expect(await storedFor(member)).toEqual([expect.objectContaining({ p256dh: body.keys.p256dh, auth: body.keys.auth })]);
  });

  it.each([
    ["no body (read as {})", undefined, "endpoint must be the https:// URL of a push service"],
    ["an array", [], "Request body must be a JSON object"],
    ["no endpoint", { keys: browserSubscription().keys }, "endpoint must be the https:// URL of a push service"],
    ["a plain http endpoint", { ...browserSubscription("http://push.example.com/send/abc") }, "endpoint must be the https:// URL of a push service"],
    ["an IP address endpoint", { ...browserSubscription("https://10.0.0.5/send/abc") }, "endpoint must be the https:// URL of a push service"],
    ["an IPv6 endpoint", { ...browserSubscription("https://[::1]/send/abc") }, "endpoint must be the https:// URL of a push service"],
    ["a single-label host", { ...browserSubscription("https://intranet/send/abc") }, "endpoint must be the https:// URL of a push service"],
    ["a .internal host", { ...browserSubscription("https://metadata.google.internal/computeMetadata") }, "endpoint must be the https:// URL of a push service"],
    ["another port", { ...browserSubscription("https://push.example.com:8443/send/abc") }, "endpoint must be the https:// URL of a push service"],
    ["credentials in the URL", { ...browserSubscription("https://user:pw@push.example.com/send/abc") }, "endpoint must be the https:// URL of a push service"],
    ["not a URL", { ...browserSubscription("push service") }, "endpoint must be the https:// URL of a push service"],
    ["a too long endpoint", { ...browserSubscription(`https://push.example.com/${"a".repeat(1024)}`) }, "endpoint must be at most 1024 characters"],
    ["no keys", { endpoint: "https://push.example.com/send/abc" }, "keys must hold p256dh and auth"],
    ["a short p256dh", { endpoint: "https://push.example.com/send/abc", keys: { ...browserSubscription().keys, p256dh: Buffer.alloc(33, 4).toString("base64url") } }, "keys.p256dh must be the browser's P-256 public key (base64url, 65 bytes)"],
    ["a compressed p256dh", { endpoint: "https://push.example.com/send/abc", keys: { ...browserSubscription().keys, p256dh: Buffer.alloc(65, 2).toString("base64url") } }, "keys.p256dh must be the browser's P-256 public key (base64url, 65 bytes)"],
    ["a long auth", { endpoint: "https://push.example.com/send/abc", keys: { ...browserSubscription().keys, auth: Buffer.alloc(32).toString("base64url") } }, "keys.auth must be the browser's authentication secret (base64url, 16 bytes)"],
    ["an auth with other characters", { endpoint: "https://push.example.com/send/abc", keys: { ...browserSubscription().keys, auth: "not*base64!!!!!!!!!!!!" } }, "keys.auth must be the browser's authentication secret (base64url, 16 bytes)"],
  ])("answers 400 for %s", async (_name, body, message) => {
    const member = await createUser();
    const { status, body: answer } = await subscribe(member, body);
    expect(status).toBe(400);
    expect(answer.message).toBe(message);
    expect(await storedFor(member)).toHaveLength(0);
  });

  it("refuses a body over 4 KB (413)", async () => {
    const member = await createUser();
    const { status } = await subscribe(member, { ...browserSubscription(), padding: "x".repeat(5000) });
    expect(status).toBe(413);
  });

  it("keeps at most 10 browsers per member: an 11th replaces the one least recently used", async () => {
    const member = await createUser();
    const endpoints: string[] = [];
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_MEMBER; i++) {
      const body = browserSubscription();
      endpoints.push(body.endpoint);
      expect((await subscribe(member, body)).status).toBe(201);
    }
    // The first browser comes back (the settings page refreshes it): now the second is the oldest.
    expect((await subscribe(member, browserSubscription(endpoints[0]))).status).toBe(200);
    const eleventh = browserSubscription();
    expect((await subscribe(member, eleventh)).status).toBe(201);
    const stored = (await storedFor(member)).map((s) => s.endpoint);
    expect(stored).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    expect(stored).toContain(endpoints[0]);
    expect(stored).toContain(eleventh.endpoint);
    expect(stored).not.toContain(endpoints[1]);
  });

  it("passes an endpoint to the member now signed in on that browser, dropping what was queued for the other", async () => {
    const ada = await createUser();
    const bob = await createUser();
    const body = browserSubscription();
    const { body: first } = await subscribe(ada, body);
    await db.pushOutbox.create({ data: { subscriptionId: first.id, userId: ada.id, payload: "{}" } });

    const { status, body: second } = await subscribe(bob, body);
    expect(status).toBe(201);
    expect(second.id).not.toBe(first.id);
    expect(await storedFor(ada)).toHaveLength(0);
    expect(await storedFor(bob)).toEqual([expect.objectContaining({ endpoint: body.endpoint })]);
    expect(await db.pushOutbox.count({ where: { subscriptionId: first.id } })).toBe(0);
  });

  it("with ?refresh=1 refreshes only a browser the member already has: never creates one, never takes one over (404)", async () => {
    const ada = await createUser();
    const bob = await createUser();
    const body = browserSubscription();
    const refresh = async (user: User) => {
      const req = await signedInRequest(user, "/api/push/subscriptions?refresh=1", { method: "POST", json: body });
      const res = await subscribeRoute(req, routeContext());
      return { status: res.status, body: await res.json() };
    };
    expect(await refresh(ada)).toEqual({ status: 404, body: { message: "Push subscription not found", code: "not_found", key: "pushSubscriptionNotFound", params: {} } });
    expect(await storedFor(ada)).toHaveLength(0);
    const { body: created } = await subscribe(ada, body);
    expect(await refresh(ada)).toEqual({ status: 200, body: { id: created.id, created: false } });
    // Bob signed in on Ada's browser: the Settings page's refresh does not make it his.
    expect((await refresh(bob)).status).toBe(404);
    expect(await storedFor(ada)).toHaveLength(1);
    expect(await storedFor(bob)).toHaveLength(0);
  });

  it("is refused to a suspended member (403)", async () => {
    const member = await createUser();
    await db.user.update({ where: { id: member.id }, data: { suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: "Spam" } });
    const { status, body } = await subscribe(member, browserSubscription());
    expect(status).toBe(403);
    expect(body.code).toBe("suspended");
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("forgets the member's own browser (204) and then knows it no more (404)", async () => {
    const member = await createUser();
    const body = browserSubscription();
    await subscribe(member, body);
    expect((await unsubscribe(member, { endpoint: body.endpoint })).status).toBe(204);
    expect(await storedFor(member)).toHaveLength(0);
    const again = await unsubscribe(member, { endpoint: body.endpoint });
    expect(again).toEqual({ status: 404, body: { message: "Push subscription not found", code: "not_found", key: "pushSubscriptionNotFound", params: {} } });
  });

  it("never deletes another member's browser: 404, and it stays", async () => {
    const ada = await createUser();
    const eve = await createUser();
    const body = browserSubscription();
    await subscribe(ada, body);
    expect((await unsubscribe(eve, { endpoint: body.endpoint })).status).toBe(404);
    expect(await storedFor(ada)).toHaveLength(1);
  });

  it("answers 401 to visitors and 400 without an endpoint", async () => {
    expect((await unsubscribe(null, { endpoint: "https://push.example.com/x" })).status).toBe(401);
    const member = await createUser();
    const { status, body } = await unsubscribe(member, {});
    expect(status).toBe(400);
    expect(body.message).toBe("endpoint is required");
  });

  it("is allowed to a suspended member (their own device)", async () => {
    const member = await createUser();
    const body = browserSubscription();
    await subscribe(member, body);
    await db.user.update({ where: { id: member.id }, data: { suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: "Spam" } });
    expect((await unsubscribe(member, { endpoint: body.endpoint })).status).toBe(204);
  });

  it("goes with the account: deleting a member deletes their subscriptions", async () => {
    const member = await createUser();
    await subscribe(member, browserSubscription());
    await db.user.delete({ where: { id: member.id } });
    expect(await db.pushSubscription.count({ where: { userId: member.id } })).toBe(0);
  });
});
