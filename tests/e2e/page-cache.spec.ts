import type { Page, Response } from "@playwright/test";
import { expect, signIn, test, waitForHydration } from "./support";

// The visitors' page cache (lib/server/page-cache): a visitor's second load of a question page
// comes from memory with a fresh nonce and works as the first did; a member's answer, vote or
// comment in another browser shows on the visitor's next load (the triggers' notification
// drops the stored page); members are never served from it.

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1] ?? "";

async function load(page: Page, path: string): Promise<Response> {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  return res!;
}

test("a visitor's question page is served from the cache until a member changes it", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const violations: string[] = [];
  visitor.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  const list = (await (await visitor.request.get("/api/questions?limit=5")).json()) as { id: number; title: string }[];
  const question = list[list.length - 1];
  const path = `/questions/${question.id}`;

  const first = await load(visitor, path);
  expect(["miss", "hit"]).toContain(first.headers()["x-agora-cache"]);
  const second = await load(visitor, path);
  expect(second.headers()["x-agora-cache"]).toBe("hit");
  expect(second.headers()["content-encoding"]).toBe("gzip"); // the browser asked for it
  expect(nonceOf(second)).not.toBe("");
  expect(nonceOf(second)).not.toBe(nonceOf(first));
  const html = await second.text();
  expect(html).toContain(nonceOf(second));
  expect(html).not.toContain(nonceOf(first));
  for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy", "content-type"]) {
    expect(second.headers()[name]).toBe(first.headers()[name]);
  }
  // The cached page runs: its scripts carry the fresh nonce and React hydrates it.
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(question.title);
  await waitForHydration(visitor.getByRole("heading", { level: 1 }));
  expect(violations).toEqual([]);

  // A member answers in another browser; members are never served from the cache.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member);
  const memberView = await load(member, path);
  expect(memberView.headers()["x-agora-cache"]).toBe("bypass");
  const answerText = `Cached pages are dropped when someone answers (${stamp}).`;
  const answered = await member.request.post(`/api/questions/${question.id}/answers`, { data: { content: answerText } });
  expect(answered.status()).toBe(201);

  // The visitor's reload shows it: rendered afresh, then served from the cache again.
  const third = await load(visitor, path);
  expect(third.headers()["x-agora-cache"]).toBe("miss");
  await expect(visitor.getByText(answerText)).toBeVisible();
  const fourth = await load(visitor, path);
  expect(fourth.headers()["x-agora-cache"]).toBe("hit");
  await expect(visitor.getByText(answerText)).toBeVisible();

  // A vote moves the score: the page is rendered again.
  const answer = (await answered.json()) as { id: number };
  const voter = await browser.newContext();
  const voterPage = await voter.newPage();
  await signIn(voterPage, "daniel@demo.agora.dev");
  expect((await voterPage.request.post(`/api/answers/${answer.id}/vote`, { data: { voteType: "up" } })).status()).toBeLessThan(300);
  expect((await load(visitor, path)).headers()["x-agora-cache"]).toBe("miss");
  expect(violations).toEqual([]);

  await Promise.all([visitorContext.close(), memberContext.close(), voter.close()]);
});
