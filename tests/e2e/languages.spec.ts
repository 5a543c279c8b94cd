import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, signIn, test } from "./support";

// Issue 15, "Agora in four languages": the language follows the member's choice, else the
// language menu's cookie, else the browser; URLs never change; the page cache keeps languages
// apart; and the main screens hold their layout in every language on a phone (German is long).

const LANGUAGES = [
  { code: "en", name: "English", button: "Change language (current: English)" },
  { code: "es", name: "Español", button: "Cambiar idioma (actual: Español)" },
  { code: "fr", name: "Français", button: "Changer de langue (actuelle : Français)" },
  { code: "de", name: "Deutsch", button: "Sprache ändern (aktuell: Deutsch)" },
] as const;

async function firstQuestionId(page: Page): Promise<number> {
  const questions = (await (await page.request.get("/api/questions?limit=1&sort=votes")).json()) as { id: number }[];
  return questions[0].id;
}

async function visitor(browser: Browser, acceptLanguage: string) {
  const context = await browser.newContext({ locale: acceptLanguage.split(",")[0], extraHTTPHeaders: { "Accept-Language": acceptLanguage } });
  return { context, page: await context.newPage() };
}

test.describe("Agora in four languages", () => {
  test("a visitor gets the browser's language, picks another from the top bar, and keeps it on the same URLs", async ({ browser }) => {
    const { context, page } = await visitor(browser, "de-DE,de;q=0.9,en;q=0.5");
    const id = await firstQuestionId(page);
    await page.goto(`/questions/${id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("button", { name: "Sprache ändern (aktuell: Deutsch)" })).toBeVisible();

    await page.getByRole("button", { name: "Sprache ändern (aktuell: Deutsch)" }).click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("button", { name: "Cambiar idioma (actual: Español)" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/questions/${id}`);

    // The choice is a cookie: it wins over Accept-Language on the next visit.
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect((await context.cookies()).find((c) => c.name === "agora-locale")?.value).toBe("es");
    await context.close();
  });

  test("the page cache never serves a page in another visitor's language", async ({ request }) => {
    const questions = (await (await request.get("/api/questions?limit=1&sort=votes")).json()) as { id: number }[];
    const url = `/questions/${questions[0].id}`;
    const langOf = async (headers: Record<string, string>) => /<html[^>]* lang="([a-z]+)"/.exec(await (await request.get(url, { headers })).text())?.[1];
    // Twice each, so the second request of every language could be a cache hit.
    for (let round = 0; round < 2; round++) {
      expect(await langOf({ "Accept-Language": "fr-FR" })).toBe("fr");
      expect(await langOf({ "Accept-Language": "en-US" })).toBe("en");
      expect(await langOf({ "Accept-Language": "en-US", Cookie: "agora-locale=de" })).toBe("de");
    }
  });

  test("a member's choice is saved and follows them to another browser", async ({ page, browser }) => {
    await signIn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the language is in the menu.
    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.getByRole("combobox", { name: /language|idioma|langue|sprache/i }).selectOption("fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const preferences = (await (await page.request.get("/api/users/settings/preferences")).json()) as { language: string };
    expect(preferences.language).toBe("fr");

    // Another browser: the same session, a Spanish browser and a German cookie; the member's choice wins.
    const session = (await page.context().cookies()).filter((c) => c.name !== "agora-locale");
    const other = await browser.newContext({ extraHTTPHeaders: { "Accept-Language": "es-ES" } });
    await other.addCookies([...session, { name: "agora-locale", value: "de", url: new URL(page.url()).origin }]);
    const otherPage = await other.newPage();
    await otherPage.goto("/");
    await expect(otherPage.locator("html")).toHaveAttribute("lang", "fr");
    await other.close();

    // Back to English for the other tests of this member.
    expect((await page.request.post("/api/locale", { data: { locale: "en" } })).status()).toBe(200);
  });

  test("the question page, home feed, settings and Ask dialog hold their layout in every language", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const id = await firstQuestionId(page);
    try {
      for (const language of LANGUAGES) {
        expect((await page.request.post("/api/locale", { data: { locale: language.code } })).status()).toBe(200);
        await page.goto(`/questions/${id}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language.code);
        await screenshots(page, `language-${language.code}-question`);
        await expectAccessible(page);
        await page.goto("/");
        await expect(page.getByRole("button", { name: language.button })).toBeAttached();
        await screenshots(page, `language-${language.code}-home`);
        await page.goto("/settings");
        await screenshots(page, `language-${language.code}-settings`);
        await page.goto("/?ask=1");
        await expect(page.getByRole("dialog")).toBeVisible();
        await screenshots(page, `language-${language.code}-ask`);
        await expectAccessible(page);
      }
    } finally {
      await page.request.post("/api/locale", { data: { locale: "en" } });
    }
  });

  test("a visitor's pages hold their layout in French and German", async ({ browser }) => {
    for (const language of ["fr-FR", "de-DE"]) {
      const { context, page } = await visitor(browser, language);
      const id = await firstQuestionId(page);
      for (const [name, path] of [["questions", "/questions"], ["question", `/questions/${id}`], ["tags", "/tags"], ["members", "/users"]] as const) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", language.slice(0, 2));
        await screenshots(page, `language-visitor-${language.slice(0, 2)}-${name}`);
      }
      await context.close();
    }
  });

  test("a bad language is refused with a clear message", async ({ request }) => {
    const res = await request.post("/api/locale", { data: { locale: "xx" } });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Language must be en, es, fr or de");
  });
});
