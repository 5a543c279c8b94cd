import { expect, expectAccessible, screenshots, signIn, test } from "./support";

type Category = { id: number; name: string; isFollowing: boolean; _count: { tags: number; followers: number } };
type Summary = { id: number; title: string };

test.describe("categories", () => {
  test("a visitor browses tags by category, opens a category, and an unknown one is 404", async ({ page }) => {
    await page.goto("/tags");
    await expect(page.getByRole("heading", { level: 1, name: "Explore Tags" })).toBeVisible();
    const main = page.getByRole("main");
    // The demo community's three categories, by name; tags without one (other tests add some) come last, under "Other".
    const sections = main.getByRole("heading", { level: 2 });
    await expect(sections.first()).toHaveText("Infrastructure");
    const names = await sections.allTextContents();
    expect(names.slice(0, 3)).toEqual(["Infrastructure", "Languages & Careers", "Web Development"]);
    expect(names.slice(3)).toEqual(names.length > 3 ? ["Other"] : []);
    await expect(main.getByRole("list", { name: "Tags in Infrastructure" }).getByText("postgresql", { exact: true })).toBeVisible();
    await expect(main.getByRole("list", { name: "Tags in Web Development" }).getByText("react", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "categories-explore-tags");

    await main.getByRole("link", { name: "View category Infrastructure" }).click();
    await expect(page).toHaveURL(/\/categories\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Infrastructure");
    await expect(page).toHaveTitle(/Infrastructure questions/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain("Infrastructure");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/categories\/\d+$/);
    const tags = page.getByRole("list", { name: "Tags in this category" });
    await expect(tags.getByRole("link")).toHaveCount(5);
    await expect(tags.getByRole("link", { name: /docker/ })).toHaveAttribute("href", "/tags/docker");
    // The newest questions, as the API lists them for a visitor.
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const expected = (await (await page.request.get(`/api/categories/${id}/questions?limit=3`)).json()) as Summary[];
    expect(expected.length).toBeGreaterThan(0);
    const list = page.getByRole("list", { name: "Questions in Infrastructure" });
    await expect(list.getByRole("heading", { level: 3 }).first()).toHaveText(expected[0]!.title);
    await expect(page.getByRole("button", { name: /^(Follow|Unfollow)/ })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in to follow" })).toHaveAttribute("href", `/login?callbackUrl=%2Fcategories%2F${id}`);
    await expectAccessible(page);
    await screenshots(page, "category-page-visitor");

    const missing = await page.goto("/categories/999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Category Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect((await page.goto("/categories/abc"))?.status()).toBe(404);
    await expectAccessible(page);
    await screenshots(page, "category-not-found");
  });

  test("a member follows a category, its questions join the Following feed, and unfollows", async ({ page }) => {
    await signIn(page);
    const categories = (await (await page.request.get("/api/categories")).json()) as Category[];
    const infra = categories.find((c) => c.name === "Infrastructure")!;
    expect(infra.isFollowing).toBe(false);
    expect(categories.find((c) => c.name === "Web Development")!.isFollowing).toBe(true);

    // A question of the category the feed does not show yet (by nobody Maya follows, in no tag she follows).
    const feed = async (limit = 100) => (await (await page.request.get(`/api/feed?limit=${limit}`)).json()) as Summary[];
    const feedIds = async () => (await feed()).map((q) => q.id);
    const before = await feedIds();
    const inCategory = (await (await page.request.get(`/api/categories/${infra.id}/questions?limit=100`)).json()) as Summary[];
    const newcomer = inCategory.find((q) => !before.includes(q.id));
    expect(newcomer).toBeDefined();

    await page.goto(`/categories/${infra.id}`);
    const main = page.getByRole("main");
    const followers = main.getByText(/^\d+ followers?$/);
    const count = Number((await followers.textContent())!.split(" ")[0]);
    const follow = main.getByRole("button", { name: /^Follow/ });
    await expect(follow).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "category-page-member");

    await follow.click();
    await expect(page.getByText("Category Followed")).toBeVisible();
    await expect(main.getByRole("button", { name: /^Unfollow/ })).toHaveAttribute("aria-pressed", "true");
    await expect(followers).toHaveText(`${count + 1} ${count + 1 === 1 ? "follower" : "followers"}`);
    await screenshots(page, "category-page-following");

    expect(await feedIds()).toContain(newcomer!.id);
    // The Following tab's first page shows a question that only the category brought in.
    const shown = (await feed(20)).find((q) => !before.includes(q.id));
    expect(shown).toBeDefined();
    await page.goto("/?filter=following");
    await expect(page.getByRole("heading", { level: 1, name: "Following" })).toBeVisible();
    await expect(main.getByRole("link", { name: shown!.title, exact: true }).first()).toBeVisible();

    // A reload keeps the state; unfollowing takes the questions out of the feed again.
    await page.goto(`/categories/${infra.id}`);
    await main.getByRole("button", { name: /^Unfollow/ }).click();
    await expect(page.getByText("Category Unfollowed")).toBeVisible();
    await expect(followers).toHaveText(`${count} ${count === 1 ? "follower" : "followers"}`);
    expect(await feedIds()).not.toContain(newcomer!.id);
  });
});
