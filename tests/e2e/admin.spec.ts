import { DEMO_EMAIL, e2eSql, expect, expectAccessible, screenshots, signIn, test, uniqueEmail, waitForHydration } from "./support";

/*
 * The admin dashboard (issue 14) as an admin, a member and a visitor meet it. An admin is made
 * the way a site owner would: users.role set in the database of the e2e server (found through
 * its instance lock, tests/e2e's server runs an embedded PostgreSQL in a temporary folder).
 */

const sql = e2eSql;

test.describe("the admin dashboard", () => {
  test("an admin sees activity as charts, the AI worker and the outbox, and retries a failed e-mail and AI answer", async ({ page }) => {
    // A moderator whose name is one long word (registered first: registering signs the page in, and Ada signs in last):
    // the staff list must wrap or cut it, never widen the page on a phone.
    const longName = `Maximiliana${"x".repeat(80)}`;
    const moderator = await page.request.post("/api/register", {
      data: { email: uniqueEmail("longname"), password: "a long moderator password", firstName: longName },
    });
    expect(moderator.status()).toBe(201);
    await sql(`UPDATE users SET role = 'moderator' WHERE id = $1`, [((await moderator.json()) as { id: string }).id]);
    const email = uniqueEmail("admin");
    const registered = await page.request.post("/api/register", { data: { email, password: "a long admin password", firstName: "Ada", lastName: "Admin" } });
    expect(registered.status()).toBe(201);
    await sql(`UPDATE users SET role = 'admin' WHERE email = $1`, [email]);
    // Something to retry: an e-mail the sender gave up on, and a question whose AI answer failed.
    const subject = `Weekly digest ${Date.now()}`;
    await sql(
      `INSERT INTO email_outbox ("to", subject, text, html, status, attempts, last_error) VALUES ($1, $2, 'x', '<p>x</p>', 'failed', 8, $3)`,
      ["reader@example.com", subject, "550 5.1.1 <reader@example.com>: Recipient address rejected"],
    );
    const [job] = await sql<{ id: number; title: string; question_id: number }>(
      `UPDATE ai_answer_jobs j SET status = 'failed', attempts = 3, last_error = 'The AI provider did not answer in time.',
              next_attempt_at = (now() AT TIME ZONE 'UTC') + interval '1 hour', updated_at = (now() AT TIME ZONE 'UTC')
         FROM questions q
        WHERE j.id = (SELECT id FROM ai_answer_jobs WHERE status = 'done' AND answer_id IS NOT NULL ORDER BY id DESC LIMIT 1) AND q.id = j.question_id
        RETURNING j.id, q.title, j.question_id`,
    );
    // Its answer goes, so the retried job can write a new one.
    await sql(
      `WITH gone AS (DELETE FROM answers WHERE question_id = $1 AND is_auto_generated RETURNING id)
       UPDATE questions SET answer_count = answer_count - (SELECT count(*) FROM gone) WHERE id = $1`,
      [job!.question_id],
    );

    // A flag waiting for a moderator (dismissed again at the end, so the review queue is as it was).
    const [flag] = await sql<{ id: number }>(
      `INSERT INTO flags (reporter_id, target_type, target_id, question_id, reason, details) VALUES (NULL, 'question', $1, $1, 'other', 'admin dashboard check') RETURNING id`,
      [job!.question_id],
    );

    await page.goto("/");
    await page.getByRole("button", { name: /Account menu for Ada Admin/ }).click();
    await page.getByRole("menuitem", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();

    // Totals and a chart per series, each an image with a description.
    const totals = page.getByRole("region", { name: "Totals" });
    await expect(totals.getByText("Members", { exact: true })).toBeVisible();
    for (const name of ["New members per day", "Questions per day", "Answers per day", "AI answers per day", "Tokens used per day"]) {
      await expect(page.getByRole("img", { name, exact: true })).toBeVisible();
    }
    const questionsChart = page.getByRole("img", { name: "Questions per day", exact: true });
    await expect(questionsChart.locator("rect")).toHaveCount(30);
    expect(await questionsChart.locator("desc").textContent()).toMatch(/questions in the last 30 days/);
    // The seeded community asked its questions over the last weeks: the table has every day.
    await page.getByText("Show the numbers").click();
    const table = page.getByRole("table", { name: /Activity per day/ });
    await expect(table.getByRole("row")).toHaveCount(31);

    // The AI worker: provider and model, never a key; the failed answer with its error.
    await expect(page.getByText("OpenAI-compatible at 127.0.0.1", { exact: false })).toBeVisible();
    await expect(page.getByText("e2e-fake-model")).toBeVisible();
    await expect(page.getByText("The AI provider did not answer in time.")).toBeVisible();
    // The outbox: the failed e-mail with its recipient masked.
    await expect(page.getByText(subject)).toBeVisible();
    await expect(page.getByText(/To r…@example\.com/)).toBeVisible();
    await expect(page.getByText("reader@example.com")).toHaveCount(0);
    // The staff lists this admin.
    await expect(page.getByRole("link", { name: "Ada Admin" })).toBeVisible();
    await expect(page.getByRole("link", { name: longName })).toBeVisible();
    // Open flags: every flag waiting for a moderator (this test's among them), as many as the flags table holds.
    const [{ open }] = (await sql<{ open: number }>(`SELECT count(*)::int AS open FROM flags WHERE status = 'open'`)) as [{ open: number }];
    expect(open).toBeGreaterThan(0);
    await expect(totals.locator("div", { has: page.getByText("Open flags") }).locator("dd > span")).toHaveText(open.toLocaleString("en-US"));
    await expect(page.getByRole("link", { name: "Review queue" })).toHaveAttribute("href", "/review");

    await expectAccessible(page);
    await screenshots(page, "admin-dashboard");

    // Retry the e-mail: queued once, then delivered (to a file) and gone from the failed list.
    await page.getByRole("button", { name: `Retry the e-mail “${subject}”` }).click();
    await expect(page.getByText("E-mail queued again")).toBeVisible();
    await expect(page.getByText(subject)).toHaveCount(0);
    await expect.poll(async () => (await sql<{ status: string }>(`SELECT status FROM email_outbox WHERE subject = $1`, [subject]))[0]!.status).toBe("sent");

    // Retry the AI answer: back to pending, and the worker writes it.
    await page.getByRole("button", { name: `Retry the AI answer to “${job!.title}”` }).click();
    await expect(page.getByText("AI answer queued again")).toBeVisible();
    await expect(page.getByText("The AI provider did not answer in time.")).toHaveCount(0);
    await expect
      .poll(async () => (await sql<{ status: string }>(`SELECT status FROM ai_answer_jobs WHERE id = $1`, [job!.id]))[0]!.status, { timeout: 30_000 })
      .toBe("done");

    // The API answers the admin the same dashboard, with no secret in it.
    const overview = await page.request.get("/api/admin/overview");
    expect(overview.status()).toBe(200);
    const text = await overview.text();
    expect(text).not.toContain("reader@example.com");
    expect(JSON.parse(text).ai.provider).toMatchObject({ configured: true, kind: "openai-compatible", model: "e2e-fake-model" });
    expect(JSON.parse(text).flags).toEqual({ open });
    await sql(`UPDATE flags SET status = 'dismissed', resolved_at = now() WHERE id = $1`, [flag!.id]);
  });

  test("a member gets the 403 page and the API's 403; the user menu has no Admin", async ({ page }) => {
    await signIn(page, DEMO_EMAIL);
    // The user menu's code loads after the page (next/dynamic): a press before it has hydrated opens nothing.
    const accountMenu = page.getByRole("button", { name: /Account menu/ });
    await waitForHydration(accountMenu);
    await accountMenu.click();
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admins only" })).toBeVisible();
    await expect(page.getByText("Error 403")).toBeVisible();
    await expect(page.getByRole("img", { name: /per day/ })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "admin-forbidden");
    expect((await page.request.get("/api/admin/overview")).status()).toBe(403);
  });

  test("a visitor is sent to sign in, and comes back to /admin afterwards", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin$/);
    expect((await page.request.get("/api/admin/overview")).status()).toBe(401);
  });
});
