import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { e2eSql, expect, expectAccessible, postWithRetry, screenshots, test, uniqueEmail, waitForHydration } from "./support";

const PASSWORD = "suggested edits e2e password";

async function setReputation(userId: string, reputation: number) {
  await e2eSql("UPDATE users SET reputation = $2 WHERE id = $1", [userId, reputation]);
}

/** A new member signed in in a browser context of their own (their own client address, so per-IP limits are theirs). */
async function newMember(browser: Browser, firstName: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.20.${randomInt(256)}.${randomInt(1, 255)}` } });
  const page = await context.newPage();
  const res = await page.request.post("/api/register", { data: { email: uniqueEmail("edits"), password: PASSWORD, firstName, lastName: "Tester" } });
  expect(res.status()).toBe(201);
  return { page, id: ((await res.json()) as { id: string }).id };
}

test("a new member suggests an edit of someone's answer, its author approves it from the post, and the revisions credit the suggester", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const original = `Read the file with a stream, then split it on newlines (${stamp}).`;
  const improved = `Read the file with a stream and readline, which yields one line at a time (${stamp}).`;

  const bea = await newMember(browser, "Bea");
  const tags = (await (await bea.page.request.get("/api/tags")).json()) as { id: number }[];
  const created = await postWithRetry(bea.page.request, "/api/questions", { title: `How do I read a big file line by line ${stamp}`, tagIds: [tags[0]!.id] });
  expect(created.status()).toBe(201);
  const question = (await created.json()) as { id: number };
  const answered = await postWithRetry(bea.page.request, `/api/questions/${question.id}/answers`, { content: original });
  expect(answered.status()).toBe(201);
  const answer = (await answered.json()) as { id: number };

  // Sam (1 reputation) cannot edit Bea's answer: Edit became "Suggest edit".
  const sam = await newMember(browser, "Sam");
  await sam.page.goto(`/questions/${question.id}`);
  const samItem = sam.page.locator(`#answer-${answer.id}`);
  await expect(samItem.getByRole("button", { name: "Edit answer" })).toHaveCount(0);
  const suggestButton = samItem.getByRole("button", { name: /^Suggest edit/ });
  await waitForHydration(suggestButton);
  await suggestButton.click();
  const dialog = sam.page.getByRole("dialog", { name: "Suggest an edit" });
  const editor = dialog.getByRole("textbox", { name: "Answer" });
  await expect(editor).toHaveValue(original);
  await editor.fill(improved);
  // The summary is required.
  await dialog.getByRole("button", { name: "Submit for review" }).click();
  await expect(dialog.getByText("Please describe your edit in the edit summary")).toBeVisible();
  await dialog.getByLabel(/Edit summary/).fill("Named the readline module");
  await expectAccessible(sam.page);
  await screenshots(sam.page, "suggest-edit-dialog");
  await dialog.getByRole("button", { name: "Submit for review" }).click();
  await expect(sam.page.getByText("Your edit was submitted for review")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(samItem.getByText("Your suggested edit is waiting for review")).toBeVisible();
  await expect(samItem.getByText(original)).toBeVisible(); // unchanged until approved

  // Bea, the answer's author, reviews it from the post.
  await bea.page.goto(`/questions/${question.id}`);
  const beaItem = bea.page.locator(`#answer-${answer.id}`);
  await expect(beaItem.getByText("An edit is waiting for review")).toBeVisible();
  const reviewButton = beaItem.getByRole("button", { name: /^Review/ });
  await waitForHydration(reviewButton);
  await reviewButton.click();
  const review = bea.page.getByRole("dialog", { name: "Review suggested edit" });
  const diff = review.getByRole("group", { name: "Proposed change to the answer" });
  await expect(diff.locator("ins").filter({ hasText: "readline" })).not.toHaveCount(0);
  await expect(review.getByText("Named the readline module")).toBeVisible();
  await expectAccessible(bea.page);
  await screenshots(bea.page, "suggested-edit-review-dialog");
  await review.getByRole("button", { name: "Approve" }).click();
  await expect(bea.page.getByText("Edit approved")).toBeVisible();
  await expect(beaItem.getByText(improved)).toBeVisible();
  await expect(beaItem.getByText("An edit is waiting for review")).toHaveCount(0);

  // The revisions page credits Sam, approved by Bea.
  await bea.page.goto(`/answers/${answer.id}/revisions`);
  const revisions = bea.page.getByRole("list", { name: "Revisions, newest first" });
  const latest = revisions.locator("#revision-2");
  await expect(latest.getByRole("link", { name: "Sam Tester" })).toBeVisible();
  await expect(latest.getByText("approved by")).toContainText("Bea Tester");
  await expect(latest.getByText("Named the readline module")).toBeVisible();
  await expectAccessible(bea.page);
  await screenshots(bea.page, "suggested-edit-revisions");

  // Sam earned 2 reputation, and /help/privileges says how far the next privilege is.
  await sam.page.goto("/help/privileges");
  await expect(sam.page.getByRole("heading", { name: "Your reputation: 3" })).toBeVisible();
  await expect(sam.page.getByText("247 more to “Vote to close and reopen” (at 250).")).toBeVisible();
});

