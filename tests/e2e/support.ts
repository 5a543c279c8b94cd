import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { randomInt } from "node:crypto";
import pg from "pg";
import { test as base, expect, type APIRequestContext, type APIResponse, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "agora-demo";
export const DEMO_EMAIL = "maya@demo.agora.dev";

/**
 * Playwright's test, with each test arriving from its own client address (X-Forwarded-For, as
 * a proxy in front of Agora would send it): per-IP limits such as 6 sign-ins a minute apply to
 * each simulated visitor, not to the whole suite, which runs from one machine.
 *
 * Every browser context a test opens with `browser.newContext()` is closed when the test ends
 * (Playwright closes only its own `context`): left open, each one's pages kept polling the server
 * for the rest of the run, 46 of them by the end, and the browser grew slow enough for a
 * screenshot to hang.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  },
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect };

const shotsDir = path.resolve(__dirname, "../artifacts/screenshots");
/**
 * The screenshots are for people to look at; CI's clone is thrown away after the run, so there
 * (CI set, E2E_SCREENSHOTS unset) only the checks run: no sideways scroll at either width.
 * E2E_SCREENSHOTS=on or off decides either way.
 */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== "off" : !process.env.CI;

/** Resolves once the page has drawn two more animation frames: what a resize or a late handler changes has been laid out and painted. */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** At desktop (1280) and phone (390) widths: checks that nothing scrolls sideways and saves a full-page screenshot under tests/artifacts/screenshots. */
export async function screenshots(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  const original = page.viewportSize();
  // A focused skip link or a scrolled sticky header would otherwise show up mid-page.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const [label, width, height] of [["desktop", 1280, 900], ["phone", 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await afterTwoFrames(page); // the resize's layout and paint
    const { scrollWidth, wide } = await page.evaluate((w) => {
      // The innermost elements that reach past the right edge: what the failure names.
      const past = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => el.getBoundingClientRect().right > w + 0.5);
      const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
      const wide = innermost.slice(0, 5).map((el) => `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}"> ${(el.textContent ?? "").slice(0, 40)}`);
      return { scrollWidth: document.documentElement.scrollWidth, wide };
    }, width);
    expect(scrollWidth, `${name} at ${width}px scrolls sideways: ${wide.join(" | ")}`).toBeLessThanOrEqual(width);
    if (SAVE_SCREENSHOTS) await page.screenshot({ path: path.join(shotsDir, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Fails on any serious or critical accessibility violation (axe-core, WCAG 2.1 AA rules). */
export async function expectAccessible(page: Page) {
  // Colours read mid-transition (a toast fading in or out) are not the page's colours: let finite
  // animations and transitions finish first (spinners and pulses run forever and are left alone),
  // and ask for reduced motion while axe reads, so a toast that expires meanwhile goes at once
  // (sonner drops its transitions then) instead of being read half-faded.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  await page.emulateMedia({ reducedMotion: null });
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/**
 * Presses Tab through the page and checks that every visible link, button and field in the
 * main landmarks gets focus at some point (nothing is reachable only by mouse).
 */
export async function expectKeyboardReachable(page: Page, maxTabs = 150) {
  const targets: string[] = await page.evaluate(() => {
    const nodes = Array.from(document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]"));
    return nodes
      .filter((el) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        const disabled = (el as HTMLButtonElement).disabled || el.getAttribute("aria-hidden") === "true";
        return !disabled && el.tabIndex >= 0 && style.visibility !== "hidden" && style.display !== "none" && rect.width > 0 && rect.height > 0;
      })
      .map((el, i) => {
        el.dataset.kbdProbe = String(i);
        return String(i);
      });
  });
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  const reached = new Set<string>();
  for (let i = 0; i < Math.min(maxTabs, targets.length * 2 + 5); i++) {
    await page.keyboard.press("Tab");
    const probe = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.kbdProbe ?? null);
    if (probe) reached.add(probe);
    if (reached.size === targets.length) break;
  }
  const missing = await page.evaluate(
    (ids) => ids.map((id) => document.querySelector(`[data-kbd-probe="${id}"]`)?.outerHTML.slice(0, 120) ?? id),
    targets.filter((t) => !reached.has(t)),
  );
  expect(missing).toEqual([]);
}

/** Signs in through the /login page with e-mail and password. */
export async function signIn(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD) {
  await page.goto("/api/login");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/$|\/\?/);
}

/**
 * Waits until React has hydrated an element that the server rendered, for checks of what the
 * hydrated page does. Not for clicking: votes, Ask Question and Generate Answer work from the
 * first paint (lib/early/), and tests click them as early as a person would.
 */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))), { message: "hydrated" })
    .toBe(true);
}

/** A unique e-mail address for a member created by a test. */
export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** POSTs, waiting out one 429 (questions are rate limited to one per 15 s per member): the wait is the limit's own Retry-After. */
export async function postWithRetry(request: APIRequestContext, url: string, data: unknown): Promise<APIResponse> {
  const res = await request.post(url, { data });
  if (res.status() !== 429) return res;
  const wait = Number(res.headers()["retry-after"] ?? "15");
  await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(wait) ? wait : 15) * 1000 + 500));
  return request.post(url, { data });
}

/**
 * The e2e server's database (scripts/e2e-server.ts runs an embedded PostgreSQL in a temporary
 * folder whose agora.pid names this port), for tests that set up what no route offers them.
 */
export function e2eDatabaseUrl(): string {
  const port = process.env.E2E_PORT ?? "3100";
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith("agora-e2e-"))) {
    const dir = path.join(os.tmpdir(), name);
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dir, "agora.pid"), "utf8")) as { url?: string };
      if (!lock.url?.endsWith(`:${port}`)) continue;
      const dbPort = fs.readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]!.trim();
      return `postgresql://postgres:postgres@127.0.0.1:${dbPort}/agora`;
    } catch {
      // Another run's folder, or one being torn down.
    }
  }
  throw new Error(`No e2e database found for port ${port}`);
}

/** Runs one statement on the e2e server's database and returns its rows (test set-up that no API offers: roles, reputation, dates). */
export async function e2eSql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A made-up word of letters only, so that full-text search finds exactly this run's question. */
export function uniqueWord(length = 9): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return `zq${Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

// The e2e server has a (fake) AI provider, so an AI answer is on its way.
const QUESTION_POSTED = "Your question has been posted. The AI answer will appear on its page.";
const QUESTION_TOO_SOON = "Please wait a few seconds before asking another question.";

/**
 * Clicks the Ask dialog's Post Question. When the server answers that the member asked less than
 * 15 seconds ago (one question per 15 s, lib/server/rate-limit.ts), clicks again once that
 * interval has passed.
 */
export async function postQuestion(page: Page, dialog: Locator) {
  await dialog.getByRole("button", { name: "Post Question" }).click();
  const posted = page.getByText(QUESTION_POSTED);
  const tooSoon = dialog.getByText(QUESTION_TOO_SOON);
  await expect(posted.or(tooSoon)).toBeVisible({ timeout: 15_000 });
  if (await tooSoon.isVisible()) {
    await page.waitForTimeout(16_000); // the server's interval, not an event: nothing announces its end
    await dialog.getByRole("button", { name: "Post Question" }).click();
    await expect(posted).toBeVisible({ timeout: 15_000 });
  }
}

/** A question's card in a list, found by its title link. */
export const cardOf = (page: Page, title: string) => page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
