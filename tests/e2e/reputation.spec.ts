import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectAccessible, postWithRetry, screenshots, signIn, test, uniqueEmail } from "./support";

const DANIEL = "daniel@demo.agora.dev";

/** Registers a new member through the API; the context of `request` is then signed in as them. */
async function registerMember(request: APIRequestContext, firstName: string, lastName: string) {
  const res = await request.post("/api/register", { data: { email: uniqueEmail(firstName.toLowerCase()), password: "reputation-pass-1", firstName, lastName } });
  expect(res.status()).toBe(201);
  return ((await (await request.get("/api/auth/user")).json()) as { id: string }).id;
}

test.describe("reputation", () => {
  test("a member earns reputation from an up-vote and an accept, and reads it on the Reputation tab", async ({ browser, page }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `How do I keep a ledger and a counter in step ${stamp}`;
    const rosa = await registerMember(page.request, "Rosa", "Reyes");
    const tags = (await (await page.request.get("/api/tags")).json()) as { id: number }[];
    const created = await postWithRetry(page.request, "/api/questions", { title, description: "Every vote should move both, exactly once.", tagIds: [tags[0]!.id] });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // Daniel answers and up-votes the question; Rosa accepts his answer.
    const daniel = await (await browser.newContext()).newPage();
    await signIn(daniel, DANIEL, DEMO_PASSWORD);
    const answered = await postWithRetry(daniel.request, `/api/questions/${id}/answers`, { content: `Write the event and move the counter in one transaction (${stamp}).` });
    expect(answered.status()).toBe(201);
    const answerId = ((await answered.json()) as { id: number }).id;
    expect((await daniel.request.post(`/api/questions/${id}/vote`, { data: { voteType: "up" } })).status()).toBe(200);
    expect((await page.request.post(`/api/questions/${id}/accept`, { data: { answerId } })).status()).toBe(200);

    // The question page shows each author's reputation beside their name.
    await page.goto(`/questions/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTitle("Reputation").first()).toHaveText("13 reputation");
    const answer = page.locator(`#answer-${answerId}`);
    await expect(answer.getByTitle("Reputation")).toHaveText(/^[\d,]+ reputation$/);
    await screenshots(page, "reputation-question-page");

    await page.goto(`/users/${rosa}`);
    const header = page.getByRole("region", { name: "Rosa Reyes" });
    await expect(header.getByText("Reputation", { exact: true })).toBeVisible();
    await expect(header.getByText("13", { exact: true })).toBeVisible();
    await page.getByRole("tab", { name: "Reputation" }).click();
    const panel = page.getByRole("tabpanel", { name: "Reputation" });
    const items = panel.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText("+2");
    await expect(items.nth(0)).toContainText(`Accepted an answer to ${title}`);
    await expect(items.nth(1)).toContainText("+10");
    await expect(items.nth(1)).toContainText(`Upvote on your question ${title}`);
    await expect(items.nth(1).getByRole("link", { name: title })).toHaveAttribute("href", `/questions/${id}`);
    await expect(panel.getByText("13")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "reputation-profile-tab");

    // Daniel's side, as a visitor reads it: +15 for the accepted answer, +10 on his own question list, in third person.
    const visitor = await (await browser.newContext()).newPage();
    const danielId = ((await (await daniel.request.get("/api/auth/user")).json()) as { id: string }).id;
    await visitor.goto(`/users/${danielId}`);
    await visitor.getByRole("tab", { name: "Reputation" }).click();
    const accepted = visitor.getByRole("tabpanel", { name: "Reputation" }).getByRole("listitem").first();
    await expect(accepted).toContainText("+15");
    await expect(accepted).toContainText(`Their answer to ${title} was accepted`);
    await expect(accepted.getByRole("link", { name: title })).toHaveAttribute("href", `/questions/${id}#answer-${answerId}`);
    await expectAccessible(visitor);
  });

  test("the members directory ranks by reputation over all time and the last 30 days", async ({ page }) => {
    await page.goto("/users?tab=reputation");
    const tab = page.getByRole("tab", { name: "Top Reputation" });
    await expect(tab).toHaveAttribute("aria-selected", "true");
    const period = page.getByRole("group", { name: "Reputation period" });
    await expect(period.getByRole("button", { name: "All time" })).toHaveAttribute("aria-pressed", "true");
    const cards = page.getByRole("article");
    await expect(cards.first()).toContainText(/[\d,]+ reputation/);
    // The cards are in order of reputation.
    const figures = (await cards.locator("p", { hasText: /^[\d,]+ reputation$/ }).allTextContents()).map((t) => Number(t.replace(/[^\d]/g, "")));
    expect(figures.length).toBeGreaterThan(3);
    expect([...figures].sort((a, b) => b - a)).toEqual(figures);
    await expectAccessible(page);
    await screenshots(page, "reputation-directory-all-time");

    await period.getByRole("button", { name: "Last 30 days" }).click();
    await expect(page).toHaveURL(/tab=reputation-month/);
    await expect(period.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Members who gained the most reputation in last 30 days")).toBeVisible();
    await expect(cards.first()).toContainText(/\+[\d,]+ reputation in 30 days/);
    await expectAccessible(page);
    await screenshots(page, "reputation-directory-month");
  });
});
