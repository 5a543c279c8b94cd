// Agora's service worker (issue 15): shows Web Push notifications and opens them. It caches
// nothing and handles no fetches: the site works exactly as without it.
//
// A push carries JSON { title, body, url, tag, icon } (lib/server/push/outbox.ts). A click
// focuses an open Agora tab and takes it to the notification's page, or opens a new tab there;
// only paths on this site are opened.

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** The notification's address on this site: a same-origin URL, else the notifications page. */
function sameOriginUrl(value) {
  try {
    const url = new URL(typeof value === "string" ? value : "/notifications", self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // not a URL
  }
  return new URL("/notifications", self.location.origin).href;
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title.slice(0, 200) : "Agora";
  const options = {
    body: typeof data.body === "string" ? data.body.slice(0, 500) : "",
    icon: "/icon-192.png",
    badge: "/icon-192.png",
    tag: typeof data.tag === "string" ? data.tag.slice(0, 100) : undefined,
    data: { url: sameOriginUrl(data.url) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        try {
          // Only a tab this worker controls can be navigated; any other gets a new tab beside it.
          if (await open.navigate(target)) return;
        } catch {
          // fall through
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
