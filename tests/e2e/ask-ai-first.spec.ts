import { replyMarker } from "../support/fake-openai";
import { DEMO_PASSWORD, e2eSql, expect, expectAccessible, screenshots, signIn, test } from "./support";

// Issue 17: in the Ask dialog a member is coached on their draft, gets an AI answer to it before
// posting (from the e2e server's loopback fake provider), and posts the question with it: the
// question page shows that answer as its AI answer, and nothing is generated a second time.
const PRIYA = "priya@demo.agora.dev";

test("a member is coached on the draft, gets an AI answer first and posts the question with it", async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const answerText = `Strict mode mounts every component twice in development only, ${stamp}; production runs the effect once.`;
  await signIn(page, PRIYA, DEMO_PASSWORD);
  await page.getByRole("main").getByRole("link", { name: "Ask Question" }).click();
  const dialog = page.getByRole("dialog", { name: "Ask a Question" });
  await expect(dialog).toBeVisible();

  // A vague title gets a suggestion, which the member dismisses: it stays away for this draft.
  await dialog.getByLabel("Title").fill("Help with error");
  const coach = dialog.getByRole("complementary", { name: "Suggestions" });
  const vague = coach.getByText(/The title is vague/);
  await expect(vague).toBeVisible();
  await coach.getByRole("button", { name: "Dismiss this suggestion" }).click();
  await expect(vague).toHaveCount(0);
  await dialog.getByLabel("Title").fill("Error help");
  await expect(dialog.getByText(/The title is vague/)).toHaveCount(0);

  const title = `Why does my React useEffect fetch run twice in development ${stamp}?`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel(/Description/).fill(`My effect fetches the list twice on every page load. I tried an abort controller in the cleanup.\n\n${replyMarker(answerText)}`);
  await dialog.getByLabel("Search tags").fill("react");
  await dialog.getByRole("list", { name: "Available tags" }).getByRole("button", { name: /react/ }).first().click();

  // The AI answers the draft, streamed, before anything is posted.
  await dialog.getByRole("button", { name: "Get an AI answer" }).click();
  const answer = dialog.getByTestId("draft-ai-answer-result");
  await expect(answer).toContainText(answerText, { timeout: 20_000 });
  await expect(dialog.getByText(/no second answer is written/)).toBeVisible();
  const post = dialog.getByRole("button", { name: "Post question with this answer" });
  await expect(post).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "ask-ai-first");

  // Posting takes that answer along.
  const created = page.waitForResponse((res) => res.url().endsWith("/api/questions") && res.request().method() === "POST");
  await post.click();
  const res = await created;
  expect(res.status()).toBe(201);
  expect(res.headers()["x-agora-draft-answer"]).toBe("used");
  const { id } = (await res.json()) as { id: number };
  await expect(page).toHaveURL(new RegExp(`/questions/${id}$`), { timeout: 30_000 });

  // The question page shows it as the AI answer at once: nothing is being written.
  const aiAnswer = page.getByRole("article", { name: "Answer by Agora AI" });
  await expect(aiAnswer).toContainText(answerText);
  await expect(aiAnswer.getByText("AI Generated")).toBeVisible();
  await expect(page.getByTestId("ai-answer-live")).toHaveCount(0);
  await expect(page.getByTestId("ai-answer-status")).toHaveCount(0);
  const [job] = await e2eSql<{ status: string; attempts: number; answers: string }>(
    `SELECT j.status, j.attempts, (SELECT count(*) FROM answers a WHERE a.question_id = j.question_id AND a.is_auto_generated)::text AS answers
       FROM ai_answer_jobs j WHERE j.question_id = $1`,
    [id],
  );
  expect(job).toEqual({ status: "done", attempts: 1, answers: "1" });
  await expectAccessible(page);
});
