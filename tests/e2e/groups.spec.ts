import { cardOf, DEMO_PASSWORD, expect, expectAccessible, postQuestion, screenshots, signIn, test, uniqueWord } from "./support";

const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";

test.describe("groups", () => {
  test("a member creates a private group and posts in it; a non-member sees neither the post nor its page, and asks to join", async ({ browser }) => {
    test.setTimeout(240_000);
    const word = uniqueWord();
    const groupName = `Incident Review ${word}`;
    const title = `How do we rotate leaked API keys for ${word} without downtime?`;

    // Maya opens the groups page: her groups, the others, and the Create Group dialog from ?create=true.
    const mayaContext = await browser.newContext();
    const maya = await mayaContext.newPage();
    await signIn(maya, MAYA, DEMO_PASSWORD);
    await maya.goto("/groups");
    await expect(maya.getByRole("heading", { level: 1, name: "Groups" })).toBeVisible();
    await expect(maya.getByRole("heading", { level: 2, name: "Your Groups" })).toBeVisible();
    await expect(maya.getByRole("heading", { level: 2, name: "Discover Groups" })).toBeVisible();
    await expect(maya.getByRole("list", { name: "Your Groups" }).getByRole("link", { name: "Frontend Guild" })).toBeVisible();
    await expectAccessible(maya);
    await screenshots(maya, "groups");

    await maya.getByRole("link", { name: "Create Group" }).first().click();
    const dialog = maya.getByRole("dialog", { name: "Create Group" });
    await expect(dialog).toBeVisible();
    await expect(maya).toHaveURL(/\/groups$/);
    await dialog.getByRole("button", { name: "Create Group" }).click();
    await expect(dialog.getByText("Group name is required")).toBeVisible();
    await dialog.getByLabel("Group name").fill(groupName);
    await dialog.getByLabel(/Description/).fill(`Where the on-call team reviews ${word} incidents before they are public.`);
    await dialog.getByLabel(/Rules/).fill("1. No live credentials.\n2. Blameless tone.");
    await dialog.getByRole("switch", { name: "Private group" }).click();
    await dialog.getByRole("button", { name: "Create Group" }).click();
    await expect(maya.getByText("Group created successfully!")).toBeVisible();
    await expect(maya).toHaveURL(/\/groups\/\d+$/);
    const groupPath = new URL(maya.url()).pathname;

    await expect(maya.getByRole("heading", { level: 1, name: groupName })).toBeVisible();
    await expect(maya.getByText("Private", { exact: true })).toBeVisible();
    await expect(maya.getByText("1 member", { exact: true })).toBeVisible();
    await expect(maya.getByText("No posts yet")).toBeVisible();
    await expect(maya.getByRole("button", { name: "Edit" })).toBeVisible();
    await expect(maya.getByRole("button", { name: "Leave Group" })).toHaveCount(0);
    await expect(maya.getByText("No pending requests")).toBeVisible();

    // New Post opens the ask dialog with the group chosen.
    await maya.getByRole("button", { name: "New Post" }).click();
    const ask = maya.getByRole("dialog", { name: "Ask a Question" });
    await expect(ask.getByRole("combobox", { name: "Group" })).toContainText(groupName);
    await ask.getByLabel("Title").fill(title);
    await ask.getByLabel("Search tags").fill("security");
    await ask.getByRole("list", { name: "Available tags" }).getByRole("button", { name: /security/ }).click();
    await expect(ask.getByRole("list", { name: "Selected tags" })).toContainText("security");
    await ask.getByLabel(/Description/).fill("The key was in a public gist for an hour. **What is the safe order of steps?**");
    await postQuestion(maya, ask);
    await expect(ask).toBeHidden();
    // Posting leads to the question's page; back to the group.
    await expect(maya.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await maya.goto(groupPath);
    const card = cardOf(maya, title);
    await expect(card).toBeVisible();
    await expect(maya.getByText("1 post", { exact: true }).first()).toBeVisible();
    const questionPath = await card.getByRole("link", { name: title, exact: true }).getAttribute("href");
    expect(questionPath).toMatch(/^\/questions\/\d+$/);

    // Search within the group's posts.
    const search = maya.getByPlaceholder("Search posts in this group...");
    await search.fill("ROTATE LEAKED");
    await expect(cardOf(maya, title)).toBeVisible();
    await search.fill(`nothing-like-${word}`);
    await expect(maya.getByText(`No posts match “nothing-like-${word}”.`)).toBeVisible();
    await search.fill("");
    await expect(cardOf(maya, title)).toBeVisible();
    await expectAccessible(maya);
    await screenshots(maya, "group-page");

    // Daniel, outside the group, sees neither the post in lists nor its page.
    const danielContext = await browser.newContext();
    const daniel = await danielContext.newPage();
    await signIn(daniel, DANIEL, DEMO_PASSWORD);
    await expect(daniel.getByRole("heading", { level: 1, name: "Newest Questions" })).toBeVisible();
    await expect(daniel.getByRole("link", { name: title, exact: true })).toHaveCount(0);
    await daniel.goto(`/search?q=${word}`);
    await expect(daniel.getByText(`0 results for “${word}”`)).toBeVisible();
    const hidden = await daniel.goto(questionPath!);
    expect(hidden?.status()).toBe(404);
    await expect(daniel.getByRole("heading", { level: 1, name: "Question Not Found" })).toBeVisible();
    expect((await daniel.request.get(`/api${questionPath}`)).status()).toBe(404);
    expect((await daniel.request.get(`/api${groupPath}/questions`)).status()).toBe(403);

    // The group page shows its name and counts, not its posts; Daniel asks to join.
    await daniel.goto(groupPath);
    await expect(daniel.getByRole("heading", { level: 1, name: groupName })).toBeVisible();
    await expect(daniel.getByText("1 post", { exact: true })).toBeVisible();
    await expect(daniel.getByRole("heading", { name: "This group is private" })).toBeVisible();
    await expect(daniel.getByRole("link", { name: title, exact: true })).toHaveCount(0);
    await expect(daniel.getByRole("button", { name: "New Post" })).toHaveCount(0);
    await daniel.getByRole("button", { name: "Join Group" }).click();
    await expect(daniel.getByText("Request sent")).toBeVisible();
    await expect(daniel.getByText("Requested", { exact: true })).toBeVisible();
    await expectAccessible(daniel);

    // Maya approves; Daniel then reads the post and can leave again.
    await maya.reload();
    const requests = maya.getByRole("list", { name: "Pending join requests" });
    await expect(requests.getByText(/Daniel/).first()).toBeVisible();
    await requests.getByRole("button", { name: /^Approve/ }).click();
    await expect(maya.getByText("Request approved")).toBeVisible();
    await expect(maya.getByText("2 members", { exact: true })).toBeVisible();

    await daniel.reload();
    await expect(cardOf(daniel, title)).toBeVisible();
    await expect(daniel.getByRole("button", { name: "New Post" })).toBeVisible();
    await daniel.getByRole("button", { name: "Leave Group" }).click();
    await daniel.getByRole("alertdialog").getByRole("button", { name: "Leave Group" }).click();
    await expect(daniel.getByText("Left group successfully!")).toBeVisible();
    await expect(daniel.getByRole("heading", { name: "This group is private" })).toBeVisible();
    expect((await daniel.request.get(`/api${questionPath}`)).status()).toBe(404);

    await mayaContext.close();
    await danielContext.close();
  });

  test("an unknown group is 'Group Not Found' with a way back", async ({ page }) => {
    await signIn(page);
    const res = await page.goto("/groups/999999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Group Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Groups" }).click();
    await expect(page).toHaveURL(/\/groups$/);
  });
});
