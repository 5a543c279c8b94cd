import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, uniqueEmail } from "./support";

/*
 * E-mail you can trust, as a person meets it: sign up, see the banner, open the verification
 * e-mail (the .eml file the e2e server's outbox writes without SMTP) and press its button; forget
 * the password, reset it from the e-mailed link and sign in with the new one. At 1280 and 390 px.
 */

/** The e2e server's outbox folder (scripts/e2e-server.ts names its data folder in a file per port). */
function outboxDir(): string {
  const pointer = path.join(os.tmpdir(), `agora-e2e-${Number(process.env.E2E_PORT ?? 3100)}.datadir`);
  return path.join(fs.readFileSync(pointer, "utf8").trim(), "outbox");
}

/** The decoded text of every .eml file sent to an address (quoted-printable soft breaks and "=3D" undone). */
function mailsTo(email: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    .filter((raw) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(raw))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "="));
}

/** Waits for an e-mail to the address with a link to `page` and returns the link's path. */
async function linkFromInbox(email: string, linkPath: "/verify-email" | "/reset-password", count = 1): Promise<string> {
  const pattern = new RegExp(`${linkPath}\\?token=[A-Za-z0-9_-]+`, "g");
  let links: string[] = [];
  await expect
    .poll(
      () => {
        links = mailsTo(email).flatMap((text) => [...new Set(text.match(pattern) ?? [])]);
        return links.length;
      },
      { message: `an e-mail to ${email} with a ${linkPath} link`, timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return links[links.length - 1]!;
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync("tests/artifacts", { recursive: true });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: `tests/artifacts/email-${name}.png`, fullPage: true });
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/login?mode=signup");
  await page.getByLabel("First name").fill("Vera");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Newest Questions" })).toBeVisible();
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`e-mail you can trust (${label})`, () => {
    test.use({ viewport });
    // Each test waits for up to two e-mails from the outbox loop (30 s each at most) besides its pages.
    test.describe.configure({ timeout: 120_000 });

    test("sign up, see the banner, resend, open the e-mailed link: verified and the banner is gone", async ({ page }) => {
      const email = uniqueEmail(`verify-${label}`);
      await signUp(page, email, "correct horse battery");

      const banner = page.getByRole("region", { name: "E-mail verification" });
      await expect(banner).toContainText("Please verify your e-mail address.");
      expect((await (await page.request.get("/api/auth/user")).json()).emailVerified).toBe(false);
      await expectAccessible(page);
      await shoot(page, `banner-${label}`);

      await linkFromInbox(email, "/verify-email");
      await banner.getByRole("button", { name: "Resend" }).click();
      await expect(page.getByText("Verification e-mail sent")).toBeVisible();
      const link = await linkFromInbox(email, "/verify-email", 2);

      // Opening the link changes nothing by itself (prefetchers): the button does.
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Verify your e-mail address" })).toBeVisible();
      expect((await (await page.request.get("/api/auth/user")).json()).emailVerified).toBe(false);
      await expectAccessible(page);
      await shoot(page, `verify-${label}`);
      await page.getByRole("button", { name: "Verify my e-mail address" }).click();
      await expect(page.getByText("Your e-mail address is verified. Thank you!")).toBeVisible();
      await expect(banner).toHaveCount(0);
      expect((await (await page.request.get("/api/auth/user")).json()).emailVerified).toBe(true);

      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Newest Questions" })).toBeVisible();
      await expect(banner).toHaveCount(0);

      // The same link again: refused with a clear message.
      await page.goto(link);
      await page.getByRole("button", { name: "Verify my e-mail address" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "This verification link has expired or was already used." })).toBeVisible();
    });

    test("forgot the password: the e-mailed link sets a new one, and it signs in", async ({ page }) => {
      const email = uniqueEmail(`reset-${label}`);
      await signUp(page, email, "the first password");
      await page.request.get("/api/logout");
      await page.context().clearCookies();

      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, `forgot-${label}`);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText("If an account exists for that address, we sent a link to reset the password.")).toBeVisible();

      const link = await linkFromInbox(email, "/reset-password");
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill("a brand new password");
      await page.getByLabel("Confirm new password").fill("not the same");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByText("The two passwords do not match.")).toBeVisible();
      await page.getByLabel("Confirm new password").fill("a brand new password");
      await expectAccessible(page);
      await shoot(page, `reset-${label}`);
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByText("Your password has been reset. Sign in with the new password.")).toBeVisible();

      // The link is spent.
      await page.goto(link);
      await page.getByLabel("New password", { exact: true }).fill("yet another password");
      await page.getByLabel("Confirm new password").fill("yet another password");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "This reset link has expired or was already used. Request a new one." })).toBeVisible();

      // The old password no longer works; the new one does, and the address counts as verified.
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("the first password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
      await page.getByLabel("Password", { exact: true }).fill("a brand new password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Newest Questions" })).toBeVisible();
      await expect(page.getByRole("region", { name: "E-mail verification" })).toHaveCount(0);
    });
  });
}
