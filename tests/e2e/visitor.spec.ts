import { expect, expectAccessible, expectKeyboardReachable, screenshots, test } from "./support";

test.describe("a visitor", () => {
  test("sees the landing page with the demo community's trending questions", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Agora/);
    await expect(page.getByRole("heading", { name: "AI-Powered Q&A Platform" })).toBeVisible();
    const trending = page.locator("section", { has: page.getByRole("heading", { name: "Trending Questions" }) });
    await expect(trending).toBeVisible();
    const cards = trending.getByRole("link", { name: "View Discussion" });
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(5);
    expect(await cards.count()).toBeGreaterThan(0);
    for (const title of ["Ask Questions", "Custom AI Responses", "Community Engagement", "Personalized Feed"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Join the Discussion - Sign Up Free" })).toHaveAttribute("href", "/api/login?mode=signup");
    await expect(page.getByRole("link", { name: "Sign Up Now" })).toHaveAttribute("href", "/api/login?mode=signup");
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/api/login?mode=signup");
    await expect(page.locator("footer")).toBeVisible();
    await expectAccessible(page);
    await expectKeyboardReachable(page);
    await screenshots(page, "landing");
  });

  test("reads the about page with popular topics", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const topics = page.locator('a[href^="/tags/"]');
    expect(await topics.count()).toBeGreaterThan(0);
    expect(await topics.count()).toBeLessThanOrEqual(8);
    await expectAccessible(page);
    await screenshots(page, "about");
  });

  test("gets the 404 screen on an unknown path", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expectAccessible(page);
  });

  test("gets the 404 screen on settings, a sign-in prompt on notifications, and the directories to read", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    // Issue 19: the members and groups directories are open to visitors.
    for (const [path, heading] of [["/users", "Community Members"], ["/groups", "Groups"]]) {
      await page.goto(path!);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText("404 Page Not Found")).toHaveCount(0);
    }
    await page.goto("/notifications");
    await expect(page.getByText("Please sign in to view notifications")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" }).last()).toHaveAttribute("href", /\/api\/login/);
  });

  test("has a search box, Questions, About and Sign In in the top bar", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("searchbox").or(page.getByPlaceholder(/search/i)).first()).toBeEnabled();
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Questions" })).toHaveAttribute("href", "/questions");
    await expect(banner.getByRole("link", { name: "About" })).toBeVisible();
    // Signing in from a page comes back to it.
    await expect(banner.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login?callbackUrl=%2Fabout");
  });
});
