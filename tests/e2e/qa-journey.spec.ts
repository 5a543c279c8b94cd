import { cardOf, expect, expectAccessible, postQuestion, screenshots, signIn, test, uniqueWord } from "./support";

test.describe("asking, finding and organising questions", () => {
  test("a member asks through the dialog, finds it on the feed, saves it and finds it by search", async ({ page }) => {
    test.setTimeout(150_000);
    const word = uniqueWord();
    const title = `How do I configure TypeScript path aliases for ${word} builds?`;

    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Newest Questions" })).toBeVisible();

    // An empty submit shows the spec's messages next to the fields. Ask Question works from the
    // first paint (a click before hydration opens the dialog once the page has hydrated).
    const ask = page.getByRole("main").getByRole("link", { name: "Ask Question" });
    await ask.click();
    const dialog = page.getByRole("dialog", { name: "Ask a Question" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("0/200")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Add Tag" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Post Question" }).click();
    await expect(dialog.getByText("Title must be at least 10 characters")).toBeVisible();
    await expect(dialog.getByText("Please select at least one tag")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "ask-dialog-validation");

    // Then a real question with a tag, a Markdown description and no group.
    await dialog.getByLabel("Title").fill(title);
    await expect(dialog.getByText(`${title.length}/200`)).toBeVisible();
    await dialog.getByLabel("Search tags").fill("typescript");
    await dialog.getByRole("list", { name: "Available tags" }).getByRole("button", { name: /typescript/ }).click();
    await expect(dialog.getByRole("list", { name: "Selected tags" })).toContainText("typescript");
    await expect(dialog.getByText("Please select at least one tag")).toBeHidden();
    await dialog.getByLabel(/Description/).fill("My `tsconfig.json` has **paths**, but the build cannot resolve them.");
    await dialog.getByRole("tab", { name: "Preview" }).click();
    await expect(dialog.getByRole("tabpanel").locator("strong", { hasText: "paths" })).toBeVisible();
    await dialog.getByRole("tab", { name: "Write" }).click();
    await expect(dialog.getByRole("combobox", { name: "Group" })).toContainText("No group");
    await postQuestion(page, dialog);
    await expect(dialog).toBeHidden();

    // The asker lands on their question's page, where the AI answer is written.
    await expect(page).toHaveURL(/\/questions\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("article", { name: /Answer by Agora AI/ }).first()).toBeVisible({ timeout: 30_000 });

    // It is on the home feed.
    await page.goto("/");
    const card = cardOf(page, title);
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "typescript", exact: true })).toBeVisible();

    // Saved from its card.
    await card.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByText("Question saved")).toBeVisible();
    await expect(card.getByRole("button", { name: /^Saved/ })).toHaveAttribute("aria-pressed", "true");

    // Found by a word of its title from the top bar's search box.
    await page.getByRole("searchbox", { name: "Search questions" }).fill(word);
    await page.getByRole("searchbox", { name: "Search questions" }).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
    await expect(page.getByText(`1 result for “${word}”`)).toBeVisible();
    const hit = cardOf(page, title);
    await expect(hit).toBeVisible();
    await expect(hit.locator("mark").first()).toBeVisible();
    await expect(hit.getByRole("button", { name: /^Saved/ })).toBeVisible();
    await expectAccessible(page);

    // The question page knows it is saved too.
    await hit.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("the home feed: tabs, filters, Load More and the ?ask=1 shortcut", async ({ page }) => {
    await signIn(page);

    await page.getByRole("tab", { name: "Popular" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Popular Questions" })).toBeVisible();
    await expect(page).toHaveURL(/\?filter=popular$/);
    await expect(page).toHaveTitle(/Popular Questions/);
    await page.getByRole("tab", { name: "Frequent" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Viewed Questions" })).toBeVisible();
    await page.getByRole("tab", { name: "Newest" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Newest Questions" })).toBeVisible();
    await expect(page.getByRole("main").getByText(/^\d[\d,]* questions?$/)).toBeVisible();

    // Filter dialog with the spec's labels, then chips and Clear all.
    await page.getByRole("button", { name: "Filter" }).click();
    const filter = page.getByRole("dialog", { name: "Filter Questions" });
    for (const label of ["Recent activity", "Highest score", "Most frequent", "No answers", "Answered", "Unanswered"]) {
      await expect(filter.getByRole("radio", { name: label, exact: true })).toBeVisible();
    }
    await filter.getByRole("radio", { name: "Highest score" }).click();
    await filter.getByRole("radio", { name: "Answered", exact: true }).click();
    await filter.getByLabel("Tagged with").fill("react");
    await filter.getByRole("button", { name: "Apply Filters" }).click();
    const chips = page.getByRole("group", { name: "Active filters" });
    await expect(chips).toContainText("Highest score");
    await expect(chips).toContainText("Answered");
    await expect(chips).toContainText("react");
    await expect(page).toHaveURL(/sort=votes/);
    await chips.getByRole("button", { name: "Clear all" }).click();
    await expect(chips).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    // The demo community has more than one page of questions.
    const cards = page.getByRole("list", { name: "Newest Questions" }).getByRole("article");
    const before = await cards.count();
    const loadMore = page.getByRole("button", { name: "Load More Questions" });
    if (await loadMore.isVisible()) {
      await loadMore.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }

    await page.getByRole("tab", { name: "Following" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Following" })).toBeVisible();

    // The mobile menu's Ask Question link.
    await page.goto("/?ask=1");
    await expect(page.getByRole("dialog", { name: "Ask a Question" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press("Escape");

    await expect(page.getByRole("heading", { level: 1, name: "Newest Questions" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "home-feed");
  });

  test("tags: the directory searches, a tag page follows and really sorts, unknown tags are 404", async ({ page }) => {
    await signIn(page);
    await page.goto("/tags");
    await expect(page.getByRole("heading", { level: 1, name: "Explore Tags" })).toBeVisible();
    await expect(page.getByRole("main").getByText(/^\d+ tags? available$/)).toBeVisible();
    await page.getByLabel("Search tags by name").fill("post");
    await expect(page.getByText("Found 1 tag matching “post”")).toBeVisible();
    await expect(page).toHaveURL(/\/tags\?search=post/);
    await expectAccessible(page);
    await screenshots(page, "tags");
    // A tag name of the longest kind, one word of 50 characters: its card cuts it, and the page never scrolls sideways on a phone.
    const longName = `longtag${Date.now().toString(36)}`.padEnd(50, "x");
    expect((await page.request.post("/api/tags", { data: { name: longName } })).status()).toBe(201);
    await page.getByLabel("Search tags by name").fill(longName);
    await expect(page.getByText(`Found 1 tag matching “${longName}”`)).toBeVisible();
    await screenshots(page, "tags-long-name");
    await page.getByLabel("Search tags by name").fill("post");
    await expect(page.getByText("Found 1 tag matching “post”")).toBeVisible();

    await page.getByRole("link", { name: /View Questions/ }).click();
    await expect(page).toHaveURL(/\/tags\/postgresql/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("postgresql");
    await expect(page).toHaveTitle(/Questions tagged postgresql/);
    await expect(page.getByRole("main").getByText(/^\d+ questions?$/).first()).toBeVisible();

    // Follow and unfollow, with the follower count following along.
    const followers = page.getByRole("main").getByText(/^\d+ followers?$/);
    const count = Number((await followers.textContent())!.split(" ")[0]);
    const followButton = page.getByRole("button", { name: /^(Follow|Unfollow)/ });
    const wasFollowing = (await followButton.textContent())!.includes("Unfollow");
    await followButton.click();
    await expect(page.getByText(wasFollowing ? "Tag Unfollowed" : "Tag Followed")).toBeVisible();
    await expect(followers).toHaveText(`${count + (wasFollowing ? -1 : 1)} ${count + (wasFollowing ? -1 : 1) === 1 ? "follower" : "followers"}`);
    await followButton.click();
    await expect(page.getByText(wasFollowing ? "Tag Followed" : "Tag Unfollowed")).toBeVisible();
    await expect(followers).toHaveText(`${count} ${count === 1 ? "follower" : "followers"}`);

    // Each order lists what the API lists in that order.
    const tag = (await (await page.request.get("/api/tags/by-name/postgresql")).json()) as { id: number };
    const list = page.getByRole("list", { name: "Questions tagged postgresql" });
    for (const [label, sort] of [["Most Votes", "votes"], ["Active", "active"], ["Newest", "newest"]] as const) {
      await page.getByRole("group", { name: "Sort questions" }).getByRole("button", { name: label }).click();
      await expect(page.getByRole("button", { name: label, exact: true })).toHaveAttribute("aria-pressed", "true");
      const expected = (await (await page.request.get(`/api/tags/${tag.id}/questions?sort=${sort}&limit=5`)).json()) as { title: string }[];
      await expect(list.getByRole("heading", { level: 3 }).first()).toHaveText(expected[0]!.title);
      await expect(list.getByRole("heading", { level: 3 }).nth(Math.min(1, expected.length - 1))).toHaveText(
        expected[Math.min(1, expected.length - 1)]!.title,
      );
    }
    await page.getByRole("group", { name: "Sort questions" }).getByRole("button", { name: "Most Votes" }).click();
    await expect(page).toHaveURL(/sort=votes/);
    await page.reload();
    await expect(page.getByRole("button", { name: "Most Votes", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);
    await screenshots(page, "tag-page");

    const missing = await page.goto("/tags/no-such-tag-here");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Tag Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  test("a visitor reads tags without Follow buttons", async ({ page }) => {
    await page.goto("/tags");
    await expect(page.getByRole("heading", { level: 1, name: "Explore Tags" })).toBeVisible();
    await expect(page.getByRole("link", { name: /View Questions/ }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Follow/ })).toHaveCount(0);
    await page.goto("/tags/react");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("react");
    await expect(page.getByRole("button", { name: /^Follow/ })).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Sort questions" })).toBeVisible();
    await expectAccessible(page);
  });
});
