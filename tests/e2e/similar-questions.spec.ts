// Issue 17: the Ask dialog suggests a demo question as its paraphrase is typed (opening it in a new
// tab, so the draft stays), beside the form on a wide screen and under the title on a phone, with
// the coaching suggestions (the heuristics' and, the e2e server having a fake provider, the
// model's); and a question page shows its related questions.
import { e2eSql, expect, expectAccessible, screenshots, signIn, test } from "./support";

const ORIGINAL = "Why does Postgres ignore my index on created_at when I add ORDER BY ... LIMIT?";

test("typing a paraphrase in the Ask dialog suggests the demo question it repeats", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto("/?ask=1");
  const dialog = page.getByRole("dialog", { name: "Ask a Question" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").fill("Postgres planner does a sequential scan instead of using my timestamp index with sort and limit");

  const panel = dialog.getByTestId("similar-questions");
  await expect(panel.getByRole("heading", { name: "Similar questions" })).toBeVisible();
  const suggestion = panel.getByRole("link", { name: new RegExp(ORIGINAL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toHaveAttribute("target", "_blank");
  await expect(panel.getByTestId("similar-question").first()).toContainText(/\d+ answers?/);
  // The draft is still there: nothing navigated.
  await expect(dialog.getByLabel("Title")).toHaveValue(/sequential scan/);
  // At 1280 px the panel sits in the column beside the form.
  const side = dialog.getByTestId("ask-dialog-side");
  await expect(side.getByTestId("similar-questions")).toBeVisible();

  // The description brings coaching: the model's suggestions join the heuristics' in the same column.
  await dialog.getByLabel(/^Description/).fill("The query plan shows a sequential scan on the events table even though the index exists. It takes 4 seconds.");
  const coach = side.getByTestId("draft-coach");
  await expect(coach.locator('[data-suggestion="ai"]').first()).toContainText("Say which version you run", { timeout: 20_000 });
  await expect(coach.locator('[data-suggestion="nothingTried"]')).toBeVisible();
  await coach.locator('[data-suggestion="ai"]').first().getByRole("button", { name: "Dismiss this suggestion" }).click();
  await expect(coach.getByText("Say which version you run")).toHaveCount(0);

  await expectAccessible(page);
  await screenshots(page, "similar-questions-ask-dialog");
  // On a phone the panel is back under the title, in the form's one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByTestId("ask-dialog-side")).toHaveCount(0);
  await expect(dialog.getByTestId("similar-questions")).toBeVisible();
  await expectAccessible(page);
});

test("a question page lists related questions below the answers", async ({ page }) => {
  test.setTimeout(120_000);
  const [row] = await e2eSql<{ id: number }>("SELECT id FROM questions WHERE title = $1", [ORIGINAL]);
  await page.goto(`/questions/${row!.id}`);
  const related = page.getByTestId("related-questions");
  await expect(related.getByRole("heading", { name: "Related questions" })).toBeVisible();
  const items = related.getByTestId("similar-question");
  expect(await items.count()).toBeGreaterThan(0);
  expect(await items.count()).toBeLessThanOrEqual(5);
  await expect(related.getByRole("link", { name: ORIGINAL })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "similar-questions-related");
});
