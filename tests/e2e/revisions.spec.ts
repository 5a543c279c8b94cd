import { DEMO_PASSWORD, expect, expectAccessible, postWithRetry, screenshots, signIn, test, waitForHydration } from "./support";

const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";

test("an author edits an answer, opens its revisions, sees the diff, and rolls back", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const maya = await (await browser.newContext()).newPage();
  await signIn(maya, MAYA, DEMO_PASSWORD);
  const tags = (await (await maya.request.get("/api/tags")).json()) as { id: number }[];
  const created = await postWithRetry(maya.request, "/api/questions", { title: `How do I read a file line by line ${stamp}`, tagIds: [tags[0]!.id] });
  expect(created.status()).toBe(201);
  const question = (await created.json()) as { id: number };

  const daniel = await (await browser.newContext()).newPage();
  await signIn(daniel, DANIEL, DEMO_PASSWORD);
  const original = `Use a stream and read it slowly.\n\n\`\`\`js\nconst lines = read(file);\nfor (const line of lines) print(line);\n\`\`\``;
  const answered = await daniel.request.post(`/api/questions/${question.id}/answers`, { data: { content: original } });
  expect(answered.status()).toBe(201);
  const answer = (await answered.json()) as { id: number };

  await daniel.goto(`/questions/${question.id}`);
  const item = daniel.locator(`#answer-${answer.id}`);
  const edit = item.getByRole("button", { name: "Edit answer" });
  await waitForHydration(edit);
  await edit.click();
  const dialog = daniel.getByRole("dialog", { name: "Edit answer" });
  const editor = dialog.getByRole("textbox", { name: "Answer" });
  await expect(editor).toHaveValue(original);
  await editor.fill(original.replace("read it slowly", "read it line by line").replace("print(line)", "console.log(line)") + "\n\n<script>window.__xss=1</script>");
  await dialog.getByLabel("Edit summary").fill("Clearer wording and a real logger");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item.getByText("read it line by line")).toBeVisible();

  await item.getByRole("link", { name: /edited/ }).click();
  await daniel.waitForURL(`**/answers/${answer.id}/revisions`);
  const revisions = daniel.getByRole("list", { name: "Revisions, newest first" });
  await expect(revisions.getByRole("heading", { name: "Revision 2" })).toBeVisible();
  await expect(revisions.getByText("Clearer wording and a real logger")).toBeVisible();
  const diff = daniel.getByRole("group", { name: "Content of revision 2" });
  await expect(diff.locator("ins").filter({ hasText: "line by line" })).toHaveCount(1);
  await expect(diff.locator("del").filter({ hasText: "slowly" })).toHaveCount(1);
  await expect(diff.locator("ins").filter({ hasText: "+ for (const line of lines) console.log(line);" })).toHaveCount(1);
  // The script is shown as text, never run.
  await expect(diff.getByText("<script>window.__xss=1</script>")).toBeVisible();
  expect(await daniel.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(diff.locator("script")).toHaveCount(0);
  await expectAccessible(daniel);
  await screenshots(daniel, "answer-revisions");

  const rollback = revisions.getByRole("button", { name: "Roll back to revision 1" });
  await waitForHydration(rollback);
  await rollback.click();
  await expect(revisions.getByRole("heading", { name: "Revision 3" })).toBeVisible();
  await expect(revisions.getByText("Rolled back to revision 1")).toBeVisible();

  // Someone else sees the history but may not roll back.
  await maya.goto(`/answers/${answer.id}/revisions`);
  await expect(maya.getByRole("heading", { name: "Revision 3" })).toBeVisible();
  await expect(maya.getByRole("button", { name: /Roll back/ })).toHaveCount(0);
});

test("a question's 'edited' mark leads to its revisions: title, description and tags against the previous ones", async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const maya = await (await browser.newContext()).newPage();
  await signIn(maya, MAYA, DEMO_PASSWORD);
  const tags = (await (await maya.request.get("/api/tags")).json()) as { id: number; name: string }[];
  const created = await postWithRetry(maya.request, "/api/questions", {
    title: `Why does my build cache miss ${stamp}`,
    description: "Every build starts from scratch.\n\n```sh\nnpm run build\n```",
    tagIds: [tags[0]!.id],
  });
  expect(created.status()).toBe(201);
  const question = (await created.json()) as { id: number };
  const edited = await maya.request.put(`/api/questions/${question.id}`, {
    data: {
      title: `Why does my Docker build cache miss ${stamp}`,
      description: "Every build starts from scratch, even without changes.\n\n```sh\nnpm ci\nnpm run build\n```",
      tagIds: [tags[1]!.id, tags[0]!.id],
      summary: "Named the tool and the steps",
    },
  });
  expect(edited.status()).toBe(200);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/questions/${question.id}`);
  await visitor.getByRole("link", { name: /edited/ }).click();
  await visitor.waitForURL(`**/questions/${question.id}/revisions`);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Why does my Docker build cache miss");
  await expect(visitor.getByRole("group", { name: "Title of revision 2" }).locator("ins")).toContainText("Docker");
  await expect(visitor.getByRole("group", { name: "Description of revision 2" }).locator("ins").first()).toContainText("even without changes");
  await expect(visitor.getByRole("group", { name: "Description of revision 2" }).locator("ins").last()).toContainText("+ npm ci");
  await expect(visitor.getByRole("list", { name: "Tags" }).first().locator("ins")).toContainText(tags[1]!.name);
  await expect(visitor.getByText("Named the tool and the steps")).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Roll back/ })).toHaveCount(0);
  await expectAccessible(visitor);
  await screenshots(visitor, "question-revisions");
});