test("a member with 1,000 reputation edits someone's answer directly; 500 reputation reviews the suggested-edits queue", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const ann = await newMember(browser, "Ann");
  const tags = (await (await ann.page.request.get("/api/tags")).json()) as { id: number }[];
  const created = await postWithRetry(ann.page.request, "/api/questions", { title: `Why is my service worker not updating ${stamp}`, tagIds: [tags[0]!.id] });
  const question = (await created.json()) as { id: number };
  const answered = await postWithRetry(ann.page.request, `/api/questions/${question.id}/answers`, { content: `Call skipWaiting in the install handler of the worker (${stamp}).` });
  const answer = (await answered.json()) as { id: number };

  const fay = await newMember(browser, "Fay");
  await setReputation(fay.id, 1000);
  await fay.page.goto(`/questions/${question.id}`);
  const item = fay.page.locator(`#answer-${answer.id}`);
  const edit = item.getByRole("button", { name: "Edit answer" });
  await waitForHydration(edit);
  await expect(item.getByRole("button", { name: /^Suggest edit/ })).toHaveCount(0);
  await edit.click();
  const dialog = fay.page.getByRole("dialog", { name: "Edit answer" });
  await dialog.getByRole("textbox", { name: "Answer" }).fill(`Call self.skipWaiting() in the install handler, then clients.claim() (${stamp}).`);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(fay.page.getByText("Answer updated")).toBeVisible();
  await expect(item.getByText("clients.claim()")).toBeVisible();

  // A new member suggests a better title; Rex (500) finds it in /review/suggested-edits (no Flags tab) and rejects it.
  const sid = await newMember(browser, "Sid");
  const suggested = await postWithRetry(sid.page.request, "/api/suggested-edits", {
    targetType: "question",
    targetId: question.id,
    title: `Why does my service worker keep the old version ${stamp}`,
    summary: "A title that says what happens",
  });
  expect(suggested.status()).toBe(201);
  const rex = await newMember(browser, "Rex");
  await setReputation(rex.id, 500);
  await rex.page.goto("/review/suggested-edits");
  const tabs = rex.page.getByRole("navigation", { name: "Review queues" });
  await expect(tabs.getByRole("link", { name: "Suggested edits" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Flags" })).toHaveCount(0);
  const entry = rex.page.getByRole("listitem").filter({ hasText: "A title that says what happens" });
  await expect(entry.getByRole("group", { name: "Proposed change to the title" }).locator("ins")).not.toHaveCount(0);
  await expectAccessible(rex.page);
  await screenshots(rex.page, "suggested-edits-queue");
  const reject = entry.getByRole("button", { name: "Reject" });
  await waitForHydration(reject);
  await entry.getByLabel(/Reason for rejecting/).fill("The current title is fine");
  await reject.click();
  await expect(rex.page.getByText("Edit rejected")).toBeVisible();
  await expect(entry).toHaveCount(0);
});

test("/help/privileges shows the privileges table to visitors", async ({ page }) => {
  await page.goto("/help/privileges");
  await expect(page.getByRole("heading", { level: 1, name: "Privileges" })).toBeVisible();
  const table = page.getByRole("table", { name: "Privileges and the reputation each takes" });
  for (const [reputation, title] of [["250", "Vote to close and reopen"], ["500", "Review suggested edits"], ["1,000", "Edit any post"]]) {
    await expect(table.getByRole("row").filter({ hasText: title })).toContainText(reputation!);
  }
  await expect(page.getByText("Moderators and admins hold all of these privileges")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "help-privileges");
});
