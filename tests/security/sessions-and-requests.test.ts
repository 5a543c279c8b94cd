/** @jest-environment node */
// Weaknesses guarded against: cross-site request forgery (a page on another site making a
// member's browser change something), sessions that outlive sign-out or a password change,
// and session cookies readable by scripts, sent cross-site or sent over plain http.
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { CROSS_ORIGIN_MESSAGE } from "@/lib/server/origin";
import { unique } from "@/tests/factories";
import { callRoute, createMember, discoverRoutes, freshCookie, routeKey, WORLD_PASSWORD, type ApiRoute } from "@/tests/security/support";

let routes: ApiRoute[];
const route = (key: string) => {
  const found = routes.find((r) => routeKey(r) === key);
  if (!found) throw new Error(`No route ${key}`);
  return found;
};
const savedEnv = { nextauthUrl: process.env.NEXTAUTH_URL, appUrl: process.env.APP_URL };

beforeAll(async () => {
  routes = await discoverRoutes();
});

afterEach(() => {
  for (const [name, value] of [["NEXTAUTH_URL", savedEnv.nextauthUrl], ["APP_URL", savedEnv.appUrl]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

const ip = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}`;

describe("cross-site requests (CSRF)", () => {
  it.each(["https://evil.example", "null", "http://localhost.evil.example", "http://localhost:3000", "not a url"])(
    "refuses every POST, PUT, PATCH and DELETE of /api with Origin: %s (403, nothing done)",
    async (origin) => {
      const { user, cookie } = await createMember(`csrf-${unique()}`);
      const changing = routes.filter((r) => r.method !== "GET");
      expect(changing.length).toBeGreaterThan(30);
      const refused: string[] = [];
      for (const r of changing) {
        const params = Object.fromEntries(r.params.map((p) => (p.startsWith("...") ? [p.slice(3), ["callback", "credentials"]] : [p, "1"])));
        const res = await callRoute(r, {
          params,
          cookie,
          json: { content: "x" },
          headers: { origin, "x-forwarded-for": ip(), "content-type": r.path.startsWith("/api/auth/") ? "application/x-www-form-urlencoded" : "application/json" },
        });
        const message = res.text.startsWith("{") ? (JSON.parse(res.text) as { message?: string }).message : undefined;
        if (res.status !== 403 || message !== CROSS_ORIGIN_MESSAGE) refused.push(`${routeKey(r)}: ${res.status} ${res.text.slice(0, 80)}`);
      }
      expect(refused).toEqual([]);
      // The member is still signed in: even sign-out from another site did nothing.
      expect((await callRoute(route("GET /api/auth/user"), { cookie })).status).toBe(200);
      expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    },
  );

  it("accepts the same request from Agora's own pages, and from clients that send no Origin", async () => {
    const { cookie } = await createMember(`origin-${unique()}`);
    const create = route("POST /api/tags");
    const send = (headers: Record<string, string>) => callRoute(create, { cookie, json: { name: `t${unique()}` }, headers });
    expect((await send({ origin: "http://localhost" })).status).toBe(201); // Host: localhost
    expect((await send({})).status).toBe(201); // curl, schedulers, mobile clients
    expect((await send({ origin: "https://agora.example", "x-forwarded-host": "agora.example" })).status).toBe(201);
    expect((await send({ origin: "https://agora.example" })).status).toBe(403);
    process.env.APP_URL = "https://agora.example";
    expect((await send({ origin: "https://agora.example" })).status).toBe(201);
    delete process.env.APP_URL;
    process.env.NEXTAUTH_URL = "https://auth.agora.example";
    expect((await send({ origin: "https://auth.agora.example" })).status).toBe(201);
    expect((await send({ origin: "https://evil.example" })).status).toBe(403);
  });

  it("leaves reads alone: a GET with a foreign Origin is answered", async () => {
    const res = await callRoute(route("GET /api/tags"), { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });
});

describe("session revocation", () => {
  const whoAmI = (cookie: string) => callRoute(route("GET /api/auth/user"), { cookie });

  it("refuses the old cookie after sign-out (GET and POST /api/logout)", async () => {
    for (const key of ["GET /api/logout", "POST /api/logout"]) {
      const { user, cookie } = await createMember(`logout-${unique()}`);
      expect((await whoAmI(cookie)).status).toBe(200);
      const out = await callRoute(route(key), { cookie });
      expect(out.status).toBe(302);
      expect(out.headers.get("set-cookie")).toMatch(/next-auth\.session-token=;.*Max-Age=0/);
      expect((await whoAmI(cookie)).status).toBe(401);
      expect((await callRoute(route("POST /api/tags"), { cookie, json: { name: `t${unique()}` } })).status).toBe(401);
      expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    }
  });

  it("does not sign out when another website sends the browser to GET /api/logout (Sec-Fetch-Site: cross-site)", async () => {
    const { user, cookie } = await createMember(`logout-cross-${unique()}`);
    const out = await callRoute(route("GET /api/logout"), { cookie, headers: { "sec-fetch-site": "cross-site", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" } });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(out.headers.get("set-cookie")).toBeNull();
    expect((await whoAmI(cookie)).status).toBe(200);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it.each(["same-origin", "same-site", "none"])("signs out a navigation with Sec-Fetch-Site: %s", async (site) => {
    const { cookie } = await createMember(`logout-${site}-${unique()}`);
    const out = await callRoute(route("GET /api/logout"), { cookie, headers: { "sec-fetch-site": site, "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" } });
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toMatch(/next-auth\.session-token=;.*Max-Age=0/);
    expect((await whoAmI(cookie)).status).toBe(401);
  });

  it("refuses every old cookie after a password change, and accepts the new one it hands out", async () => {
    const { user, cookie } = await createMember(`pw-${unique()}`);
    const elsewhere = await freshCookie(user.id); // the same member signed in on another device
    const res = await callRoute(route("PATCH /api/users/change-password"), {
      cookie,
      json: { currentPassword: WORLD_PASSWORD, newPassword: "a brand new secret" },
    });
    expect(res.status).toBe(200);
    expect((await whoAmI(cookie)).status).toBe(401);
    expect((await whoAmI(elsewhere)).status).toBe(401);
    const fresh = res.headers.get("set-cookie")!.split(";")[0]!;
    expect((await whoAmI(fresh)).status).toBe(200);
  });

  it("refuses the old cookie after the account is deleted", async () => {
    const { cookie } = await createMember(`gone-${unique()}`);
    const res = await callRoute(route("DELETE /api/users/me"), { cookie, json: { confirmation: "DELETE" } });
    expect(res.status).toBe(204);
    expect((await whoAmI(cookie)).status).toBe(401);
  });

  it("refuses a forged or tampered cookie", async () => {
    const { cookie } = await createMember(`forged-${unique()}`);
    const [name, value] = cookie.split("=") as [string, string];
    const flipped = `${value.slice(0, -4)}${value.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect((await whoAmI(`${name}=${flipped}`)).status).toBe(401);
    expect((await whoAmI(`${name}=not-a-token`)).status).toBe(401);
  });
});

