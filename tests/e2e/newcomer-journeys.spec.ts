import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, uniqueEmail } from "./support";

const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";

/** The newest public question with at least one answer, as the API lists it. */
async function answeredQuestion(page: Page): Promise<{ id: number; title: string }> {
  const res = await page.request.get("/api/questions?answers=answered&limit=1");
  expect(res.status()).toBe(200);
  const [question] = (await res.json()) as { id: number; title: string }[];
  expect(question).toBeDefined();
  return question!;
}

const topOf = async (page: Page, name: string | RegExp) => (await page.getByRole("heading", { name }).first().boundingBox())!.y;

test.describe("first impressions (issue 19)", () => {
  test("the sign-up buttons open Create account, and Sign Up Free on a question brings the new member back to it", async ({ page, browser }) => {
    test.setTimeout(120_000);
    // The landing's Get Started opens the sign-up tab, not "Welcome back".
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/login\?.*mode=signup/);
    await expect(page.getByRole("heading", { name: "Join the community" })).toBeVisible();

    const question = await answeredQuestion(page);
    const path = `/questions/${question.id}`;
    await page.goto(path);
    await page.getByRole("link", { name: "Sign Up Free" }).click();
    await expect(page).toHaveURL(/\/login\?.*mode=signup/);
    await expect(page.getByRole("heading", { name: "Join the community" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Create account" })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);
    await screenshots(page, "sign-up-from-question");

    const email = uniqueEmail("signup");
    await page.getByLabel(/First name/).fill("Nora");
    await page.getByLabel(/Last name/).fill("Newcomer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: question.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Answer" })).toBeVisible();

    // Signing in from the same button (another browser) returns to the question as well.
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(path);
    await other.getByRole("link", { name: "Sign Up Free" }).click();
    await other.getByRole("tab", { name: "Sign in" }).click();
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(other).toHaveURL(new RegExp(`${path}$`));
    await expect(other.getByRole("heading", { level: 1, name: question.title })).toBeVisible();
    await context.close();
  });

  test("with an AI provider, a member's Generate AI Answer box follows the answers on a phone and stays above them on a desktop", async ({ page }) => {
    const question = await answeredQuestion(page);
    await signIn(page, DANIEL, DEMO_PASSWORD);
    await page.goto(`/questions/${question.id}`);
    await expect(page.getByRole("heading", { name: "Generate AI Answer" })).toBeVisible();
    await expect(page.getByText(/AI provider|configured/)).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await topOf(page, /^\d+ Answers?$/)).toBeLessThan(await topOf(page, "Generate AI Answer"));
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await topOf(page, "Generate AI Answer")).toBeLessThan(await topOf(page, /^\d+ Answers?$/));
    await expectAccessible(page);
    await screenshots(page, "question-member-ai-tools");
  });

  test("a group's creator invites a member by name; the member is told and joins the private group by accepting", async ({ browser }) => {
    test.setTimeout(120_000);
    const name = `Invite Only ${Date.now().toString(36)}`;
    const mayaContext = await browser.newContext();
    const maya = await mayaContext.newPage();
    await signIn(maya, MAYA, DEMO_PASSWORD);
    const created = await maya.request.post("/api/groups", { data: { name, description: "A private circle for invitations.", isPrivate: true } });
    expect(created.status()).toBe(201);
    const group = (await created.json()) as { id: number };

    await maya.goto(`/groups/${group.id}`);
    const card = maya.getByRole("region", { name: "Invite Members" });
    await expect(card.getByText("No pending invitations")).toBeVisible();
    await card.getByLabel("Find a member by name or handle").fill("Okafor");
    await card.getByRole("button", { name: "Invite Daniel Okafor" }).click();
    await expect(maya.getByText("Invitation sent")).toBeVisible();
    await expect(card.getByRole("list", { name: "Pending invitations" })).toContainText("Daniel Okafor");
    await expectAccessible(maya);
    await screenshots(maya, "group-invite-members");

    const danielContext = await browser.newContext();
    const daniel = await danielContext.newPage();
    await signIn(daniel, DANIEL, DEMO_PASSWORD);
    await daniel.goto("/notifications");
    await expect(daniel.getByText(`Maya Chen invited you to join group ${name}`)).toBeVisible();
    await daniel.getByRole("link", { name: `Invitation to ${name}` }).click();
    await expect(daniel).toHaveURL(new RegExp(`/groups/${group.id}$`));
    const notice = daniel.getByRole("region", { name: "You're invited to join this group" });
    await expect(notice).toContainText("Maya Chen invited you");
    await expect(daniel.getByRole("button", { name: "Join Group" })).toHaveCount(0);
    await expectAccessible(daniel);
    await screenshots(daniel, "group-invitation");
    await notice.getByRole("button", { name: "Accept invitation" }).click();
    await expect(daniel.getByText("Joined group successfully!")).toBeVisible();
    await expect(daniel.getByRole("button", { name: "Leave Group" })).toBeVisible();
    await expect(daniel.getByText("No posts yet")).toBeVisible();
    await expect(notice).toHaveCount(0);

    // Maya's list empties once it is accepted.
    await maya.reload();
    await expect(maya.getByRole("region", { name: "Invite Members" }).getByText("No pending invitations")).toBeVisible();
    await expect(maya.getByText("2 members", { exact: true })).toBeVisible();
    await Promise.all([mayaContext.close(), danielContext.close()]);
  });
});
