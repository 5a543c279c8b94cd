import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./support";

// public/ (favicon, icons, web manifest, the default Open Graph image) and the link previews of
// profiles and groups: their own Open Graph data for what a visitor may see, the site's default
// otherwise.

async function register(request: APIRequestContext, firstName: string, lastName: string) {
  const res = await request.post("/api/register", { data: { email: uniqueEmail(firstName.toLowerCase()), password: "preview-pass-1", firstName, lastName } });
  expect(res.status()).toBe(201);
  return (await (await request.get("/api/auth/user")).json()).id as string;
}

const og = (page: Page, property: string) => page.locator(`head meta[property="${property}"]`).getAttribute("content");

test("public/ serves the icons, the web manifest and the Open Graph image, and every page links them", async ({ page, request }) => {
  for (const [path, type] of [
    ["/favicon.ico", /image\/(x-icon|vnd\.microsoft\.icon)/],
    ["/apple-touch-icon.png", /image\/png/],
    ["/icon-192.png", /image\/png/],
    ["/icon-512.png", /image\/png/],
    ["/og-image.png", /image\/png/],
    ["/site.webmanifest", /application\/manifest\+json|application\/json/],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toMatch(type);
  }
  expect(await (await request.get("/site.webmanifest")).json()).toMatchObject({ name: "Agora", icons: expect.any(Array) });

  await page.goto("/about");
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  // Absolute on the address the site was reached at (no APP_URL here), never a guessed localhost.
  expect(await og(page, "og:image")).toBe(new URL("/og-image.png", page.url()).toString());
  expect(await og(page, "og:image:width")).toBe("1200");
  expect(await og(page, "og:image:height")).toBe("630");
});

test("a public profile and a public group have their own link preview; a members-only profile and a private group do not", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.19.7.7" } });
  const adaId = await register(owner.request, "Ada", "Previewed");
  const publicGroup = await (await owner.request.post("/api/groups", { data: { name: `Engines ${Date.now()}`, description: "Analytical **engines** and notes.", isPrivate: false } })).json();
  const privateGroup = await (await owner.request.post("/api/groups", { data: { name: `Hidden ${Date.now()}`, description: "Members only", isPrivate: true } })).json();

  await register(page.request, "Grace", "Reader");
  await page.goto(`/users/${adaId}`);
  expect(await og(page, "og:title")).toBe("Ada Previewed");
  expect(await og(page, "og:type")).toBe("profile");
  expect(await og(page, "og:url")).toMatch(new RegExp(`/users/${adaId}$`));

  await page.goto(`/groups/${publicGroup.id}`);
  expect(await og(page, "og:title")).toBe(publicGroup.name);
  expect(await og(page, "og:description")).toBe("Analytical engines and notes.");

  // Not for visitors: the site's default preview, nothing of the profile or the group.
  expect((await owner.request.patch("/api/users/settings/privacy", { data: { profileVisibility: "registered", showActivity: true, allowMessages: true } })).status()).toBe(200);
  await page.goto(`/users/${adaId}`);
  expect(await og(page, "og:title")).toBe("Agora — AI-powered Q&A");
  await page.goto(`/groups/${privateGroup.id}`);
  expect(await og(page, "og:title")).toBe("Agora — AI-powered Q&A");
  expect(await og(page, "og:description")).not.toContain("Members only");
  await owner.close();
});
