import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { e2eSql, expect, expectAccessible, postWithRetry, screenshots, test, uniqueEmail } from "./support";

const PASSWORD = "question states e2e password";

async function updateUser(userId: string, set: { role?: string; reputation?: number }) {
  if (set.role) await e2eSql("UPDATE users SET role = $2 WHERE id = $1", [userId, set.role]);
  if (set.reputation) await e2eSql("UPDATE users SET reputation = $2 WHERE id = $1", [userId, set.reputation]);
}

/** A new member signed in in a browser context of their own (their own client address, so per-IP limits are theirs). */
async function newMember(browser: Browser, firstName: string): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` } });
  const page = await context.newPage();
  const res = await page.request.post("/api/register", { data: { email: uniqueEmail("qstate"), password: PASSWORD, firstName, lastName: "Tester" } });
  expect(res.status()).toBe(201);
  return { page, id: ((await res.json()) as { id: string }).id };
}

/** A question asked by a new member of its own (questions are limited per member), with its id. */
async function askQuestion(browser: Browser, title: string): Promise<{ id: number; title: string }> {
  const asker = await newMember(browser, "Asker");
  const tags = (await (await asker.page.request.get("/api/tags")).json()) as { id: number }[];
  const created = await postWithRetry(asker.page.request, "/api/questions", { title, description: "What I tried is below.", tagIds: [tags[0]!.id] });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, title };
}

test("a moderator closes a question as a duplicate: the notice links the original and the answer form is gone", async ({ browser, page: visitor }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const original = await askQuestion(browser, `How do I read a file line by line in Node ${stamp}`);
  const duplicate = await askQuestion(browser, `Reading a text file one line at a time ${stamp}`);

  const moderator = await newMember(browser, "Mona");
  await updateUser(moderator.id, { role: "moderator" });
  const page = moderator.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questions/${duplicate.id}`);
  await expect(page.getByRole("heading", { name: "Your Answer" })).toBeVisible();
  const closeButton = page.getByRole("button", { name: "Close", exact: true });
  const dialog = page.getByRole("dialog", { name: "Close this question" });
  // The moderators' controls load on demand and the page hydrates once they have; one press
  // right after load is enough: a press before hydration opens the dialog once it has (lib/early).
  await closeButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("It is not about what this community discusses.")).toBeVisible();
  await dialog.getByRole("radio", { name: /Duplicate/ }).check();
  await dialog.getByLabel("Link or number of the original question").fill(`http://localhost/questions/${original.id}`);
  await expect(dialog.getByTestId("original-title")).toHaveText(`Original: ${original.title}`);
  await expectAccessible(page);
  await screenshots(page, "question-states-close-dialog");
  await dialog.getByRole("button", { name: "Close question" }).click();
  await expect(dialog).toBeHidden();

  const notice = page.getByTestId("closed-notice");
  await expect(notice.getByRole("heading", { name: "This question already has an answer here:" })).toBeVisible();
  await expect(notice.getByRole("link", { name: original.title })).toBeVisible();
  await expect(notice.getByText("Closed by Mona Tester")).toBeVisible();
  await expect(notice.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Answer" })).toHaveCount(0);
  await expect(page.getByText("This question is closed, so it takes no new answers.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Close", exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "question-states-closed-moderator");

  // A visitor sees the same notice, the link leads to the original, and the API refuses answers.
  await visitor.goto(`/questions/${duplicate.id}`);
  const seen = visitor.getByTestId("closed-notice");
  await expect(seen.getByText("Closed by Mona Tester")).toBeVisible();
  await expect(seen.getByRole("button")).toHaveCount(0);
  await expect(visitor.getByText("Want to contribute to the discussion?")).toHaveCount(0);
  await expectAccessible(visitor);
  await screenshots(visitor, "question-states-closed-visitor");
  await seen.getByRole("link", { name: original.title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/questions/${original.id}$`));
  await expect(visitor.getByRole("heading", { name: original.title, level: 1 })).toBeVisible();
  const answerer = await newMember(browser, "Ann");
  const refused = await answerer.page.request.post(`/api/questions/${duplicate.id}/answers`, { data: { content: "Use readline with a for await loop over the lines." } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe("This question is closed");
});

test("three 250-reputation members vote to close a question; it says 'by the community'", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const question = await askQuestion(browser, `What is the best pizza topping ${stamp}`);
  const voters: { page: Page; id: string }[] = [];
  for (const name of ["Vera", "Vic", "Val"]) {
    const voter = await newMember(browser, name);
    await updateUser(voter.id, { reputation: 250 });
    voters.push(voter);
  }

  // A member below 250 reputation gets no such control.
  const newcomer = await newMember(browser, "Nia");
  await newcomer.page.goto(`/questions/${question.id}`);
  await expect(newcomer.page.getByRole("heading", { name: "Your Answer" })).toBeVisible();
  await expect(newcomer.page.getByRole("button", { name: "Vote to close" })).toHaveCount(0);
  await expect(newcomer.page.getByRole("button", { name: "Close", exact: true })).toHaveCount(0);

  // The first votes through the dialog, at phone width, using only the keyboard to choose.
  const first = voters[0]!.page;
  await first.setViewportSize({ width: 390, height: 844 });
  await first.goto(`/questions/${question.id}`);
  const vote = first.getByRole("button", { name: "Vote to close" });
  await vote.click();
  const dialog = first.getByRole("dialog", { name: "Vote to close this question" });
  await dialog.getByRole("radio", { name: /Off topic/ }).focus();
  await first.keyboard.press("Space");
  await expect(dialog.getByRole("radio", { name: /Off topic/ })).toBeChecked();
  await expectAccessible(first);
  await dialog.getByRole("button", { name: "Vote to close" }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByTestId("close-votes")).toHaveText("You voted to close · 1 of 3 close votes");
  await expect(first.getByTestId("closed-notice")).toHaveCount(0);
  await expectAccessible(first);
  await screenshots(first, "question-states-one-close-vote");

  // The second through the API; the third closes it from the page.
  const second = await voters[1]!.page.request.post(`/api/questions/${question.id}/close`, { data: { reason: "off_topic" } });
  expect(await second.json()).toMatchObject({ closed: null, closeVotes: 2, viewerVote: "close" });
  const third = voters[2]!.page;
  await third.setViewportSize({ width: 1280, height: 900 });
  await third.goto(`/questions/${question.id}`);
  await expect(third.getByTestId("close-votes")).toHaveText("2 of 3 close votes");
  const thirdVote = third.getByRole("button", { name: "Vote to close" });
  await thirdVote.click();
  const thirdDialog = third.getByRole("dialog", { name: "Vote to close this question" });
  await thirdDialog.getByRole("radio", { name: /Needs details/ }).check();
  await thirdDialog.getByRole("button", { name: "Vote to close" }).click();
  const notice = third.getByTestId("closed-notice");
  await expect(notice.getByRole("heading", { name: "Closed as off topic" })).toBeVisible(); // two of the three votes said off topic
  await expect(notice.getByText("Closed by the community")).toBeVisible();
  await expect(notice.getByRole("button", { name: "Vote to reopen" })).toBeVisible();
  await expect(third.getByRole("heading", { name: "Your Answer" })).toHaveCount(0);
  await expectAccessible(third);
  await screenshots(third, "question-states-closed-by-community");
});

test("a locked question shows no vote, answer or comment controls", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const question = await askQuestion(browser, `Which editor should a beginner use ${stamp}`);
  const answerer = await newMember(browser, "Ann");
  const answered = await answerer.page.request.post(`/api/questions/${question.id}/answers`, { data: { content: "Start with the editor your course uses; switch later." } });
  expect(answered.status()).toBe(201);
  const answer = (await answered.json()) as { id: number };

  const moderator = await newMember(browser, "Mo");
  await updateUser(moderator.id, { role: "moderator" });
  const page = moderator.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questions/${question.id}`);
  const lockButton = page.getByRole("button", { name: "Lock", exact: true });
  await lockButton.click();
  await expect(page.getByTestId("locked-notice")).toContainText("This question is locked.");
  await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upvote" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your Answer" })).toHaveCount(0);
  await expectAccessible(page);

  // Another member: the scores without buttons, no answer form, no comment box; the API agrees.
  const reader = await newMember(browser, "Rae");
  await reader.page.setViewportSize({ width: 390, height: 844 });
  await reader.page.goto(`/questions/${question.id}`);
  await expect(reader.page.getByTestId("locked-notice")).toBeVisible();
  await expect(reader.page.locator(`#answer-${answer.id}`)).toBeVisible();
  await expect(reader.page.getByRole("button", { name: "Upvote" })).toHaveCount(0);
  await expect(reader.page.getByRole("button", { name: "Downvote" })).toHaveCount(0);
  await expect(reader.page.getByRole("heading", { name: "Your Answer" })).toHaveCount(0);
  await expect(reader.page.getByText("This question is locked, so it takes no new answers.")).toBeVisible();
  await expect(reader.page.getByRole("button", { name: /Add a comment/ })).toHaveCount(0);
  for (const name of ["Lock", "Unlock", "Close", "Vote to close"]) await expect(reader.page.getByRole("button", { name, exact: true })).toHaveCount(0);
  await expectAccessible(reader.page);
  await screenshots(reader.page, "question-states-locked-member");
  const vote = await reader.page.request.post(`/api/answers/${answer.id}/vote`, { data: { voteType: "up" } });
  expect(vote.status()).toBe(403);
  expect(((await vote.json()) as { message: string }).message).toBe("This question is locked");

  // Unlocked, the controls come back.
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByTestId("locked-notice")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Upvote" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Answer" })).toBeVisible();
});
