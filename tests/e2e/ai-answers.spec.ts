import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, postWithRetry } from "./support";

// The e2e server answers with a loopback OpenAI-compatible fake (scripts/e2e-server.ts): a short
// Markdown answer streamed a token every 40 ms, citing source [1] when it was given one.
const MODEL = "e2e-fake-model";
const PRIYA = "priya@demo.agora.dev";

test.describe("AI answers", () => {
  test("a new question gets its AI answer live, with the AI Generated badge and a working citation; a member previews and posts a custom-prompt answer", async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await signIn(page, PRIYA, DEMO_PASSWORD);

    // Ask a question close to the demo community's React posts, so the AI has sources to cite.
    const tags = (await (await page.request.get("/api/tags?search=react")).json()) as { id: number; name: string }[];
    const fallback = (await (await page.request.get("/api/tags")).json()) as { id: number }[];
    const tagId = (tags[0] ?? fallback[0])!.id;
    const title = `React useEffect runs twice in development and my fetch fires twice ${stamp}`;
    const created = await postWithRetry(page.request, "/api/questions", {
      title,
      description: "In React 18 strict mode my useEffect fetch runs twice in development. Should I fix my fetch logic?",
      tagIds: [tagId],
    });
    expect(created.status()).toBe(201);
    const question = (await created.json()) as { id: number; aiStatus: { status: string } | null };
    expect(question.aiStatus?.status).toMatch(/pending|running|done/);

    // The page follows the answer as it is written, then shows the stored one.
    const streamed = page.waitForResponse((res) => res.url().includes(`/api/questions/${question.id}/ai-answer/stream`), { timeout: 15_000 }).catch(() => null);
    await page.goto(`/questions/${question.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const aiAnswer = page.getByRole("article", { name: "Answer by Agora AI" });
    await expect(aiAnswer).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("ai-answer-live")).toHaveCount(0);
    await expect(page.getByTestId("ai-answer-status")).toHaveCount(0);
    if (question.aiStatus?.status !== "done") await streamed; // it was followed over the event stream
    await expect(aiAnswer.getByText("AI Generated")).toBeVisible();
    await expect(aiAnswer.getByText("a ref", { exact: true })).toBeVisible();

    // Provenance: model, usage, time and the posts it drew on.
    await aiAnswer.getByText("How this answer was made").click();
    await expect(aiAnswer.getByText(MODEL)).toBeVisible();

    // The citation links to a real community post, which opens.
    const citation = aiAnswer.getByRole("link", { name: "[1]" });
    await expect(citation).toBeVisible();
    const href = await citation.getAttribute("href");
    expect(href).toMatch(/^\/questions\/\d+(#answer-\d+)?$/);
    expect(href).not.toBe(`/questions/${question.id}`);
    await expectAccessible(page);
    await screenshots(page, "ai-answer");
    await citation.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    // A custom prompt: the preview streams in, then shows with the prompt locked.
    const prompt = page.getByRole("textbox", { name: "Custom prompt" });
    const customPrompt = `Explain it for a beginner with a short example ${stamp}`;
    // The members' tools load on demand; what is typed and pressed before they are live still counts.
    await prompt.fill(customPrompt);
    await page.getByRole("button", { name: "Generate Answer" }).click();
    await expect(page.getByText("AI Answer Generated")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Review your answer and click Submit to post it")).toBeVisible();
    await expect(prompt).toHaveAttribute("readonly", "");
    await expectAccessible(page);

    // Cancel discards it; generating again and submitting posts it.
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Submit Answer" })).toHaveCount(0);
    await expect(prompt).not.toHaveAttribute("readonly", "");
    await page.getByRole("button", { name: "Generate Answer" }).click();
    await page.getByRole("button", { name: "Submit Answer" }).click({ timeout: 20_000 });
    await expect(page.getByText("Answer Posted")).toBeVisible();

    const posted = page.getByRole("article", { name: /^Answer by Priya/ }).filter({ hasText: customPrompt });
    await expect(posted).toBeVisible();
    await expect(posted.getByText("AI-assisted")).toBeVisible();
    await expect(posted.getByText("a ref", { exact: true })).toBeVisible();
    await posted.getByText("How this answer was made").click();
    await expect(posted.getByText(MODEL)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "2 Answers" })).toBeVisible();

    // It is stored: a reload shows both answers.
    await page.reload();
    await expect(page.getByRole("article", { name: "Answer by Agora AI" })).toBeVisible();
    await expect(page.getByRole("article", { name: /^Answer by Priya/ }).filter({ hasText: customPrompt })).toBeVisible();
  });

  test("an empty prompt is refused before anything is sent", async ({ page }) => {
    await signIn(page, PRIYA, DEMO_PASSWORD);
    const questions = (await (await page.request.get("/api/questions?limit=1")).json()) as { id: number }[];
    await page.goto(`/questions/${questions[0]!.id}`);
    let sent = false;
    page.on("request", (req) => {
      if (req.url().includes("/generate-preview")) sent = true;
    });
    await page.getByRole("button", { name: "Generate Answer" }).click();
    await expect(page.getByText("Prompt Required")).toBeVisible();
    await expect(page.getByText("Please enter a custom prompt to generate an AI answer")).toBeVisible();
    expect(sent).toBe(false);
  });
});
