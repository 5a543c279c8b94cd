import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, uniqueEmail, waitForHydration } from "./support";

/*
 * The people side of moderation (issue 14), as staff use it in the browser: the demo admin
 * (Elena) makes a new member a moderator from their profile's Moderate menu, the demo moderator
 * (Tom) suspends another new member from theirs, and the audit log lists both actions.
 */

const ADMIN_EMAIL = "elena@demo.agora.dev";
const MODERATOR_EMAIL = "tom@demo.agora.dev";
const PASSWORD = "people e2e password";

/** A browser context of its own (its own client address, so per-IP limits are its own). */
async function newContextPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.20.${randomInt(256)}.${randomInt(1, 255)}` } });
  return context.newPage();
}

/** A new member (registered through the API), signed in on a page of their own. */
async function newMember(browser: Browser, firstName: string): Promise<{ page: Page; id: string; name: string; email: string }> {
  const page = await newContextPage(browser);
  const lastName = `Person${Date.now().toString(36)}`;
  const email = uniqueEmail("people");
  const res = await page.request.post("/api/register", { data: { email, password: PASSWORD, firstName, lastName } });
  expect(res.status()).toBe(201);
  return { page, id: ((await res.json()) as { id: string }).id, name: `${firstName} ${lastName}`, email };
}

async function staff(browser: Browser, email: string): Promise<Page> {
  const page = await newContextPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

async function openModerateMenu(page: Page) {
  const trigger = page.getByRole("button", { name: "Moderate" });
  await waitForHydration(trigger);
  await trigger.click();
  await expect(page.getByRole("menu")).toBeVisible();
}

test("an admin makes a member a moderator, a moderator suspends a member, and the audit log lists both", async ({ browser, page: visitor }) => {
  test.setTimeout(360_000); // three browsers and a busy shared machine

  // Staff wear a badge beside their name: on member cards, on their profile and on their posts.
  await visitor.setViewportSize({ width: 1280, height: 900 });
  // Each found by name: the directory lists the newest members first, and earlier tests add members.
  await visitor.goto("/users?q=Tom%20Hughes");
  const tomCard = visitor.locator("article", { hasText: "Tom Hughes" });
  await expect(tomCard.getByText("Moderator", { exact: true })).toBeVisible();
  await visitor.goto("/users?q=Elena%20Petrova");
  const elenaCard = visitor.locator("article", { hasText: "Elena Petrova" });
  await expect(elenaCard.getByText("Admin", { exact: true })).toBeVisible();
  const elenaId = (await elenaCard.getByRole("link", { name: "Elena Petrova" }).getAttribute("href"))!.split("/").pop()!;
  const elenaQuestions = (await (await visitor.request.get(`/api/users/${elenaId}/questions`)).json()) as { id: number }[];
  await visitor.goto(`/questions/${elenaQuestions[0]!.id}`);
  await expect(visitor.getByRole("main").getByText("Admin", { exact: true }).first()).toBeVisible();
  await expectAccessible(visitor);
  await screenshots(visitor, "moderation-people-badge-question");

  // Visitors are sent to sign in; members get the 403 page.
  await visitor.goto("/admin/audit");
  await expect(visitor).toHaveURL(/\/login/);
  const bystander = await newMember(browser, "Bea");
  await bystander.page.goto("/admin/audit");
  await expect(bystander.page.getByRole("heading", { name: "Moderators and admins only" })).toBeVisible();
  await expect(bystander.page.getByText("Error 403")).toBeVisible();
  // Nor does a member see a Moderate menu on someone's profile.
  await bystander.page.goto("/users/" + (await newMember(browser, "Ned")).id);
  await expect(bystander.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bystander.page.getByRole("button", { name: "Moderate" })).toHaveCount(0);

  // 1. The admin makes a new member a moderator.
  const candidate = await newMember(browser, "Mona");
  const admin = await staff(browser, ADMIN_EMAIL);
  await admin.goto(`/users/${candidate.id}`);
  const header = admin.locator("section", { has: admin.getByRole("heading", { level: 1 }) });
  await expect(header.getByRole("heading", { level: 1 })).toHaveText(candidate.name);
  await openModerateMenu(admin);
  await expect(admin.getByRole("menuitem", { name: "Suspend…" })).toBeVisible();
  await expect(admin.getByRole("menuitem", { name: "Delete as spammer…" })).toBeVisible();
  await screenshots(admin, "moderation-people-menu");
  await admin.getByRole("menuitem", { name: "Make moderator" }).click();
  await expect(admin.getByText(`${candidate.name} is now a moderator`)).toBeVisible();
  await expect(header.getByRole("heading", { level: 1 }).getByText("Moderator", { exact: true })).toBeVisible();
  // The menu now offers the way back.
  await openModerateMenu(admin);
  await expect(admin.getByRole("menuitem", { name: "Remove moderator" })).toBeVisible();
  await admin.keyboard.press("Escape");

  // 2. The moderator suspends another new member from their profile.
  const target = await newMember(browser, "Otto");
  const moderator = await staff(browser, MODERATOR_EMAIL);
  await moderator.goto(`/users/${target.id}`);
  await openModerateMenu(moderator);
  await expect(moderator.getByRole("menuitem", { name: /moderator/i })).toHaveCount(0); // admins only
  await moderator.getByRole("menuitem", { name: "Suspend…" }).click();
  const dialog = moderator.getByRole("dialog", { name: `Suspend ${target.name}` });
  await expect(dialog).toBeVisible();
  // Clear validation before anything is sent.
  await dialog.getByLabel(/^Days/).fill("400");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog.getByText("Days must be a whole number from 1 to 365")).toBeVisible();
  await expect(dialog.getByText("Please give a reason for the suspension")).toBeVisible();
  await expectAccessible(moderator);
  await screenshots(moderator, "moderation-people-suspend-dialog");
  await dialog.getByLabel(/^Days/).fill("3");
  await dialog.getByLabel("Reason").fill("Posting the same link in every thread");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog).toBeHidden();
  await expect(moderator.getByText(`${target.name} is suspended`)).toBeVisible();
  const notice = moderator.getByTestId("suspension-notice");
  await expect(notice).toContainText("Suspended until");
  await expect(notice).toContainText("Posting the same link in every thread");
  await expectAccessible(moderator);
  await screenshots(moderator, "moderation-people-suspended-profile");

  // Visitors do not see it; the suspended member does, on their own profile (signed in again: their sessions ended).
  const other = await newContextPage(browser);
  await other.goto(`/users/${target.id}`);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(target.name);
  await expect(other.getByTestId("suspension-notice")).toHaveCount(0);
  await signIn(other, target.email, PASSWORD);
  await other.goto(`/users/${target.id}`);
  await expect(other.getByTestId("suspension-notice")).toContainText("You can read, but you cannot post, vote or comment until then.");

  // 3. The audit log lists both actions, newest first.
  await moderator.goto("/admin/audit");
  await expect(moderator.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const suspendEntry = moderator.locator('[data-testid="audit-entry"][data-action="user.suspend"]', { hasText: target.name }).first();
  await expect(suspendEntry).toContainText("Suspended a member");
  await expect(suspendEntry).toContainText("Posting the same link in every thread");
  await expect(suspendEntry).toContainText("3 days");
  await expect(suspendEntry.getByRole("link", { name: target.name })).toHaveAttribute("href", `/users/${target.id}`);
  const roleEntry = moderator.locator('[data-testid="audit-entry"][data-action="user.role"]', { hasText: candidate.name }).first();
  await expect(roleEntry).toContainText("Changed a role");
  await expect(roleEntry).toContainText("member → moderator");
  await expect(roleEntry).toContainText("Elena Petrova");
  const entries = moderator.getByTestId("audit-entry");
  const order = await entries.evaluateAll((nodes, names) => nodes.map((n) => names.findIndex((name) => n.textContent?.includes(name))).filter((i) => i >= 0), [target.name, candidate.name]);
  expect(order.slice(0, 2)).toEqual([0, 1]);
  await expectAccessible(moderator);
  await screenshots(moderator, "moderation-people-audit");

  // Staff reach it from the account menu; the admin also from the dashboard.
  await moderator.getByRole("button", { name: /account menu|Tom/i }).first().click();
  await expect(moderator.getByRole("menuitem", { name: "Audit log" })).toBeVisible();
  await moderator.keyboard.press("Escape");
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Audit log" }).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  await expect(admin.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
});
