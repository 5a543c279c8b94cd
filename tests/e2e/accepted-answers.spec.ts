import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, postWithRetry } from "./support";

const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";

test.describe("accepted answers", () => {
  test("the asker accepts an answer: it moves first with the check mark, for visitors too, and the card turns green", async ({ browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `Which answer should I accept for this question ${stamp}`;
    const firstText = `The first answer, posted early and voted up by nobody yet (${stamp}).`;
    const laterText = `The later answer, which turns out to be the one that helped (${stamp}).`;

    const maya = await (await browser.newContext()).newPage();
    await signIn(maya, MAYA, DEMO_PASSWORD);
    const tags = (await (await maya.request.get("/api/tags")).json()) as { id: number }[];
    const created = await postWithRetry(maya.request, "/api/questions", { title, description: "Two answers, one accepted.", tagIds: [tags[0]!.id] });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const daniel = await (await browser.newContext()).newPage();
    await signIn(daniel, DANIEL, DEMO_PASSWORD);
    for (const content of [firstText, laterText]) {
      expect((await postWithRetry(daniel.request, `/api/questions/${id}/answers`, { content })).status()).toBe(201);
    }
    // Daniel votes the question up; Maya, its author, cannot.
    expect((await postWithRetry(daniel.request, `/api/questions/${id}/vote`, { voteType: "up" })).status()).toBe(200);

    await maya.goto(`/questions/${id}`);
    const answers = maya.locator("article[id^='answer-']");
    await expect(answers.filter({ hasText: laterText })).toBeVisible();
    const later = answers.filter({ hasText: laterText });
    await expect(later.getByText("Accepted by the asker")).toHaveCount(0);
    await expect(maya.getByRole("group", { name: "Question votes" }).getByTestId("vote-score")).toHaveText(/^1/);
    await expect(maya.getByRole("group", { name: "Question votes" }).getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-disabled", "true");

    await later.getByRole("button", { name: /^Accept the answer by/ }).click();
    await expect(maya.getByText("Answer accepted")).toBeVisible();
    await expect(answers.first()).toContainText(laterText);
    await expect(answers.first().getByText("Accepted by the asker")).toBeVisible();
    await expect(answers.first().getByRole("button", { name: /^Unaccept the answer by/ })).toBeVisible();
    await screenshots(maya, "accepted-answer-asker");

    // A visitor (the cached page is dropped on the change) sees it first too, without buttons.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/questions/${id}`);
    const visitorAnswers = visitor.locator("article[id^='answer-']");
    await expect(visitorAnswers.first()).toContainText(laterText);
    await expect(visitorAnswers.first().getByText("Accepted by the asker")).toBeVisible();
    await expect(visitor.getByRole("button", { name: /Accept the answer/ })).toHaveCount(0);
    await expectAccessible(visitor);
    await screenshots(visitor, "accepted-answer-visitor");

    // The card in the feed shows the answered state.
    await visitor.goto("/questions");
    const card = visitor.getByRole("article").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("answer-count-box")).toHaveClass(/bg-emerald-700/);
    await screenshots(visitor, "accepted-answer-card");
  });
});
