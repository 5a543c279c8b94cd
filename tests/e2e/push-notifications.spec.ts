import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { createBrowserKeys, startFakePushService, verifyVapid, type FakePushService } from "../support/fake-push-service";
import { e2eSql, expect, expectAccessible, screenshots, test, uniqueEmail } from "./support";

/*
 * Push notifications (issue 15) in Chromium. Headless Chromium here has no push service of its own
 * (its pushManager.subscribe needs Google's FCM, which these machines cannot reach), so the
 * browser's PushManager is replaced, in the page only, by one that hands out a subscription whose
 * endpoint is a loopback fake push service of this test (tests/support/fake-push-service.ts).
 * Everything else is real: the permission (granted to the context), the service worker
 * registration, Settings' switch, the app's API, the database, the sender in the running server,
 * the VAPID signature and the encrypted payload the fake receives and decrypts; and the service
 * worker, to which the decrypted push is delivered through the DevTools protocol
 * (ServiceWorker.deliverPushMessage, as the browser does with what its push service hands it),
 * shows the notification.
 */

const PASSWORD = "push-password-1";

async function registerMember(request: APIRequestContext, firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await request.post("/api/register", { data: { email, password: PASSWORD, firstName, lastName } });
  expect(res.status()).toBe(201);
  const me = await (await request.get("/api/auth/user")).json();
  return { id: me.id as string, email };
}

/** Replaces the page's PushManager with one that subscribes to the fake push service with the given keys. */
async function fakeBrowserPushService(context: BrowserContext, endpoint: string, keys: { p256dh: string; auth: string }) {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const storeKey = "agora-e2e-push-subscription";
      const make = (applicationServerKey: ArrayBuffer | null) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(storeKey);
          return true;
        },
      });
      const toBase64Url = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;
      if (typeof PushManager === "undefined") return;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array | undefined;
        const buffer = key ? (key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer) : null;
        localStorage.setItem(storeKey, buffer ? toBase64Url(buffer) : "");
        return make(buffer) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const stored = localStorage.getItem(storeKey);
        return stored === null ? null : (make(stored ? fromBase64Url(stored) : null) as unknown as PushSubscription);
      };
    },
    { endpoint, keys },
  );
}

let push: FakePushService;
test.beforeAll(async () => {
  push = await startFakePushService();
});
test.afterAll(async () => {
  await push.close();
});

test.describe("push notifications", () => {
  test("a member turns push on in Settings, a new follower reaches the browser's push service, and off stops it", async ({ browser }) => {
    test.setTimeout(120_000);
    const keys = createBrowserKeys();
    const path = `/push/${Date.now().toString(36)}`;
    const context = await browser.newContext();
    await context.grantPermissions(["notifications"]);
    await fakeBrowserPushService(context, `${push.url}${path}`, keys);
    const page = await context.newPage();
    const ada = await registerMember(page.request, "Ada", "Pushwell");

    await page.goto("/settings");
    const toggle = page.getByRole("switch", { name: "Push notifications" });
    await expect(page.getByTestId("push-permission")).toHaveText("Browser permission: allowed");
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(page.getByTestId("push-status")).toHaveText("On in this browser. Turning it off stops push notifications on all your devices.");
    // The service worker is registered for the whole site.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
    const stored = await e2eSql<{ endpoint: string; p256dh: string }>("SELECT endpoint, p256dh FROM push_subscriptions WHERE user_id = $1", [ada.id]);
    expect(stored).toEqual([{ endpoint: `${push.url}${path}`, p256dh: keys.p256dh }]);
    await expectAccessible(page);
    await screenshots(page, "settings-push-on");

    // Bob follows Ada: the running server pushes to her browser's push service, signed and encrypted.
    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    await registerMember(bobPage.request, "Bob", "Follower");
    expect((await bobPage.request.post(`/api/users/${ada.id}/follow`)).status()).toBe(200);
    const [received] = await push.waitFor(path);
    const publicKey = (await (await page.request.get("/api/push/public-key")).json()).publicKey;
    expect(verifyVapid(received!.headers.authorization).k).toBe(publicKey);
    expect(JSON.parse(keys.decrypt(received!.body))).toMatchObject({ title: "New follower", body: "Bob Follower started following you" });

    // The service worker shows a push as a notification (delivered to it by the browser's DevTools protocol, as a push service would).
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((r) => r.scopeURL.endsWith("/"))?.registrationId ?? null).not.toBeNull();
    const origin = new URL(page.url()).origin;
    // A delivery can be lost while the browser starts the worker again (it stops idle ones), which
    // happened once on a loaded CI machine: deliver again until it shows. The same tag replaces a
    // notification, so however many deliveries it took, the list holds one.
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.getRegistration("/"))!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })),
      );
    await expect(async () => {
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: registrations.find((r) => r.scopeURL.endsWith("/"))!.registrationId,
        data: keys.decrypt(received!.body),
      });
      await expect.poll(notifications, { timeout: 5_000 }).not.toEqual([]);
    }).toPass({ timeout: 45_000 });
    expect(await notifications()).toEqual([
      { title: "New follower", body: "Bob Follower started following you", tag: expect.stringMatching(/^agora-notification-\d+$/), url: expect.stringMatching(/\/users\/[^/]+$/) },
    ]);

    // Reloaded, the switch still shows on; turned off, the browser is forgotten and no device gets pushes.
    await page.reload();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect.poll(async () => (await e2eSql("SELECT 1 FROM push_subscriptions WHERE user_id = $1", [ada.id])).length).toBe(0);
    await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).notificationSettings.pushNotifications).toBe(false);

    // On again, then Log out: the browser is forgotten, so the next person on this computer gets none of Ada's pushes.
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect.poll(async () => (await e2eSql("SELECT 1 FROM push_subscriptions WHERE user_id = $1", [ada.id])).length).toBe(1);
    await page.getByRole("button", { name: /^Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page.getByRole("heading", { name: "AI-Powered Q&A Platform" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    expect(await e2eSql("SELECT 1 FROM push_subscriptions WHERE user_id = $1", [ada.id])).toHaveLength(0);
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration("/"))?.pushManager.getSubscription()) ?? null)).toBeNull();
    await bobContext.close();
    await context.close();
  });

  test("the switch explains a browser that refuses notifications and stays off", async ({ browser }) => {
    const context = await browser.newContext();
    const keys = createBrowserKeys();
    await fakeBrowserPushService(context, `${push.url}/push/refused`, keys);
    // The member once answered the browser's prompt with Block: the browser reports "denied".
    await context.addInitScript(() => {
      Object.defineProperty(Notification, "permission", { get: () => "denied" });
      Notification.requestPermission = async () => "denied";
    });
    const page = await context.newPage();
    const member = await registerMember(page.request, "Rey", "Fused");
    await page.goto("/settings");
    await expect(page.getByTestId("push-permission")).toHaveText("Browser permission: blocked");
    await expect(page.getByTestId("push-status")).toHaveText(
      "Notifications are blocked for this site in your browser. Allow them in the browser's site settings, then turn this on again.",
    );
    await expect(page.getByRole("switch", { name: "Push notifications" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Push notifications" })).not.toBeChecked();
    expect(await e2eSql("SELECT 1 FROM push_subscriptions WHERE user_id = $1", [member.id])).toHaveLength(0);
    await expectAccessible(page);
    await screenshots(page, "settings-push-blocked");
    await context.close();
  });
});
