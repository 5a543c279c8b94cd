// Issue 17: the Ask dialog suggests a demo question as its paraphrase is typed (opening it in a new
// tab, so the draft stays), and a question page shows its related questions.
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

  await expectAccessible(page);
  await screenshots(page, "similar-questions-ask-dialog");
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
