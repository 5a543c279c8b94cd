import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { e2eSql, expect, expectAccessible, postWithRetry, screenshots, test, uniqueEmail, waitForHydration } from "./support";

const PASSWORD = "flags e2e password";

async function makeModerator(userId: string) {
  await e2eSql("UPDATE users SET role = 'moderator' WHERE id = $1", [userId]);
}

/** A new member signed in in a browser context of their own (their own client address, so per-IP limits are theirs). */
async function newMember(browser: Browser, firstName: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.19.${randomInt(256)}.${randomInt(1, 255)}` } });
  const page = await context.newPage();
  const res = await page.request.post("/api/register", { data: { email: uniqueEmail("flags"), password: PASSWORD, firstName, lastName: "Tester" } });
  expect(res.status()).toBe(201);
  return { page, id: ((await res.json()) as { id: string }).id };
}

test("three members flag an answer as spam: it disappears for visitors, a moderator dismisses the flags in /review and it is back", async ({ browser, page: visitor }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const spam = `Cheap watches at shop-${stamp}.example`;

  const asker = await newMember(browser, "Asha");
  const tags = (await (await asker.page.request.get("/api/tags")).json()) as { id: number }[];
  const created = await postWithRetry(asker.page.request, "/api/questions", { title: `How do I keep time in a browser tab ${stamp}`, tagIds: [tags[0]!.id] });
  expect(created.status()).toBe(201);
  const question = (await created.json()) as { id: number };
  const spammer = await newMember(browser, "Sam");
  const answered = await spammer.page.request.post(`/api/questions/${question.id}/answers`, { data: { content: spam } });
  expect(answered.status()).toBe(201);
  const answer = (await answered.json()) as { id: number };

  // Two members flag through the API, the third through the dialog.
  for (const name of ["Fay", "Finn"]) {
    const flagger = await newMember(browser, name);
    expect((await flagger.page.request.post("/api/flags", { data: { targetType: "answer", targetId: answer.id, reason: "spam" } })).status()).toBe(201);
  }
  const third = await newMember(browser, "Flo");
  await third.page.setViewportSize({ width: 1280, height: 900 });
  await third.page.goto(`/questions/${question.id}`);
  const item = third.page.locator(`#answer-${answer.id}`);
  await expect(item.getByText(spam)).toBeVisible();
  const flagButton = item.getByRole("button", { name: "Flag this answer" });
  await waitForHydration(flagButton);
  await flagButton.click();
  const dialog = third.page.getByRole("dialog", { name: "Flag this answer" });
  await expect(dialog.getByText("Promotes a product or site without disclosure", { exact: false })).toBeVisible();
  await expect(dialog.getByText("AI answer is wrong")).toHaveCount(0); // a member's answer, not the AI's
  await expect(dialog.getByText("Duplicate")).toHaveCount(0); // only questions are duplicates
  await dialog.getByRole("radio", { name: /Spam/ }).check();
  await expectAccessible(third.page);
  await screenshots(third.page, "flags-dialog");
  await dialog.getByRole("button", { name: "Submit flag" }).click();
  await expect(third.page.getByText("Thanks — a moderator will review this.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Hidden at once: visitors see the question without the answer; its author sees the banner.
  await visitor.goto(`/questions/${question.id}`);
  await expect(visitor.getByRole("heading", { name: new RegExp(`keep time in a browser tab ${stamp}`) })).toBeVisible();
  await expect(visitor.getByText(spam)).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: /^Flag/ })).toHaveCount(0);
  await expect(visitor.getByText("Hidden pending review")).toHaveCount(0);
  await spammer.page.goto(`/questions/${question.id}`);
  const own = spammer.page.locator(`#answer-${answer.id}`);
  await expect(own.getByText(spam)).toBeVisible();
  await expect(own.getByTestId("hidden-banner")).toContainText("Hidden pending review");
  await expect(own.getByRole("button", { name: /^Flag/ })).toHaveCount(0);
  await own.scrollIntoViewIfNeeded();
  await expectAccessible(spammer.page);
  await screenshots(spammer.page, "flags-hidden-answer-author");

  // A member who is not a moderator gets the 404 screen at /review.
  await asker.page.goto("/review");
  await expect(asker.page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();

  // The moderator reviews it.
  const moderator = await newMember(browser, "Mona");
  await makeModerator(moderator.id);
  await moderator.page.setViewportSize({ width: 1280, height: 900 });
  await moderator.page.goto("/review");
  await expect(moderator.page.getByRole("heading", { name: "Review", level: 1 })).toBeVisible();
  await expect(moderator.page.getByRole("link", { name: "Flags" })).toHaveAttribute("aria-current", "page");
  const card = moderator.page.getByRole("article").filter({ hasText: spam });
  await expect(card.getByText("Spam × 3")).toBeVisible();
  for (const name of ["Fay Tester", "Finn Tester", "Flo Tester"]) await expect(card.getByText(name, { exact: false })).toBeVisible();
  await expect(card.getByText("Hidden", { exact: true })).toBeVisible();
  await expectAccessible(moderator.page);
  await screenshots(moderator.page, "flags-review-queue");
  const dismiss = card.getByRole("button", { name: "Dismiss flags" });
  await waitForHydration(dismiss);
  await dismiss.click();
  await expect(moderator.page.getByText("Flags dismissed")).toBeVisible();
  await expect(moderator.page.getByText("Nothing to review")).toBeVisible();
  await expectAccessible(moderator.page);

  // Visible again for everyone.
  await visitor.reload();
  await expect(visitor.getByText(spam)).toBeVisible();
  await moderator.page.setViewportSize({ width: 390, height: 844 });
  await moderator.page.goto("/review");
  await expect(moderator.page.getByText("Nothing to review")).toBeVisible();
  await expectAccessible(moderator.page);
});
