import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test, uniqueEmail, waitForHydration } from "./support";

/*
 * Issue 19, first impressions: one name for each thing in the shell, lists that say who, forms
 * that do not lose work, and a first-run card for a new member.
 */

const PASSWORD = "first-password-1";
const shotsDir = path.resolve(__dirname, "../artifacts/screenshots");

async function registerMember(request: APIRequestContext, firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await request.post("/api/register", { data: { email, password: PASSWORD, firstName, lastName } });
  expect(res.status()).toBe(201);
  const me = await (await request.get("/api/auth/user")).json();
  return { id: me.id as string, email };
}

/** A screenshot of what is on screen (not the full page) at the viewport's size. */
async function viewportShot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });

test.describe("the member's shell, first impressions", () => {
  test("a new member: first-run card, side bar, Recent Activity, readable search snippets", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const me = await registerMember(page.request, "Priya", "Raman");

    await page.goto("/");
    const welcome = page.getByRole("region", { name: "Welcome to Agora, Priya!" });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByRole("button", { name: /^Follow / }).first()).toBeVisible();
    await expect(welcome.getByRole("link", { name: "Ask your first question" })).toHaveAttribute("href", "/?ask=1");
    // No static welcome text in the side panel: nothing posted yet, so no Recent Activity.
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toHaveCount(0);

    // The side bar: the same names as the phone menu, and only the groups one has joined.
    const nav = sidebar(page).getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Popular", "Users", "Groups", "Tags"]);
    await expect(nav.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/users");
    await expect(sidebar(page).getByText("No groups yet")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "shell-welcome");

    // Following a tag from the card works in place.
    const followTag = welcome.getByRole("button", { name: /^Follow / }).first();
    await waitForHydration(followTag);
    const tagName = ((await followTag.textContent()) ?? "").replace(/^Follow\s*/, "").trim();
    await followTag.click();
    await expect(welcome.getByRole("button", { name: `Unfollow ${tagName}` })).toBeVisible();

    // Dismissed for good: gone after a reload, and on another device.
    await welcome.getByRole("button", { name: "Dismiss welcome" }).click();
    await expect(welcome).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: /Welcome to Agora/ })).toHaveCount(0);
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto("/api/login");
    await otherPage.getByLabel("Email").fill(me.email);
    await otherPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await otherPage.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(otherPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(otherPage.getByRole("region", { name: /Welcome to Agora/ })).toHaveCount(0);
    await other.close();

    // Joining a group puts it in the side bar; the others stay out.
    const groups = (await (await page.request.get("/api/groups")).json()) as { id: number; name: string; isPrivate: boolean }[];
    const open = groups.find((g) => !g.isPrivate)!;
    expect((await page.request.post(`/api/groups/${open.id}/join`)).ok()).toBe(true);
    const notJoined = groups.filter((g) => g.id !== open.id);

    // A question with Markdown: Recent Activity lists it, and search shows it as readable text.
    const word = `zq${Date.now().toString(36)}`;
    const tags = (await (await page.request.get("/api/tags")).json()) as { id: number }[];
    const title = `How do I parse ${word} output in a shell script?`;
    const created = await page.request.post("/api/questions", {
      data: {
        title,
        description: `I run **${word}** like this:\n\n\`\`\`sh\n${word} --json | jq .items\n\`\`\`\n\nSee [the manual](https://example.com/manual).`,
        tagIds: [tags[0]!.id],
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/");
    const activity = page.getByRole("region", { name: "Recent Activity" });
    await expect(activity.getByRole("link", { name: title })).toBeVisible();
    await expect(activity.getByText(/You asked/)).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: open.name })).toBeVisible();
    for (const g of notJoined) await expect(sidebar(page).getByRole("link", { name: g.name, exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "shell-recent-activity");

    await page.goto(`/search?q=${word}`);
    const result = page.getByRole("list", { name: "Search results" }).getByRole("listitem").first();
    await expect(result.locator("mark").first()).toHaveText(word);
    const snippet = (await result.locator("p").first().textContent()) ?? "";
    expect(snippet).not.toMatch(/```|\*\*|\]\(/);
    expect(snippet).toContain("the manual");
    await expectAccessible(page);
    await screenshots(page, "shell-search-snippet");
  });

  test("the Ask dialog keeps Post Question in view; Filter labels stay on one line; Sign In for visitors", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await registerMember(page.request, "Tomas", "Lind");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    // Ask Question is a link that opens the dialog in place, from the first paint (lib/early/).
    await page.getByRole("main").getByRole("link", { name: "Ask Question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask a Question" });
    await expect(dialog).toBeVisible();
    const post = dialog.getByRole("button", { name: "Post Question" });
    await expect(post).toBeInViewport({ ratio: 1 });
    // One order of fields in Ask and Edit: Title, Description, Tags (then Group).
    const fields = [
      dialog.getByRole("textbox", { name: "Title" }),
      dialog.getByRole("textbox", { name: /^Description/ }),
      dialog.getByRole("group", { name: "Tags" }),
      dialog.getByRole("combobox", { name: "Group" }),
    ];
    const tops: number[] = [];
    for (const field of fields) tops.push((await field.evaluate((el) => el.getBoundingClientRect().top + el.closest("[data-testid=ask-dialog-body]")!.scrollTop)));
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    // A long description scrolls the body, not the footer away.
    await dialog.getByLabel(/^Description/).fill(Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long description.`).join("\n"));
    await expect(post).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
    await viewportShot(page, "shell-ask-dialog-1280x800");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(post).toBeInViewport({ ratio: 1 });
    await viewportShot(page, "shell-ask-dialog-390");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Filter" }).click();
    const filter = page.getByRole("dialog", { name: "Filter Questions" });
    for (const name of ["Unanswered", "Answered", "No answers", "No accepted answer", "Highest score", "Recent activity", "Most frequent"]) {
      const label = filter.locator("label").filter({ hasText: name }).first();
      // The label's text node: one client rect when it sits on one line, one per line when it wraps.
      const lines = await label.evaluate((el, text) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.includes(text)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getClientRects().length;
        }
        return -1;
      }, name);
      expect(lines, `${name} wraps`).toBe(1);
      // ...and inside its option's border (a three-column row once let the longest run out of it).
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name} overflows its option`).toBe(true);
    }
    await expectAccessible(page);
    await viewportShot(page, "shell-filter-dialog-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await viewportShot(page, "shell-filter-dialog-390");
    await page.keyboard.press("Escape");

    // Visitors: "Sign In" in the top bar, as on the landing page and in the phone menu.
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/about");
    await expect(visitorPage.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(visitorPage.getByRole("banner").getByRole("link", { name: "Log In" })).toHaveCount(0);
    await visitor.close();
  });

  test("followers are listed on the profile, the bell names them, and a bare website is accepted", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const star = await registerMember(page.request, "Maya", "Okoro");
    const fanContext = await browser.newContext({ baseURL });
    await registerMember(fanContext.request, "Sam", "Ortiz");
    expect((await fanContext.request.post(`/api/users/${star.id}/follow`)).ok()).toBe(true);
    await fanContext.close();

    await page.goto(`/users/${star.id}`);
    await page.getByRole("tab", { name: "Followers (1)" }).click();
    await expect(page.getByRole("tabpanel").getByRole("link", { name: /Sam Ortiz/ })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^Followed Tags \(\d+\)$/ })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "shell-profile-followers");

    // The bell says who.
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
    await waitForHydration(bell);
    await bell.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: /Sam Ortiz started following you/ })).toBeVisible();
    await expect(menu.getByTestId("bell-unread-count")).toHaveText("1 unread");
    await expectAccessible(page);
    await viewportShot(page, "shell-bell-1280");
    await page.keyboard.press("Escape");

    // A website typed as priya.dev is saved as https://priya.dev.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await dialog.getByLabel("Website").fill("maya.dev");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("region", { name: "Maya Okoro" }).getByRole("link", { name: "maya.dev" })).toHaveAttribute("href", /^https:\/\/maya\.dev\/?$/);
    expect((await (await page.request.get("/api/auth/user")).json()).website).toBe("https://maya.dev");
  });
});
