import type { APIRequestContext } from "@playwright/test";
import { e2eSql, expect, expectAccessible, screenshots, test, uniqueEmail } from "./support";

const PASSWORD = "activity-password-1";

/** Registers a member through the API; the request's browser context is then signed in as them. */
async function registerMember(request: APIRequestContext, firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await request.post("/api/register", { data: { email, password: PASSWORD, firstName, lastName } });
  expect(res.status()).toBe(201);
  const me = await (await request.get("/api/auth/user")).json();
  return { id: me.id as string, email };
}

test.describe("activity status", () => {
  test("another member sees when Ada was active until she turns it off in Privacy settings", async ({ browser }) => {
    test.setTimeout(120_000);
    const adaPage = await (await browser.newContext()).newPage();
    const ada = await registerMember(adaPage.request, "Ada", "Activa");
    // Her signed-in request is recorded after its response.
    await expect
      .poll(async () => (await e2eSql<{ at: Date | null }>("SELECT last_active_at AS at FROM users WHERE id = $1", [ada.id]))[0]?.at ?? null)
      .not.toBeNull();

    const bobPage = await (await browser.newContext()).newPage();
    await registerMember(bobPage.request, "Bob", "Watcher");
    await bobPage.goto(`/users/${ada.id}`);
    const header = bobPage.getByRole("region", { name: "Ada Activa" });
    await expect(header.getByText("Active now")).toBeVisible();
    await expectAccessible(bobPage);
    await screenshots(bobPage, "activity-profile-shown");

    // The members directory's card says it too.
    await bobPage.goto(`/users?search=Activa`);
    await expect(bobPage.getByRole("article").filter({ hasText: "Ada Activa" }).getByText("Active now")).toBeVisible();

    // Ada turns "Show activity status" off.
    await adaPage.goto("/settings?tab=privacy");
    await adaPage.getByRole("tab", { name: "Privacy" }).click();
    const toggle = adaPage.getByRole("switch", { name: "Show activity status" });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect.poll(async () => (await (await adaPage.request.get("/api/auth/user")).json()).privacySettings.showActivity).toBe(false);

    // Bob no longer sees it, on the page or from the API; Ada still sees her own.
    await bobPage.goto(`/users/${ada.id}`);
    await expect(header).toBeVisible();
    await expect(header.getByText(/^Active /)).toHaveCount(0);
    expect((await (await bobPage.request.get(`/api/users/${ada.id}/profile`)).json()).lastActiveAt).toBeNull();
    await screenshots(bobPage, "activity-profile-hidden");
    await adaPage.goto(`/users/${ada.id}`);
    await expect(adaPage.getByRole("region", { name: "Ada Activa" }).getByText("Active now")).toBeVisible();

    // On again: shown again.
    await adaPage.goto("/settings?tab=privacy");
    await adaPage.getByRole("tab", { name: "Privacy" }).click();
    await adaPage.getByRole("switch", { name: "Show activity status" }).click();
    await expect.poll(async () => (await (await adaPage.request.get("/api/auth/user")).json()).privacySettings.showActivity).toBe(true);
    await bobPage.goto(`/users/${ada.id}`);
    await expect(header.getByText("Active now")).toBeVisible();
  });
});
