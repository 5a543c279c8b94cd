import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test, uniqueEmail } from "./support";

// Issue 19: a visitor reads questions, public profiles, the directories, groups and search without an account.

const PASSWORD = "reading-password-1";

/** Registers a member in the given (separate) request context, which is then signed in as them. */
async function registerMember(request: APIRequestContext, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await request.post("/api/register", { data: { email, password: PASSWORD, firstName, lastName: "Reader" } });
  expect(res.status()).toBe(201);
  const me = (await (await request.get("/api/auth/user")).json()) as { id: string };
  return { id: me.id, email };
}

/** Signs in on the /login page the browser is on and waits to be sent back to `path`. */
async function signInHere(page: Page, email: string, path: string) {
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

test.describe("reading without an account", () => {
  test("a visitor browses /questions, opens a question and follows its author's name to the public profile", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/questions");
    await expect(page.getByRole("heading", { level: 1, name: "Newest Questions" })).toBeVisible();
    await expect(page.getByText(/\d+ questions?/).first()).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Question lists" });
    await expect(tabs.getByRole("tab")).toHaveText(["Newest", "Popular", "Frequent"]);
    await expect(page.getByRole("link", { name: "Sign in to ask" })).toHaveAttribute("href", "/login?callbackUrl=%2F%3Fask%3D1");
    // The visitor's top bar leads here and to search.
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("searchbox", { name: "Search questions" })).toBeEnabled();
    await expect(banner.getByRole("link", { name: "Questions" })).toHaveAttribute("href", "/questions");
    await expectAccessible(page);
    await screenshots(page, "visitor-questions");

    await tabs.getByRole("tab", { name: "Popular" }).click();
    await expect(page).toHaveURL(/\/questions\?filter=popular$/);
    await expect(page.getByRole("heading", { level: 1, name: "Popular Questions" })).toBeVisible();
    // The tag filter of the address narrows the list, as on the home feed.
    await page.goto("/questions?tag=react");
    const list = page.getByRole("list", { name: "Newest Questions" });
    const cards = list.locator(":scope > li");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("react");

    // A question, then its author.
    await cards.first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/questions\/\d+$/);
    const author = page.getByRole("main").locator('a[href^="/users/"]').first();
    const authorName = (await author.innerText()).trim().split("\n").pop()!.trim();
    const href = (await author.getAttribute("href"))!;
    await author.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1, name: authorName })).toBeVisible();
    await expect(page.getByText("404 Page Not Found")).toHaveCount(0);
    await expect(page.getByRole("tab", { name: /^Questions/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to follow" })).toHaveAttribute("href", `/login?callbackUrl=${encodeURIComponent(href)}`);
    await expect(page.getByRole("button", { name: /^Follow/ })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "visitor-profile-public");

    // Search engines may index it, and find it in the sitemap with /questions.
    expect((await page.request.get(href)).status()).toBe(200);
    const html = await (await page.request.get(href)).text();
    expect(html).not.toMatch(/<meta name="robots" content="noindex/);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`${href}</loc>`);
    expect(sitemap).toMatch(/\/questions<\/loc>/);
    expect(sitemap).not.toContain("/search");
    expect(await (await page.request.get("/robots.txt")).text()).toContain("Disallow: /search");
  });

  test("a members-only profile asks a visitor to sign in and returns there; a private one stays private", async ({ page, playwright }) => {
    test.setTimeout(90_000);
    const owner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const shy = await registerMember(owner, "Shyla");
    expect((await owner.patch("/api/users/settings/privacy", { data: { profileVisibility: "registered" } })).status()).toBe(200);
    const hermitContext = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const hermit = await registerMember(hermitContext, "Hermione");
    expect((await hermitContext.patch("/api/users/settings/privacy", { data: { profileVisibility: "private" } })).status()).toBe(200);

    await page.goto(`/users/${shy.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to see this profile" })).toBeVisible();
    await expect(page.getByText("Shyla")).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "visitor-profile-registered");

    await page.goto(`/users/${hermit.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "This profile is private" })).toBeVisible();
    await expect(page.getByText("Hermione")).toHaveCount(0);

    // Signing in from the prompt comes back to the profile, now readable, with Follow.
    const reader = await registerMember(await playwright.request.newContext({ baseURL: test.info().project.use.baseURL }), "Rita");
    await page.goto(`/users/${shy.id}`);
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await signInHere(page, reader.email, `/users/${shy.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Shyla Reader" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Follow" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to follow" })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "member-profile-registered");
    // A member still gets "This profile is private" for a private one.
    await page.goto(`/users/${hermit.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "This profile is private" })).toBeVisible();
    await owner.dispose();
    await hermitContext.dispose();
  });

  test("a visitor reads the members and groups directories and a public group's posts, never a private group's", async ({ page, playwright }) => {
    test.setTimeout(90_000);
    // A member's private group with a question only its members may read.
    const creator = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await registerMember(creator, "Gideon");
    const secretTitle = `Secret plans number ${Date.now().toString(36)} of the inner circle`;
    const group = (await (await creator.post("/api/groups", { data: { name: `Inner circle ${Date.now().toString(36)}`, description: "Invitation only", rules: "", profileImageUrl: "", headerImageUrl: "", isPrivate: true } })).json()) as { id: number; name: string };
    const tags = (await (await creator.get("/api/tags?limit=1")).json()) as { id: number }[];
    expect((await creator.post("/api/questions", { data: { title: secretTitle, description: "Only for members of the group.", tagIds: [tags[0]!.id], groupId: group.id } })).status()).toBe(201);

    const members = await page.goto("/users");
    expect(members?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Community Members" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to follow members" })).toHaveAttribute("href", "/login?callbackUrl=%2Fusers");
    await expect(page.locator('main a[href^="/users/"]').first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "visitor-users");

    const groups = await page.goto("/groups");
    expect(groups?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Groups" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "All Groups" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Your Groups" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in to create a group" })).toHaveAttribute("href", "/login?callbackUrl=%2Fgroups%3Fcreate%3Dtrue");
    await expect(page.getByRole("link", { name: group.name })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "visitor-groups");

    // A public group of the demo community, found by name (the directory lists the newest first, and
    // other tests add groups): its posts, and joining as a sign-in prompt.
    await page.goto("/groups?search=Frontend%20Guild");
    await page.getByRole("link", { name: "Frontend Guild" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frontend Guild" })).toBeVisible();
    await expect(page.locator('main a[href^="/questions/"]').first()).toBeVisible();
    const groupPath = new URL(page.url()).pathname;
    await expect(page.getByRole("link", { name: "Sign in to join" })).toHaveAttribute("href", `/login?callbackUrl=${encodeURIComponent(groupPath)}`);
    await expect(page.getByRole("button", { name: "Join Group" })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "visitor-group-public");

    // The private group: its name, description and counts, never its posts.
    await page.goto(`/groups/${group.id}`);
    await expect(page.getByRole("heading", { level: 1, name: group.name })).toBeVisible();
    await expect(page.getByText("Invitation only")).toBeVisible();
    await expect(page.getByRole("heading", { name: "This group is private" })).toBeVisible();
    await expect(page.getByText("1 post", { exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(secretTitle);
    await screenshots(page, "visitor-group-private");
    await creator.dispose();
  });

  test("a visitor searches from the top bar, and a network that searches too often is asked to wait", async ({ page, playwright }) => {
    test.setTimeout(90_000);
    await page.goto("/questions");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search questions" });
    await box.fill("react");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=react$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search Results" })).toBeVisible();
    await expect(page.locator("main mark").first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "visitor-search");

    // 30 searches a minute per network for visitors, then 429 with Retry-After (and a clear message on the page).
    const ip = `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const scraper = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip } });
    for (let i = 0; i < 30; i++) expect((await scraper.get(`/api/search?q=react+${i}`)).status()).toBe(200);
    const over = await scraper.get("/api/search?q=react");
    expect(over.status()).toBe(429);
    expect(Number(over.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(((await over.json()) as { message: string }).message).toBe("Too many searches from your network. Please wait a minute and try again.");
    const throttled = await page.context().browser()!.newPage({ extraHTTPHeaders: { "X-Forwarded-For": ip } });
    await throttled.goto("/search?q=react");
    await expect(throttled.getByRole("alert").filter({ hasText: "Too many searches from your network" })).toBeVisible();
    await throttled.close();
    await scraper.dispose();
  });

  test("a member keeps their pages: Follow on profiles, their groups, search, and /questions leads home", async ({ page }) => {
    test.setTimeout(90_000);
    await registerMember(page.request, "Morgan");
    await page.goto("/questions?filter=popular");
    await expect(page).toHaveURL(/\/\?filter=popular$/);
    await expect(page.getByRole("heading", { level: 1, name: "Popular Questions" })).toBeVisible();

    await page.goto("/users?q=Maya");
    const someone = page.locator('main a[href^="/users/"]').filter({ hasText: "Maya" }).first();
    await someone.click();
    await expect(page).toHaveURL(/\/users\/[^/]+$/);
    await expect(page.getByRole("button", { name: /^(Follow|Unfollow)/ })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Ask Question" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "member-profile-public");

    await page.goto("/groups");
    await expect(page.getByRole("heading", { level: 2, name: "Your Groups" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Group" })).toBeVisible();
    await screenshots(page, "member-groups");

    await page.goto("/search?q=react");
    await expect(page.locator("main mark").first()).toBeVisible();
  });
});
