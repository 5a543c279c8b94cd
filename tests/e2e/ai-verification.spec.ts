import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, postWithRetry, waitForHydration } from "./support";

// Verdicts on AI answers (issue 16). The e2e server writes automatic answers with a loopback
// OpenAI-compatible fake (scripts/e2e-server.ts), so every new question gets one within seconds.
const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";
const PRIYA = "priya@demo.agora.dev";
const TOM = "tom@demo.agora.dev"; // a moderator

test.describe("AI answers the community verifies", () => {
  test("members dispute the AI answer with their reasons, Agora AI revises it, then the asker's accept verifies it", async ({ browser }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const maya = await (await browser.newContext()).newPage();
    await signIn(maya, MAYA, DEMO_PASSWORD);
    const tags = (await (await maya.request.get("/api/tags")).json()) as { id: number }[];
    const created = await postWithRetry(maya.request, "/api/questions", {
      title: `Why does my React effect fetch the same data twice ${stamp}`,
      description: "In development my useEffect fetch runs twice. Is that a bug in my code?",
      tagIds: [tags[0]!.id],
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // Daniel opens the page: the AI answer arrives, nobody has checked it yet.
    const daniel = await (await browser.newContext()).newPage();
    await signIn(daniel, DANIEL, DEMO_PASSWORD);
    await daniel.goto(`/questions/${id}`);
    const aiAnswer = daniel.getByRole("article", { name: "Answer by Agora AI" });
    await expect(aiAnswer).toBeVisible({ timeout: 30_000 });
    await expect(aiAnswer.getByTestId("ai-badge")).toHaveText("AI Generated");
    await expect(aiAnswer.getByTestId("verification-statement")).toHaveText("No member has checked this AI answer yet");
    await screenshots(daniel, "ai-verification-unverified");

    // Incorrect asks why, in a small dialog.
    const incorrect = aiAnswer.getByRole("button", { name: "Incorrect" });
    await waitForHydration(incorrect);
    await incorrect.click();
    const dialog = daniel.getByRole("dialog", { name: "What is wrong with this answer?" });
    await dialog.getByLabel("Reason").fill("Strict mode mounts twice on purpose in development; nothing is wrong with the fetch.");
    await expectAccessible(daniel);
    await dialog.getByRole("button", { name: "Mark as incorrect" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(incorrect).toHaveAttribute("aria-pressed", "true");
    await expect(aiAnswer.getByTestId("verification-statement")).toHaveText("1 member says this is wrong");

    // A second member agrees: the answer is disputed, with both reasons, for visitors too, and
    // the dispute owes a revision: "Being revised…" while Agora AI writes it.
    const priya = await (await browser.newContext()).newPage();
    await signIn(priya, PRIYA, DEMO_PASSWORD);
    const answerId = Number((await aiAnswer.getAttribute("id"))!.replace("answer-", ""));
    const second = await postWithRetry(priya.request, `/api/answers/${answerId}/verification`, { verdict: "incorrect", reason: "It should mention the cleanup function that aborts the first request." });
    expect(second.status()).toBe(200);
    expect((await second.json()).aiRevision).toEqual({ pending: true, last: null, viewerCanRequest: false });
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/questions/${id}`);
    const seen = visitor.getByRole("article", { name: "Answer by Agora AI" });
    await expect(seen.getByTestId("ai-badge")).toHaveText("AI · Disputed");
    await expect(seen.getByTestId("verification-statement")).toHaveText("Disputed: 2 members say this is wrong");
    await expect(seen.getByText("It should mention the cleanup function that aborts the first request.")).toBeVisible();
    await expect(seen.getByRole("button", { name: "Correct" })).toHaveCount(0);
    const revision = seen.getByTestId("ai-revision");
    await expect(revision).toHaveAttribute("data-state", "pending");
    await expect(revision).toContainText("Being revised…");
    await expectAccessible(visitor);
    await screenshots(visitor, "ai-revision-being-revised");

    // The revision arrives as a new version of the same answer, saying what changed and why; its
    // verdicts start again, and the provenance panel lists the corrections it used.
    await expect(async () => {
      await visitor.reload();
      await expect(seen.getByTestId("ai-revision")).toHaveAttribute("data-state", "revised", { timeout: 1_000 });
    }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
    await expect(seen.getByTestId("ai-revision-headline")).toHaveText("Updated after 2 members pointed out a mistake");
    await expect(seen.getByTestId("ai-revision")).toContainText("What changed: Explained why strict mode runs the effect twice");
    await expect(seen.locator("pre").first()).toContainText("controller.abort()");
    await expect(seen.getByTestId("ai-badge")).toHaveText("AI Generated");
    await expect(seen.getByTestId("verification-statement")).toHaveText("No member has checked this AI answer yet");
    await expect(visitor.getByRole("article", { name: "Answer by Agora AI" })).toHaveCount(1);
    await seen.getByRole("link", { name: "See the corrections used" }).click();
    const corrections = seen.getByTestId("ai-revision-corrections");
    await expect(corrections).toBeVisible();
    await expect(corrections).toContainText("Strict mode mounts twice on purpose in development; nothing is wrong with the fetch.");
    await expect(corrections).toContainText("It should mention the cleanup function that aborts the first request.");
    await expectAccessible(visitor);
    await screenshots(visitor, "ai-revision-revised");

    // The revision history shows both AI versions with the diff.
    await seen.getByRole("link", { name: "Compare the versions" }).click();
    await expect(visitor.getByRole("heading", { name: "Revision 2" })).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Revision 1" })).toBeVisible();
    await expect(visitor.locator("ins").filter({ hasText: "strict" }).first()).toBeVisible();

    // The asker accepts it: verified, whatever the tally.
    await maya.goto(`/questions/${id}`);
    const mayasView = maya.getByRole("article", { name: "Answer by Agora AI" });
    const accept = mayasView.getByRole("button", { name: /^Accept the answer by/ });
    await waitForHydration(accept);
    await accept.click();
    await expect(mayasView.getByTestId("ai-badge")).toHaveText("AI · Verified");
    await expect(mayasView.getByTestId("verification-statement")).toHaveText("Verified: the asker accepted this answer");
    await expectAccessible(maya);
    await screenshots(maya, "ai-verification-verified");
  });

  test("a moderator asks for a review, and the AI's answer stands unchanged", async ({ browser }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const maya = await (await browser.newContext()).newPage();
    await signIn(maya, MAYA, DEMO_PASSWORD);
    const tags = (await (await maya.request.get("/api/tags")).json()) as { id: number }[];
    const created = await postWithRetry(maya.request, "/api/questions", {
      title: `Does strict mode run my effects twice in production ${stamp}`,
      description: "My effect runs twice while developing. Will it run twice for my users too?",
      tagIds: [tags[0]!.id],
    });
    const { id } = (await created.json()) as { id: number };

    const tom = await (await browser.newContext()).newPage();
    await signIn(tom, TOM, DEMO_PASSWORD);
    await tom.goto(`/questions/${id}`);
    const aiAnswer = tom.getByRole("article", { name: "Answer by Agora AI" });
    await expect(aiAnswer).toBeVisible({ timeout: 30_000 });
    // The moderator's "Ask AI to review": "Being revised…" at once, then the answer stands.
    await expect(aiAnswer.getByTestId("ai-badge")).toBeVisible({ timeout: 30_000 }); // written, not streaming any more
    await tom.reload(); // the page as the server renders it for a moderator
    const ask = aiAnswer.getByRole("button", { name: "Ask AI to review" });
    await waitForHydration(ask);
    await ask.click();
    await expect(aiAnswer.getByTestId("ai-revision")).toHaveAttribute("data-state", "pending");
    await expect(ask).toHaveCount(0);

    await expect(async () => {
      await tom.reload();
      await expect(aiAnswer.getByTestId("ai-revision")).toHaveAttribute("data-state", "unchanged", { timeout: 1_000 });
    }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
    await expect(aiAnswer.getByTestId("ai-revision-headline")).toHaveText("Reviewed after community feedback, unchanged");
    await expect(aiAnswer.getByTestId("ai-revision")).toContainText("Why it stands: Strict mode runs effects twice only in development");
    await expect(aiAnswer.getByRole("link", { name: "Compare the versions" })).toHaveCount(0);
    await expectAccessible(tom);
    await screenshots(tom, "ai-revision-unchanged");
  });
});
