import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectAccessible, screenshots, signIn, test, postWithRetry, waitForHydration } from "./support";

const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";

const answerOf = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

test.describe("the question page", () => {
  test("members answer, comment, reply and vote; visitors and search engines read it all", async ({ browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const title = `How do I keep a value between renders without re-rendering ${stamp}`;
    const answerText = `Use a ref: useRef keeps the value and changing it never re-renders (${stamp}).`;
    const mayaAnswerText = `A module-level variable works too, but it is shared by every instance (${stamp}).`;
    const commentText = `Refs are also handy for timers ${stamp}`;
    const replyText = `Good point, I use them for intervals ${stamp}`;

    // Member A (Maya) asks, through the API (the Ask dialog has its own tests).
    const mayaContext = await browser.newContext();
    const maya = await mayaContext.newPage();
    await signIn(maya, MAYA, DEMO_PASSWORD);
    const tags = (await (await maya.request.get("/api/tags")).json()) as { id: number; name: string }[];
    expect(tags.length).toBeGreaterThan(0);
    const created = await postWithRetry(maya.request, "/api/questions", {
      title,
      description: "I need a value that survives renders.\n\n```ts\nlet count = 0;\n```\n\nState re-renders every time it changes.",
      tagIds: [tags[0].id],
    });
    expect(created.status()).toBe(201);
    const question = (await created.json()) as { id: number };
    const path = `/questions/${question.id}`;
    // Agora AI (a loopback fake provider in these tests) answers first; wait for it, so the counts below are exact.
    await expect
      .poll(async () => ((await (await maya.request.get(`/api/questions/${question.id}`)).json()) as { aiStatus: { status: string } | null }).aiStatus?.status, {
        timeout: 30_000,
      })
      .toBe("done");

    // Member B (Daniel) answers and comments.
    const danielContext = await browser.newContext();
    const daniel = await danielContext.newPage();
    await signIn(daniel, DANIEL, DEMO_PASSWORD);
    await daniel.goto(path);
    await expect(daniel.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(daniel.getByRole("article", { name: "Answer by Agora AI" })).toBeVisible();

    // The members' tools load on demand; a click before they are live still counts.
    await daniel.getByRole("button", { name: "Generate Answer" }).click();
    await expect(daniel.getByText("Prompt Required")).toBeVisible();

    await expect(daniel.getByRole("button", { name: "Post Answer" })).toBeDisabled();
    await daniel.getByRole("textbox", { name: "Your Answer" }).fill(answerText);
    await daniel.getByRole("tab", { name: "Preview" }).click();
    await expect(daniel.getByRole("tabpanel").getByText(answerText)).toBeVisible();
    await daniel.getByRole("button", { name: "Post Answer" }).click();
    await expect(daniel.getByText("Answer Posted")).toBeVisible();
    const danielAnswer = answerOf(daniel, answerText);
    await expect(danielAnswer).toBeVisible();
    await expect(danielAnswer).toBeFocused();
    await expect(daniel.getByRole("heading", { level: 2, name: "2 Answers" })).toBeVisible();

    await danielAnswer.getByRole("button", { name: "Add a comment" }).click();
    await expect(danielAnswer.getByRole("button", { name: "Post Comment" })).toBeDisabled();
    await danielAnswer.getByRole("textbox", { name: "Add a comment" }).fill(commentText);
    await danielAnswer.getByRole("button", { name: "Post Comment" }).click();
    await expect(daniel.getByText("Comment posted")).toBeVisible();
    await expect(danielAnswer.getByText(commentText)).toBeVisible();

    // Member A replies to B's comment and posts an answer of her own.
    await maya.goto(path);
    const comment = maya.locator("li[id^='comment-']").filter({ hasText: commentText }).first();
    await expect(comment).toBeVisible();
    // The comment's Reply opens a form rendered by the hydrated list: a press before hydration opens nothing.
    const replyButton = comment.getByRole("button", { name: "Reply" }).first();
    await waitForHydration(replyButton);
    await replyButton.click();
    await maya.getByRole("textbox", { name: /^Reply to / }).fill(replyText);
    await maya.getByRole("button", { name: "Post Reply" }).click();
    await expect(maya.getByText("Comment added successfully")).toBeVisible();
    const reply = comment.locator("ul li").filter({ hasText: replyText });
    await expect(reply).toBeVisible();

    await maya.getByRole("textbox", { name: "Your Answer" }).fill(mayaAnswerText);
    await maya.getByRole("button", { name: "Post Answer" }).click();
    await expect(answerOf(maya, mayaAnswerText)).toBeVisible();

    // Member B votes on A's answer: the highlight shows, survives a reload, and a second click withdraws it.
    await daniel.reload();
    const mayaAnswer = answerOf(daniel, mayaAnswerText);
    await expect(mayaAnswer.getByText(replyText)).toHaveCount(0);
    await expect(answerOf(daniel, answerText).getByText(replyText)).toBeVisible();
    const upvote = mayaAnswer.getByRole("button", { name: "Upvote" });
    await expect(upvote).toHaveAttribute("aria-pressed", "false");
    // The highlight shows at once; each vote is awaited before the next step, as a reload would cancel it.
    const voteSaved = () => daniel.waitForResponse((r) => r.url().endsWith("/vote") && r.request().method() !== "GET");
    let saved = voteSaved();
    await upvote.click();
    await expect(upvote).toHaveAttribute("aria-pressed", "true");
    await expect(mayaAnswer.getByTestId("vote-score")).toHaveText(/^1/);
    await saved;
    await daniel.reload();
    const upvoteAgain = answerOf(daniel, mayaAnswerText).getByRole("button", { name: "Upvote" });
    await expect(upvoteAgain).toHaveAttribute("aria-pressed", "true");
    saved = voteSaved();
    await upvoteAgain.click();
    await expect(upvoteAgain).toHaveAttribute("aria-pressed", "false");
    await saved;
    saved = voteSaved();
    await upvoteAgain.click();
    await expect(upvoteAgain).toHaveAttribute("aria-pressed", "true");
    await saved;
    // Nobody votes on their own answer.
    await expect(answerOf(daniel, answerText).getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-disabled", "true");

    await daniel.reload();
    await expect(daniel.getByRole("heading", { level: 2, name: "3 Answers" })).toBeVisible();
    await expectAccessible(daniel);
    await screenshots(daniel, "question-page");

    // A visitor's raw HTML, before any script runs, has the question, the answers and the QAPage data.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const raw = await visitor.request.get(path);
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    expect(html).toContain(title);
    expect(html).toContain(answerText);
    expect(html).toContain(mayaAnswerText);
    expect(html).toContain(replyText);
    const jsonLd = /<script type="application\/ld\+json"(?: nonce="[^"]+")?>([\s\S]*?)<\/script>/.exec(html);
    expect(jsonLd).not.toBeNull();
    const data = JSON.parse(jsonLd![1]);
    expect(data["@type"]).toBe("QAPage");
    expect(data.mainEntity).toMatchObject({ "@type": "Question", name: title, answerCount: 3 });
    expect(data.mainEntity.suggestedAnswer).toHaveLength(3);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/questions/${question.id}"`));
    expect(html).toContain(`<meta property="og:title" content="${title}"`);

    // The visitor's page: an invitation to sign up, no member tools; voting sends them to sign in.
    await visitor.goto(path);
    await expect(visitor.getByRole("heading", { name: "Want to contribute to the discussion?" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", `/api/login?mode=signup&callbackUrl=${encodeURIComponent(path)}`);
    await expect(visitor.getByRole("heading", { name: "Generate AI Answer" })).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: "Add a comment" })).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: "Reply" })).toHaveCount(0);
    await expectAccessible(visitor);
    await screenshots(visitor, "question-page-visitor");
    await answerOf(visitor, mayaAnswerText).getByRole("button", { name: "Upvote" }).click();
    await expect(visitor).toHaveURL(/\/login/);

    await Promise.all([mayaContext.close(), danielContext.close(), visitorContext.close()]);
  });

  test("a missing or malformed question is a 404 'Question Not Found'", async ({ page }) => {
    for (const path of ["/questions/2147483000", "/questions/abc", "/questions/0"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Question Not Found" })).toBeVisible();
      await expect(page.getByText("The question you're looking for doesn't exist.")).toBeVisible();
    }
    await expectAccessible(page);
  });

  test("robots.txt and the sitemap point search engines at the public questions", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Disallow: \/api\//);
    expect(robots).toMatch(/Disallow: \/settings/);
    expect(robots).toMatch(/Disallow: \/notifications/);
    expect(robots).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/questions\/\d+<\/loc>/);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/about<\/loc>/);
  });
});
