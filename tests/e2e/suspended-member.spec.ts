import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, e2eSql, expect, expectAccessible, screenshots, signIn, test, uniqueEmail, waitForHydration } from "./support";

// Issue 14, suspension: a suspended member signs in again with their password, reads every
// page under a banner that says until when and why, and every write control they use answers
// with the server's "Your account is suspended until {date}." in a toast. Run with E2E_PORT=3104.

const REASON = "Posting the same shop link under every question";
const UNTIL = new Date(Date.now() + 3 * 86_400_000);
UNTIL.setUTCSeconds(0, 0);
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** The server's sentence, written out here on its own (lib/suspension.ts formats it the same way). */
const MESSAGE = `Your account is suspended until ${MONTHS[UNTIL.getUTCMonth()]} ${UNTIL.getUTCDate()}, ${UNTIL.getUTCFullYear()}, ${String(UNTIL.getUTCHours()).padStart(2, "0")}:${String(UNTIL.getUTCMinutes()).padStart(2, "0")} UTC.`;

/** Suspends the member as suspendMember does (lib/server/moderation/actions.ts): the end, the reason, and every session ended. */
async function suspend(userId: string) {
  await e2eSql("UPDATE users SET suspended_until = $2, suspension_reason = $3, session_version = session_version + 1 WHERE id = $1", [userId, UNTIL, REASON]);
  await e2eSql("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/** The newest public question with an answer. */
async function answeredQuestion(page: Page): Promise<{ id: number; title: string }> {
  const res = await page.request.get("/api/questions?answers=answered&limit=1");
  expect(res.status()).toBe(200);
  const [question] = (await res.json()) as { id: number; title: string }[];
  return question!;
}

/** The toast a refused write shows, with the server's message. */
async function expectSuspendedToast(page: Page) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "You cannot do this while suspended" });
  await expect(toast).toContainText(MESSAGE);
}

test("a suspended member signs in, reads under the banner, and every write shows the suspension's message", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail("suspended");
  const registered = await page.request.post("/api/register", { data: { email, password: DEMO_PASSWORD, firstName: "Sid", lastName: "Suspended" } });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  await suspend(id);

  // The suspension ended the session; the password still signs them in.
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await signIn(page, email, DEMO_PASSWORD);

  // Home: the banner, with the date and the reason.
  const banner = page.getByRole("region", { name: "Account suspended" });
  await expect(banner).toContainText(`${MESSAGE} You can read, but not post, vote or comment.`);
  await expect(banner).toContainText(`Reason: ${REASON}`);

  // A question page reads as usual, under the same banner.
  const question = await answeredQuestion(page);
  await page.goto(`/questions/${question.id}`);
  await expect(page.getByRole("heading", { name: question.title, level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "suspended-member-question");

  // A vote: refused, with the server's message in a toast, and the count unchanged.
  const upvote = page.getByRole("button", { name: "Upvote" }).first();
  await waitForHydration(upvote);
  await upvote.click();
  await expectSuspendedToast(page);
  await expect(upvote).toHaveAttribute("aria-pressed", "false");
  await page.mouse.move(1, 1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });

  // An answer: refused the same way; the draft stays.
  const editor = page.getByRole("textbox", { name: "Your Answer" });
  await waitForHydration(editor);
  await editor.fill("Keep the timer id in a ref, and clear it in the effect's cleanup.");
  await page.getByRole("button", { name: "Post Answer" }).click();
  await expectSuspendedToast(page);
  // The toast closes by itself after 5 s: the screenshot first, then the rest.
  await page.screenshot({ path: "tests/artifacts/screenshots/suspended-member-answer-refused-desktop.png" });
  await expect(editor).toHaveValue("Keep the timer id in a ref, and clear it in the effect's cleanup.");
  await expect(page.getByRole("region", { name: "Your Answer" }).getByRole("alert")).toHaveText(MESSAGE); // also beside the form, where it stays
  await expectAccessible(page);
  await page.mouse.move(1, 1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });

  // At 390 px: the banner wraps, nothing scrolls sideways, and a refused vote still says why.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tags");
  await expect(banner).toContainText(MESSAGE);
  await expectAccessible(page);
  await page.goto(`/questions/${question.id}`);
  const phoneUpvote = page.getByRole("button", { name: "Upvote" }).first();
  await waitForHydration(phoneUpvote);
  await phoneUpvote.click();
  await expectSuspendedToast(page);
  await page.screenshot({ path: "tests/artifacts/screenshots/suspended-member-vote-refused-phone.png" });
  await expectAccessible(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  // Sign-out still works.
  expect((await page.request.post("/api/logout")).status()).toBeLessThan(400);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
