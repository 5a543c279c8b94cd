import { DEMO_PASSWORD, e2eSql, expect, expectAccessible, screenshots, signIn, test } from "./support";

const MAYA = "maya@demo.agora.dev";
const DANIEL = "daniel@demo.agora.dev";
const SOFIA = "sofia@demo.agora.dev";

/** The open conversation polls every 4 s: allow a few periods. */
const NEW_MESSAGE_TIMEOUT_MS = 20_000;
/** What a page fetches after hydration (the blocked list) waits on hydration, slow on a busy machine. */
const AFTER_HYDRATION = { timeout: 30_000 };

async function idOf(email: string): Promise<string> {
  const [row] = await e2eSql<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
  return row!.id;
}

test.describe("direct messages", () => {
  test("two members exchange messages in two browsers; the conversation is private; a block closes the inbox", async ({ browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const [mayaId, danielId] = [await idOf(MAYA), await idOf(DANIEL)];
    // A clean slate between the two: messages allowed, no blocks, no earlier conversation.
    await e2eSql(
      `UPDATE users SET privacy_settings = COALESCE(privacy_settings, '{}'::jsonb) || '{"allowMessages": true}'::jsonb WHERE id = ANY($1::text[])`,
      [[mayaId, danielId]],
    );
    await e2eSql("DELETE FROM user_blocks WHERE blocker_id = ANY($1::text[]) AND blocked_id = ANY($1::text[])", [[mayaId, danielId]]);
    await e2eSql("DELETE FROM conversations WHERE user_a_id = ANY($1::text[]) AND user_b_id = ANY($1::text[])", [[mayaId, danielId]]);

    // Maya opens Daniel's profile and writes to him from the Message dialog.
    const mayaContext = await browser.newContext();
    const maya = await mayaContext.newPage();
    await signIn(maya, MAYA, DEMO_PASSWORD);
    await maya.goto(`/users/${danielId}`);
    await expect(maya.getByRole("button", { name: /^Block/ })).toBeVisible();
    await expectAccessible(maya);
    await screenshots(maya, "messages-profile-buttons");
    await maya.getByRole("button", { name: /^Message/ }).click();
    const dialog = maya.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: /^Message / })).toBeVisible();
    const first = `Hi Daniel, are you coming to the **meetup** on Friday? (${stamp})`;
    await dialog.getByRole("textbox").fill(first);
    await dialog.getByRole("textbox").press("Enter");
    await expect(maya).toHaveURL(/\/messages\/\d+$/);
    const conversationPath = new URL(maya.url()).pathname;
    const mayaThread = maya.getByRole("list", { name: /^Messages with / });
    await expect(mayaThread.getByText(`Hi Daniel, are you coming to the meetup on Friday? (${stamp})`)).toBeVisible();
    await expect(mayaThread.locator("strong", { hasText: "meetup" })).toBeVisible();

    // Daniel sees the unread conversation on /messages (and the Messages link's badge), opens it and replies.
    const danielContext = await browser.newContext();
    const daniel = await danielContext.newPage();
    await signIn(daniel, DANIEL, DEMO_PASSWORD);
    await expect(daniel.getByRole("banner").getByRole("link", { name: /^Messages, 1 unread conversation/ })).toBeVisible(AFTER_HYDRATION);
    await daniel.goto("/messages");
    await expect(daniel.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    const row = daniel.getByRole("link", { name: /Maya/ }).filter({ hasText: stamp });
    await expect(row).toBeVisible();
    await expect(row.getByLabel("1 unread")).toBeVisible();
    await expectAccessible(daniel);
    await screenshots(daniel, "messages-list");
    await row.click();
    await expect(daniel).toHaveURL(new RegExp(`${conversationPath}$`));
    const danielThread = daniel.getByRole("list", { name: /^Messages with / });
    await expect(danielThread.getByText(`(${stamp})`)).toBeVisible();
    const reply = `Yes! I'll bring the slides (${stamp}).`;
    await daniel.getByRole("textbox", { name: /^Message to / }).fill(reply);
    await daniel.getByRole("button", { name: "Send" }).click();
    await expect(danielThread.getByText(reply)).toBeVisible();
    // Opening it marked it read: the badge is gone.
    await daniel.goto("/messages");
    await expect(daniel.getByRole("link", { name: /Maya/ }).filter({ hasText: stamp }).getByLabel(/unread/)).toHaveCount(0);

    // Maya's open conversation shows the reply without a reload.
    await expect(mayaThread.getByText(reply)).toBeVisible({ timeout: NEW_MESSAGE_TIMEOUT_MS });
    await expectAccessible(maya);
    await screenshots(maya, "messages-conversation");

    // Her bell holds one "message" notification for the conversation, read once she opened it.
    const notifications = (await (await maya.request.get("/api/notifications")).json()) as { type: string; link: string; isRead: boolean }[];
    const aboutIt = notifications.filter((n) => n.type === "message" && n.link === conversationPath);
    expect(aboutIt).toHaveLength(1);

    // A third member, however curious, gets the 404 screen (and the API's 404).
    const sofiaContext = await browser.newContext();
    const sofia = await sofiaContext.newPage();
    await signIn(sofia, SOFIA, DEMO_PASSWORD);
    await sofia.goto(conversationPath);
    await expect(sofia.getByText("404 Page Not Found")).toBeVisible();
    expect((await sofia.request.get(`/api${conversationPath.replace("/messages/", "/conversations/")}/messages`)).status()).toBe(404);

    // Daniel blocks Maya from her profile: her composer gives way to a notice, and Daniel unblocks her in Settings > Privacy.
    await daniel.goto(`/users/${mayaId}`);
    await daniel.getByRole("button", { name: /^Block/ }).click();
    await expect(daniel.getByRole("button", { name: /^Unblock/ })).toBeVisible(AFTER_HYDRATION);
    await expect(daniel.getByRole("button", { name: /^Message/ })).toHaveCount(0);
    const refused = await maya.request.post("/api/messages", { data: { recipientId: danielId, content: "Hello?" } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("This member does not accept direct messages");
    await maya.reload();
    await expect(maya.getByText(/You can't reply to this conversation/)).toBeVisible();
    await daniel.goto("/settings?tab=privacy");
    const blocked = daniel.getByRole("list", { name: "Blocked members" });
    await expect(blocked.getByRole("link", { name: /Maya/ })).toBeVisible(AFTER_HYDRATION);
    await expectAccessible(daniel);
    await screenshots(daniel, "messages-blocked-settings");
    await blocked.getByRole("button", { name: /^Unblock/ }).click();
    await expect(daniel.getByText("You have not blocked anyone.")).toBeVisible(AFTER_HYDRATION);
    await maya.reload();
    await expect(maya.getByRole("textbox", { name: /^Message to / })).toBeVisible();

    await Promise.all([mayaContext.close(), danielContext.close(), sofiaContext.close()]);
  });
});
