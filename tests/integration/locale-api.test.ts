/** @jest-environment node */
import { db } from "@/lib/server/db";
import { POST as localeRoute } from "@/app/api/locale/route";
import { PATCH as preferencesRoute } from "@/app/api/users/settings/preferences/route";
import { createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;

async function call(route: Handler, url: string, user: { id: string } | null, init: { method?: string; json?: unknown }) {
  const req = user ? await signedInRequest(user, url, init) : visitorRequest(url, init);
  const res = await route(req, routeContext({}));
  return { res, body: (await res.json()) as Record<string, unknown> };
}

async function storedLanguage(userId: string): Promise<unknown> {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { preferences: true } });
  return (row.preferences as { language?: unknown } | null)?.language;
}

describe("POST /api/locale (the language menu, issue 15)", () => {
  it("remembers a visitor's language in a year-long cookie, and saves nothing", async () => {
    const { res, body } = await call(localeRoute, "http://localhost/api/locale", null, { method: "POST", json: { locale: "de" } });
    expect(res.status).toBe(200);
    expect(body).toEqual({ locale: "de" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^agora-locale=de; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/); // the language is no secret
  });

  it("saves a member's choice as their language preference", async () => {
    const member = await createUser();
    const { res } = await call(localeRoute, "http://localhost/api/locale", member, { method: "POST", json: { locale: "fr" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^agora-locale=fr;/);
    expect(await storedLanguage(member.id)).toBe("fr");
  });

  it.each([{ locale: "xx" }, { locale: "" }, { locale: 3 }, {}, { locale: "en-US" }])("refuses %j with the settings' message", async (json) => {
    const { res, body } = await call(localeRoute, "http://localhost/api/locale", null, { method: "POST", json });
    expect(res.status).toBe(400);
    expect(body.message).toBe("Language must be en, es, fr or de");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("a language saved in Settings also goes into the cookie, so the site keeps it after signing out", async () => {
    const member = await createUser();
    const { res } = await call(preferencesRoute, "http://localhost/api/users/settings/preferences", member, { method: "PATCH", json: { language: "es" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^agora-locale=es;/);
    const other = await call(preferencesRoute, "http://localhost/api/users/settings/preferences", member, { method: "PATCH", json: { theme: "dark" } });
    expect(other.res.headers.get("set-cookie")).toBeNull();
  });
});
