import { DEMO_PASSWORD, expect, screenshots, signIn, test, waitForHydration, postWithRetry } from "./support";

const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";

test("a busy answer shows its first 5 comments, and 'Show N more comments' the rest", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const maya = await (await browser.newContext()).newPage();
  await signIn(maya, MAYA, DEMO_PASSWORD);
  const tags = (await (await maya.request.get("/api/tags")).json()) as { id: number }[];
  const created = await postWithRetry(maya.request, "/api/questions", { title: `Which comments does a busy thread show ${stamp}`, tagIds: [tags[0]!.id] });
  expect(created.status()).toBe(201);
  const question = (await created.json()) as { id: number };

  const daniel = await (await browser.newContext()).newPage();
  await signIn(daniel, DANIEL, DEMO_PASSWORD);
  const answered = await daniel.request.post(`/api/questions/${question.id}/answers`, { data: { content: `An answer many people talk about ${stamp}` } });
  expect(answered.status()).toBe(201);
  const answer = (await answered.json()) as { id: number };
  // Eight comments, the second with a reply: nine in all, the first five shown.
  const ids: number[] = [];
  for (let i = 1; i <= 8; i++) {
    const res = await maya.request.post(`/api/answers/${answer.id}/comments`, { data: { content: `Comment number ${i} (${stamp})` } });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
    if (i === 2) expect((await daniel.request.post(`/api/comments/${ids[1]}/replies`, { data: { content: `A reply to comment 2 (${stamp})` } })).status()).toBe(201);
  }

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/questions/${question.id}`);
  const thread = visitor.getByTestId(`comments-${answer.id}`);
  await expect(thread.getByText(`Comment number 4 (${stamp})`)).toBeVisible();
  await expect(thread.getByText(`A reply to comment 2 (${stamp})`)).toBeVisible();
  await expect(thread.getByText(`Comment number 5 (${stamp})`)).toHaveCount(0);
  const more = thread.getByRole("button", { name: "Show 4 more comments" });
  await waitForHydration(more);
  await screenshots(visitor, "question-comments-bounded");
  await more.click();
  await expect(thread.getByText(`Comment number 8 (${stamp})`)).toBeVisible();
  await expect(thread.getByRole("button", { name: /more comment/ })).toHaveCount(0);
  await thread.scrollIntoViewIfNeeded();
  await screenshots(visitor, "question-comments-all");
});