describe("session cookie attributes", () => {
  const attributesOf = (setCookie: string | null, name: RegExp) =>
    (setCookie ?? "").split(/,(?=\s*[^;=\s]+=)/).find((c) => name.test(c.trim().split("=")[0]!))?.trim() ?? "";

  const register = (headers: Record<string, string> = {}) =>
    callRoute(route("POST /api/register"), {
      json: { email: `cookie-${unique()}@example.com`, password: "long enough password" },
      headers: { "x-forwarded-for": ip(), ...headers },
    });

  it("sets an HttpOnly, SameSite=Lax session cookie without Secure over plain http", async () => {
    const res = await register();
    expect(res.status).toBe(201);
    const cookie = attributesOf(res.headers.get("set-cookie"), /^next-auth\.session-token$/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("marks it Secure (and __Secure- prefixed) when served over https, by a proxy's header or by NEXTAUTH_URL", async () => {
    for (const setUp of [() => ({ "x-forwarded-proto": "https" }), () => ((process.env.NEXTAUTH_URL = "https://agora.example"), {})]) {
      const res = await register(setUp());
      expect(res.status).toBe(201);
      const cookie = attributesOf(res.headers.get("set-cookie"), /^__Secure-next-auth\.session-token$/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Secure/);
    }
  });

  it("signs in through next-auth with the same attributes, Secure under an https NEXTAUTH_URL", async () => {
    for (const nextauthUrl of [undefined, "https://agora.example"]) {
      if (nextauthUrl) process.env.NEXTAUTH_URL = nextauthUrl;
      const { user } = await createMember(`signin-${unique()}`);
      const forwardedFor = ip();
      const csrf = await callRoute(route("GET /api/auth/[...nextauth]"), { params: { nextauth: ["csrf"] }, headers: { "x-forwarded-for": forwardedFor } });
      const csrfCookie = csrf.headers.get("set-cookie")!.split(";")[0]!;
      const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
      const res = await callRoute(route("POST /api/auth/[...nextauth]"), {
        params: { nextauth: ["callback", "credentials"] },
        cookie: csrfCookie,
        body: new URLSearchParams({ csrfToken, email: user.email, password: WORLD_PASSWORD, json: "true" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
      });
      expect(res.status).toBe(200);
      const session = attributesOf(res.headers.get("set-cookie"), /^(__Secure-)?next-auth\.session-token$/);
      expect(session).toMatch(/; HttpOnly/);
      expect(session).toMatch(/; SameSite=Lax/);
      if (nextauthUrl) expect(session).toMatch(/^__Secure-next-auth\.session-token=.*; Secure/);
      else expect(session).not.toMatch(/Secure/);
    }
  });
});
