import fs from "node:fs";
import path from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, uniqueEmail } from "./support";

// Issue 19, first impressions: clicks count from the first paint, the keyboard reaches the main
// action quickly and sees where it is, and a page view costs one server render, not dozens.

const shotsDir = path.resolve(__dirname, "../artifacts/screenshots");

/** A new member (no answers of their own, so every Upvote is theirs to press), signed in on the page. */
async function newMember(page: Page) {
  const res = await page.request.post("/api/register", {
    data: { email: uniqueEmail("first"), password: DEMO_PASSWORD, firstName: "First", lastName: "Impression" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Holds every JavaScript chunk of the app until `release` is called: the page paints from its
 * HTML and style sheets (chunks too, but not held) and nothing hydrates, as on a slow phone.
 */
async function holdChunks(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const pattern = /\/_next\/static\/chunks\/[^?]*\.js(\?|$)/;
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

const isHydrated = (locator: Locator) => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")));

/** A screenshot of the viewport at 1280 and 390 px with the focus where it is (the shared helper blurs it). */
async function focusShots(page: Page, name: string, focus: () => Promise<void>) {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [label, width, height] of [["desktop", 1280, 900], ["phone", 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await focus();
    await page.screenshot({ path: path.join(shotsDir, `${name}-${label}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("clicks before hydration count", () => {
  test("Upvote, Ask Question and Generate Answer pressed while the page's JavaScript is still on its way", async ({ page }) => {
    test.setTimeout(120_000);
    await newMember(page);
    const questions = (await (await page.request.get("/api/questions?limit=1&sort=votes")).json()) as { id: number }[];
    const questionPath = `/questions/${questions[0]!.id}`;

    // Upvote: pressed before hydration, cast once the page has hydrated, and stored.
    let release = await holdChunks(page);
    await page.goto(questionPath, { waitUntil: "commit" });
    // An answer's (the question has its own vote buttons too, before them).
    const upvote = page.locator("article[id^='answer-']").getByRole("button", { name: "Upvote" }).first();
    await expect(upvote).toBeVisible();
    expect(await isHydrated(upvote), "the page hydrated before the click").toBe(false);
    await expect(upvote).toHaveAttribute("aria-pressed", "false");
    await upvote.click();
    await expect(upvote).toHaveAttribute("data-early-pending", "");
    await expect(upvote).toHaveCSS("opacity", "0.6");
    await upvote.screenshot({ path: path.join(shotsDir, "vote-pressed-before-hydration.png") });
    const answerId = await upvote.locator("xpath=ancestor::article[1]").getAttribute("id");
    const voted = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/vote"));
    await release();
    await expect(upvote).toHaveAttribute("aria-pressed", "true");
    await expect(upvote).not.toHaveAttribute("data-early-pending");
    expect((await voted).status()).toBe(200);
    await page.reload();
    await expect(page.locator(`article#${answerId}`).getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "true");

    // Generate Answer: a prompt typed and sent before the box hydrated is generated from.
    release = await holdChunks(page);
    await page.goto(questionPath, { waitUntil: "commit" });
    const generate = page.getByRole("button", { name: "Generate Answer" });
    await expect(generate).toBeVisible();
    expect(await isHydrated(generate), "the box hydrated before the click").toBe(false);
    await page.getByLabel("Custom prompt").fill("Explain it in one sentence for a newcomer");
    await generate.click();
    await release();
    await expect(page.getByRole("button", { name: "Submit Answer" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel("Custom prompt")).toHaveValue("Explain it in one sentence for a newcomer");
    await expect(page.getByLabel("Custom prompt")).toHaveAttribute("readonly", "");

    // Ask Question: a real link, kept and opened in place (the address stays /) once hydrated.
    release = await holdChunks(page);
    await page.goto("/", { waitUntil: "commit" });
    const ask = page.getByRole("main").getByRole("link", { name: "Ask Question" });
    await expect(ask).toBeVisible();
    await expect(ask).toHaveAttribute("href", "/?ask=1");
    expect(await isHydrated(ask), "the feed hydrated before the click").toBe(false);
    await ask.click();
    await release();
    await expect(page.getByRole("dialog", { name: "Ask a Question" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectAccessible(page);

    // The phone's menu: a tap before hydration opens it once the page has hydrated.
    await page.setViewportSize({ width: 390, height: 844 });
    release = await holdChunks(page);
    await page.goto("/", { waitUntil: "commit" });
    const menu = page.getByRole("button", { name: "Open menu" });
    await expect(menu).toBeVisible();
    expect(await isHydrated(menu), "the top bar hydrated before the tap").toBe(false);
    await menu.click();
    await expect(menu).toHaveAttribute("data-early-pending", "");
    await release();
    await expect(page.getByRole("dialog", { name: "Agora" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Agora" }).getByRole("combobox", { name: "Language" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 900 });

    // The account menu likewise.
    release = await holdChunks(page);
    await page.goto("/", { waitUntil: "commit" });
    const account = page.getByRole("button", { name: "Account menu for First Impression" });
    await expect(account).toBeVisible();
    expect(await isHydrated(account), "the top bar hydrated before the click").toBe(false);
    await account.click();
    await release();
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await page.keyboard.press("Escape");

    // A search typed before hydration is searched once the page has hydrated.
    release = await holdChunks(page);
    await page.goto("/users", { waitUntil: "commit" });
    const search = page.getByLabel("Search users");
    await expect(search).toBeVisible();
    expect(await isHydrated(search), "the directory hydrated before typing").toBe(false);
    await search.fill("Okafor");
    await release();
    const cards = page.locator("main ul.grid > li");
    await expect
      .poll(async () => {
        const texts = await cards.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes("Okafor"));
      }, { message: "only members named Okafor are listed" })
      .toBe(true);
    await expect(search).toHaveValue("Okafor");
  });

  test("the theme, language and share menus, the bell and Save answer a press made before hydration", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const { button, opened } of [
      { button: "Change theme", opened: () => page.getByRole("menuitemradio", { name: "Dark" }) },
      { button: /^Change language/, opened: () => page.getByRole("menuitemradio", { name: "Deutsch" }) },
    ]) {
      const release = await holdChunks(page);
      await page.goto("/questions", { waitUntil: "commit" });
      const control = page.getByRole("button", { name: button });
      await expect(control).toBeVisible();
      expect(await isHydrated(control), "the top bar hydrated before the press").toBe(false);
      await control.click();
      await expect(control).toHaveAttribute("data-early-pending", "");
      await release();
      await expect(opened()).toBeVisible();
      await page.keyboard.press("Escape");
    }

    // Share on a question page.
    const questions = (await (await page.request.get("/api/questions?limit=1&sort=votes")).json()) as { id: number }[];
    const questionPath = `/questions/${questions[0]!.id}`;
    let release = await holdChunks(page);
    await page.goto(questionPath, { waitUntil: "commit" });
    const share = page.getByRole("main").getByRole("button", { name: /^Share/ }).first();
    await expect(share).toBeVisible();
    expect(await isHydrated(share), "the page hydrated before the press").toBe(false);
    await share.click();
    await release();
    await expect(page.getByRole("menuitem", { name: "Copy link" })).toBeVisible();
    await page.keyboard.press("Escape");

    // A member's bell: the list of notifications.
    await newMember(page);
    release = await holdChunks(page);
    await page.goto("/questions", { waitUntil: "commit" });
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    expect(await isHydrated(bell), "the bell hydrated before the press").toBe(false);
    await bell.click();
    await release();
    await expect(page.getByRole("menuitem", { name: "View all notifications" })).toBeVisible();
    await expect(bell).not.toHaveAttribute("data-early-pending");
    await page.keyboard.press("Escape");

    // And Save on the question page: saved once the page has hydrated, and still saved on reload.
    release = await holdChunks(page);
    await page.goto(questionPath, { waitUntil: "commit" });
    const save = page.getByRole("main").getByRole("button", { name: /^Save/ }).first();
    await expect(save).toHaveAttribute("aria-pressed", "false");
    expect(await isHydrated(save), "the page hydrated before the press").toBe(false);
    const saved = page.waitForResponse((res) => res.request().method() === "POST" && /\/save$/.test(res.url()));
    await save.click();
    await release();
    expect((await saved).ok()).toBe(true);
    await expect(save).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("main").getByRole("button", { name: /^Saved/ }).first()).toHaveAttribute("aria-pressed", "true");
  });

  test("any other button keeps a press made before hydration: Follow on a profile, and its tabs", async ({ page }) => {
    test.setTimeout(90_000);
    await newMember(page);
    const daniel = (await (await page.request.get("/api/users?search=Daniel%20Okafor")).json()) as { id: string }[];
    const release = await holdChunks(page);
    await page.goto(`/users/${daniel[0]!.id}`, { waitUntil: "commit" });
    const follow = page.getByRole("button", { name: "Follow Daniel Okafor" });
    await expect(follow).toBeVisible();
    expect(await isHydrated(follow), "the profile hydrated before the press").toBe(false);
    const followed = page.waitForResponse((res) => res.request().method() === "POST" && /\/follow$/.test(res.url()));
    await follow.click();
    await expect(follow).toHaveAttribute("data-early-pending", "");
    // A tab acts on mousedown, not click: the press is repeated whole.
    const answersTab = page.getByRole("tab", { name: /^Answers/ });
    await answersTab.click();
    await release();
    expect((await followed).ok()).toBe(true);
    await expect(page.getByRole("button", { name: "Unfollow Daniel Okafor" })).toBeVisible();
    await expect(answersTab).toHaveAttribute("aria-selected", "true");
    await expect(follow).not.toHaveAttribute("data-early-pending");
    // Once hydrated, the script steps aside: the next press is React's at once.
    await page.getByRole("tab", { name: /^Questions/ }).click();
    await expect(page.getByRole("tab", { name: /^Questions/ })).toHaveAttribute("aria-selected", "true");
  });

  test("without JavaScript, Ask Question is a link to the feed's Ask dialog", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await newMember(page);
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Ask Question" }).click();
    await expect(page).toHaveURL(/\/\?ask=1$/);
    await context.close();
  });
});

test.describe("the keyboard", () => {
  test("Ask Question is a few presses of Tab from the top of the feed, before the side bar", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await page.goto("/");
    const ask = page.getByRole("main").getByRole("link", { name: "Ask Question" });
    await expect(ask).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));

    let presses = 0;
    let passedSidebar = false;
    for (; presses < 40; ) {
      await page.keyboard.press("Tab");
      presses++;
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return { ask: el?.getAttribute("href") === "/?ask=1" && Boolean(el.closest("main")), sidebar: Boolean(el?.closest("aside")) };
      });
      passedSidebar ||= where.sidebar;
      if (where.ask) break;
    }
    expect(passedSidebar, "the side bar comes before the page's main action").toBe(false);
    // Skip link, logo, search, Create Group, Messages, bell, language, theme, user menu, then the page: was 31.
    expect(presses).toBeLessThanOrEqual(10);

    // With the skip link: Tab, Enter, Tab.
    await page.goto("/");
    await expect(ask).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(ask).toBeFocused();
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`every focus indicator stands out at 3:1 or more (${scheme} theme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page);
      await page.goto("/");
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const ask = page.getByRole("main").getByRole("link", { name: "Ask Question" });
      await expect(ask).toBeVisible();

      const controls: [string, Locator][] = [
        ["Ask Question (primary button)", ask],
        ["Filter (outline button)", page.getByRole("main").getByRole("button", { name: /Filter/ }).first()],
        ["search field", page.getByRole("searchbox").first()],
        ["feed tab", page.getByRole("tab").first()],
        ["question link", page.getByRole("main").getByRole("article").first().getByRole("link").first()],
        ["side bar link", page.getByRole("complementary", { name: "Sidebar" }).getByRole("link").first()],
      ];
      // A key press first: focus moved by script then shows as keyboard focus (:focus-visible).
      await page.keyboard.press("Tab");
      for (const [name, control] of controls) {
        await control.focus();
        // Buttons animate their colours (transition-all), the outline with them: measure once it has settled.
        await expect.poll(async () => (await control.evaluate(focusContrast)).ratio, { message: `${name}: outline contrast` }).toBeGreaterThanOrEqual(3);
        const found = await control.evaluate(focusContrast);
        expect(found.focusVisible, `${name} shows keyboard focus`).toBe(true);
        expect(found.width, `${name}: outline width`).toBeGreaterThanOrEqual(2);
        expect(found.ratio, `${name}: outline ${found.outline} on ${found.background}`).toBeGreaterThanOrEqual(3);
      }
      await focusShots(page, `focus-ask-${scheme}`, () => ask.focus());

      // A vote button on a question page.
      const questions = (await (await page.request.get("/api/questions?limit=1&sort=votes")).json()) as { id: number }[];
      await page.goto(`/questions/${questions[0]!.id}`);
      const upvote = page.getByRole("button", { name: "Upvote" }).first();
      await expect(upvote).toBeVisible();
      await page.keyboard.press("Tab");
      await upvote.focus();
      await expect.poll(async () => (await upvote.evaluate(focusContrast)).ratio, { message: "Upvote: outline contrast" }).toBeGreaterThanOrEqual(3);
      const vote = await upvote.evaluate(focusContrast);
      expect(vote.ratio, `Upvote: outline ${vote.outline} on ${vote.background}`).toBeGreaterThanOrEqual(3);
      await focusShots(page, `focus-vote-${scheme}`, async () => {
        await upvote.scrollIntoViewIfNeeded();
        await upvote.focus();
      });
      await expectAccessible(page);
    });
  }
});

/**
 * In the page: the focused element's outline colour against the colour behind it (the ancestors'
 * backgrounds composited), as WCAG's contrast ratio. Colours go through a canvas, so any CSS
 * colour syntax (oklch included) comes out as sRGB.
 */
function focusContrast(el: Element) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  const pixel = (paint: (c: CanvasRenderingContext2D) => void) => {
    ctx.globalAlpha = 1;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 1, 1);
    paint(ctx);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!];
  };
  const layers: string[] = [];
  for (let node = el.parentElement; node; node = node.parentElement) {
    const bg = getComputedStyle(node).backgroundColor;
    if (bg && bg !== "transparent" && bg !== "rgba(0, 0, 0, 0)") layers.unshift(bg);
  }
  const behind = pixel((c) => {
    for (const layer of layers) {
      c.fillStyle = layer;
      c.fillRect(0, 0, 1, 1);
    }
  });
  const style = getComputedStyle(el);
  const outline = pixel((c) => {
    c.fillStyle = style.outlineColor;
    c.fillRect(0, 0, 1, 1);
  });
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const [hi, lo] = [luminance(outline), luminance(behind)].sort((a, b) => b - a);
  return {
    focusVisible: el.matches(":focus-visible"),
    width: style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth),
    ratio: Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100,
    outline: `rgb(${outline.join(", ")})`,
    background: `rgb(${behind.join(", ")})`,
  };
}

test.describe("prefetch on intent", () => {
  const isRouterRequest = (req: Request) => {
    const headers = req.headers();
    return Boolean(headers["rsc"] || headers["next-router-prefetch"]);
  };

  test("a page load prefetches no route; hovering or focusing a link prefetches that one", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    const prefetched: string[] = [];
    page.on("request", (req) => {
      if (isRouterRequest(req)) prefetched.push(new URL(req.url()).pathname);
    });

    for (const where of ["/", "/tags", "/users"]) {
      prefetched.length = 0;
      await page.goto(where);
      const firstLink = page.getByRole("main").getByRole("link").first();
      await expect(firstLink).toBeVisible();
      await expect.poll(() => isHydrated(firstLink), { message: "hydrated" }).toBe(true);
      await page.waitForLoadState("networkidle");
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState("networkidle");
      expect(prefetched, `${where} prefetched routes nobody reached for`).toEqual([]);
    }

    // Intent: a hovered question prefetches its page, and a focused link its own.
    await page.goto("/");
    const titles = page.getByRole("main").getByRole("article").getByRole("link").filter({ hasNotText: /^\s*$/ });
    const hovered = titles.first();
    await expect(hovered).toBeVisible();
    await expect.poll(() => isHydrated(hovered), { message: "hydrated" }).toBe(true);
    await page.waitForLoadState("networkidle");
    prefetched.length = 0;
    const hoveredPath = new URL((await hovered.getAttribute("href"))!, "http://x").pathname;
    await hovered.hover();
    await expect.poll(() => prefetched).toContain(hoveredPath);
    const sidebarLink = page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Tags", exact: true });
    await sidebarLink.focus();
    await expect.poll(() => prefetched).toContain("/tags");
  });

  test("a visitor's question page prefetches nothing", async ({ page }) => {
    const questions = (await (await page.request.get("/api/questions?limit=1&sort=votes")).json()) as { id: number }[];
    const prefetched: string[] = [];
    page.on("request", (req) => {
      if (isRouterRequest(req)) prefetched.push(new URL(req.url()).pathname);
    });
    await page.goto(`/questions/${questions[0]!.id}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    await expect.poll(() => isHydrated(heading), { message: "hydrated" }).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);
  });
});
