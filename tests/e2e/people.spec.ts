import sharp from "sharp";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, signIn, test, uniqueEmail } from "./support";

const PASSWORD = "first-password-1";

/** Registers a new member through the API; the page's browser context is then signed in as them. */
async function registerMember(request: APIRequestContext, firstName: string, lastName: string, password = PASSWORD) {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await request.post("/api/register", { data: { email, password, firstName, lastName } });
  expect(res.status()).toBe(201);
  const me = await (await request.get("/api/auth/user")).json();
  return { id: me.id as string, email, password };
}

/** A small PNG made in the test: a blue-to-orange square. */
async function makePng(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: "#2563eb" } })
    .composite([{ input: { create: { width: 48, height: 48, channels: 3, background: "#f97316" } }, left: 24, top: 24 }])
    .png()
    .toBuffer();
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test.describe("people: profiles, members, following and settings", () => {
  test("a member edits their profile with a new photo", async ({ page }) => {
    test.setTimeout(90_000);
    const me = await registerMember(page.request, "Nadia", "Okafor");
    await page.goto(`/users/${me.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Nadia Okafor" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Nadia Okafor" }).getByText(me.email)).toBeVisible(); // only the owner sees it
    await expect(page.getByRole("tab", { name: "Saved (0)" })).toBeVisible();
    await expect(page.getByText("No Questions Yet")).toBeVisible();

    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await expect(dialog.getByText("JPG, PNG up to 5MB")).toBeVisible();
    await dialog.getByLabel("Profile photo file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await makePng() });
    await expect(dialog.getByRole("button", { name: "Remove" })).toBeVisible();
    await dialog.getByLabel("Bio").fill("Data engineer. Streams, schemas and strong coffee.");
    await dialog.getByLabel("Website").fill("https://nadia.example");
    await dialog.getByLabel("City").fill("Lagos");
    await dialog.getByLabel("Country").fill("Nigeria");
    await dialog.getByLabel("Twitter Username").fill("  @nadia_dev ");
    await dialog.getByLabel("GitHub Username").fill("nadia-o");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Profile updated")).toBeVisible();
    await expect(dialog).toBeHidden();

    const header = page.getByRole("region", { name: "Nadia Okafor" });
    await expect(header.getByText("Data engineer. Streams, schemas and strong coffee.")).toBeVisible();
    await expect(header.getByText("Lagos, Nigeria")).toBeVisible();
    await expect(header.getByRole("link", { name: "nadia.example" })).toHaveAttribute("rel", "nofollow ugc noopener");
    await expect(header.getByRole("link", { name: "Twitter: nadia_dev" })).toHaveAttribute("href", "https://twitter.com/nadia_dev");
    await expect(header.getByRole("link", { name: "GitHub: nadia-o" })).toHaveAttribute("href", "https://github.com/nadia-o");
    const avatar = header.locator("img").first();
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await page.request.get((await avatar.getAttribute("src"))!);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");

    // The stored profile has the upload's URL, never a data: URL.
    const stored = await (await page.request.get("/api/auth/user")).json();
    expect(stored.profileImageUrl).toMatch(/^\/uploads\//);
    expect(stored.socialLinks).toEqual({ twitter: "nadia_dev", linkedin: null, github: "nadia-o" });

    await page.goto("/users/no-such-member");
    await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  });

  test("a member follows another from the members page and sees their question under Following", async ({ page }) => {
    test.setTimeout(90_000);
    await registerMember(page.request, "Theo", "Brandt");
    await page.goto("/users");
    await expect(page.getByRole("heading", { level: 1, name: "Community Members" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "New Users", selected: true })).toBeVisible();
    await expect(page.getByPlaceholder("Search users by name or email...")).toBeVisible();
    await page.getByRole("tab", { name: "Top Answerers" }).click();
    await expect(page.getByText("Members who provided the most answers in last 30 days")).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    // Never another member's e-mail on the cards.
    await expect(page.locator("main")).not.toContainText("@demo.agora.dev");
    await expectAccessible(page);
    await screenshots(page, "members");

    await page.getByRole("tab", { name: "New Users" }).click();
    await page.getByPlaceholder("Search users by name or email...").fill("Daniel");
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Daniel Okafor" }) });
    await expect(card).toBeVisible();
    await page.getByPlaceholder("Search users by name or email...").fill("zzz-nobody-by-this-name");
    await expect(page.getByText("No users found").last()).toBeVisible();
    await page.getByPlaceholder("Search users by name or email...").fill("Daniel");
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Follow Daniel Okafor" }).click();
    await expect(toast(page, "Following Daniel Okafor")).toBeVisible();
    await expect(card.getByRole("button", { name: "Unfollow Daniel Okafor" })).toBeVisible();

    // His profile shows the follow; his newest question is one to look for on the home page.
    await card.getByRole("link", { name: "Daniel Okafor" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Daniel Okafor" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unfollow Daniel Okafor" })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^Saved/ })).toHaveCount(0);
    const firstQuestion = page.getByRole("tabpanel").getByRole("article").first().getByRole("heading").getByRole("link");
    const title = (await firstQuestion.textContent())!.trim();
    await page.getByRole("tab", { name: /^Answers/ }).click();
    await expect(page.getByRole("tabpanel").getByRole("article").first().or(page.getByText("No Answers Yet"))).toBeVisible();
    await page.getByRole("tab", { name: /^Tags/ }).click();
    await expect(page.getByRole("heading", { name: "Most Used Tags" })).toBeVisible();
    await page.getByRole("tab", { name: /^Followed Tags \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { name: "Followed Tags" })).toBeVisible();
    // The people tabs: Theo is listed among Daniel's followers.
    await page.getByRole("tab", { name: /^Followers \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { name: "Followers", exact: true })).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("link", { name: /Theo Brandt/ })).toBeVisible();
    await page.getByRole("tab", { name: /^Following \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { name: "Following", exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "profile-followers");
    await page.getByRole("tab", { name: /^Questions/ }).click();
    await expectAccessible(page);
    await screenshots(page, "profile");

    await page.goto("/?filter=following");
    await expect(page.getByRole("heading", { level: 1, name: "Following" })).toBeVisible();
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  });

  test("settings: switches saved, preferences applied, and a password change ends the other session", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const me = await registerMember(page.request, "Ines", "Duarte");
    const NEW_PASSWORD = "second-password-2";

    // A second browser signed in as the same member.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, me.email, me.password);
    expect((await otherPage.request.get("/api/auth/user")).status()).toBe(200);

    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Notifications", selected: true })).toBeVisible();
    // Each switch saves as it changes: no Save button; a toast offers Undo.
    await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);
    await page.getByRole("switch", { name: "Weekly digest" }).click();
    await expect(toast(page, "Settings Updated")).toBeVisible();
    await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).notificationSettings.weeklyDigest).toBe(true);
    // Undo puts it back.
    await toast(page, "Settings Updated").getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("switch", { name: "Weekly digest" })).not.toBeChecked();
    await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).notificationSettings.weeklyDigest).toBe(false);
    // Rapid toggles settle on the last state (three clicks from on: off).
    // (From the keyboard: the toast sits over the lower switches at this window size.)
    const upvotes = page.getByRole("switch", { name: "Upvotes and downvotes" });
    await upvotes.press("Space");
    await upvotes.press("Space");
    await upvotes.press("Space");
    await expect(upvotes).not.toBeChecked();
    await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).notificationSettings.upvotes).toBe(false);
    // A switch changed, then another tab opened, is not lost.
    await page.getByRole("switch", { name: "Weekly digest" }).press("Space");
    await page.getByRole("tab", { name: "Privacy" }).click();
    await expect(page.getByRole("region", { name: "Privacy Settings" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notification Preferences" })).toBeHidden();
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(page.getByRole("region", { name: "Privacy Settings" })).toBeHidden();
    await expect(page.getByRole("switch", { name: "Weekly digest" })).toBeChecked();
    await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).notificationSettings.weeklyDigest).toBe(true);
    await expectAccessible(page);
    await screenshots(page, "settings-notifications");

    await page.getByRole("tab", { name: "Privacy" }).click();
    await page.getByRole("combobox", { name: "Profile visibility" }).click();
    await page.getByRole("option", { name: /Registered users/ }).click();
    await expect(toast(page, "Privacy Updated")).toBeVisible();
    // Applied at once: a visitor is now refused the profile.
    const visitor = await browser.newContext();
    expect((await visitor.request.get(`/api/users/${me.id}/profile`)).status()).toBe(401);
    await visitor.close();
    await expectAccessible(page);
    await screenshots(page, "settings-privacy");

    await page.getByRole("tab", { name: "Preferences" }).click();
    await page.getByRole("combobox", { name: "Theme" }).click();
    await page.getByRole("option", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("combobox", { name: "Questions per page" }).click();
    await page.getByRole("option", { name: "25" }).click();
    await expect(toast(page, "Preferences Updated")).toBeVisible();
    await expect.poll(async () => (await page.request.get("/api/users/settings/preferences")).json()).toEqual({ theme: "dark", language: null, questionsPerPage: 25 });
    await expectAccessible(page);
    await screenshots(page, "settings-preferences");
    await page.getByRole("combobox", { name: "Theme" }).click();
    await page.getByRole("option", { name: "Light" }).click();

    await page.getByRole("tab", { name: "Account" }).click();
    const form = page.getByRole("form", { name: "Change Password" });
    await expect(form.getByRole("button", { name: "Change Password" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Delete Account" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "settings-account");

    await form.getByLabel("Current Password").fill(me.password);
    await form.getByLabel("New Password", { exact: true }).fill("short");
    await form.getByLabel("Confirm New Password").fill("short");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page, "Password Too Short")).toBeVisible();

    await form.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page, "Password Changed")).toBeVisible();
    await expect(form.getByLabel("Current Password")).toHaveValue("");

    // This browser stays signed in; the other one is signed out on its next request.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await otherPage.goto("/");
    await expect(otherPage.getByRole("heading", { name: "AI-Powered Q&A Platform" })).toBeVisible();
    expect((await otherPage.request.get("/api/auth/user")).status()).toBe(401);

    // The new password signs in; the old one no longer does.
    await signIn(otherPage, me.email, NEW_PASSWORD);
    expect((await otherPage.request.get("/api/auth/user")).status()).toBe(200);
    await other.close();
  });
});
