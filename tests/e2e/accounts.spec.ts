import { DEMO_EMAIL, DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, uniqueEmail } from "./support";

test.describe("accounts", () => {
  test("a visitor creates an account, lands signed in on the home feed, and signs out", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await expectAccessible(page);
    await screenshots(page, "login");

    await page.getByRole("tab", { name: "Create account" }).click();
    const email = uniqueEmail("newbie");
    await page.getByLabel("First name").fill("Nadia");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: "Create account", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Newest Questions" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Create Group" })).toBeVisible();
    await expect(page.getByRole("button", { name: /notifications/i })).toBeVisible();
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(email);

    await page.getByRole("button", { name: /account menu|user menu/i }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page.getByRole("heading", { name: "AI-Powered Q&A Platform" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("a demo member signs in and sees the signed-in shell", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { name: "Newest Questions" })).toBeVisible();
    const sidebar = page.getByRole("complementary", { name: /sidebar/i }).or(page.locator("aside").first());
    await expect(sidebar.getByText("Trending Today")).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "View all tags" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "home-signed-in");
  });

  test("clear messages for a wrong password, a taken e-mail and a short password", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();

    await page.getByRole("tab", { name: "Create account" }).click();
    await page.getByLabel("Email").fill(DEMO_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect(page.getByText("Password must be at least 8 characters long.")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD + "-long-enough");
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "An account with this email already exists" })).toBeVisible();
  });

  test("an old session cookie stops working after sign-out", async ({ page, context }) => {
    await signIn(page);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name.endsWith("next-auth.session-token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    await page.goto("/api/logout");
    await context.addCookies([session!]);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});
