import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, postWithRetry, waitForHydration } from "./support";

// Verdicts on AI answers (issue 16). The e2e server writes automatic answers with a loopback
// OpenAI-compatible fake (scripts/e2e-server.ts), so every new question gets one within seconds.
const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";
const PRIYA = "priya@demo.agora.dev";

test.describe("AI answers the community verifies", () => {
  test("members dispute the AI answer with their reasons, then the asker's accept verifies it", async ({ browser }) => {
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

    // A second member agrees: the answer is disputed, with both reasons, for visitors too.
    const priya = await (await browser.newContext()).newPage();
    await signIn(priya, PRIYA, DEMO_PASSWORD);
    const answerId = Number((await aiAnswer.getAttribute("id"))!.replace("answer-", ""));
    const second = await postWithRetry(priya.request, `/api/answers/${answerId}/verification`, { verdict: "incorrect", reason: "It should mention the cleanup function that aborts the first request." });
    expect(second.status()).toBe(200);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/questions/${id}`);
    const seen = visitor.getByRole("article", { name: "Answer by Agora AI" });
    await expect(seen.getByTestId("ai-badge")).toHaveText("AI · Disputed");
    await expect(seen.getByTestId("verification-statement")).toHaveText("Disputed: 2 members say this is wrong");
    await expect(seen.getByText("It should mention the cleanup function that aborts the first request.")).toBeVisible();
    await expect(seen.getByRole("button", { name: "Correct" })).toHaveCount(0);
    await expectAccessible(visitor);
    await screenshots(visitor, "ai-verification-disputed");

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
});
