// The browser side of push notifications (issue 15): the service worker, the browser's
// permission, this browser's PushSubscription and the server's record of it. No user-visible
// text lives here: each function answers a state or an outcome code, and the settings row
// (components/settings/push-notification-row.tsx) says what it means.
import type { MouseEvent } from "react";

import { ApiError, apiJson, apiRequest, getJson } from "@/lib/api-client/fetcher";

export const SERVICE_WORKER_URL = "/sw.js";

/** What this browser can do: push works, the page is not a secure context, or the browser has no push at all. */
export type PushSupport = "supported" | "insecure" | "unsupported";

/** The outcome of turning push on in this browser. */
export type PushSubscribeOutcome = "subscribed" | "denied" | "dismissed" | "unsupported" | "unavailable" | "failed";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  if (!window.isSecureContext) return "insecure";
  return "supported";
}

/** The browser's notification permission for this site ("default": never asked, or the prompt dismissed). */
export function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/** The server's VAPID public key, or null when push is unavailable there. */
export async function fetchPushPublicKey(): Promise<string | null> {
  const body = await getJson<{ available: boolean; publicKey: string | null }>("/api/push/public-key");
  return body.available ? body.publicKey : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true; // the browser does not tell: keep it
  const a = new Uint8Array(current);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, if it has one (registers the service worker when needed). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "supported") return null;
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) return null;
  return existing.pushManager.getSubscription();
}

/** Stores the subscription with the server (taking it over should another account have subscribed this browser). */
export async function saveSubscription(subscription: PushSubscription): Promise<void> {
  await apiJson("POST", "/api/push/subscriptions", subscription.toJSON());
}

/**
 * Whether the server holds this browser's subscription as the signed-in member's, refreshing it
 * (its keys, its last use) when so. False when it is not theirs (another account subscribed this
 * browser, or it was forgotten): it is never taken over without the member's click.
 */
export async function refreshSubscription(subscription: PushSubscription): Promise<boolean> {
  try {
    await apiJson("POST", "/api/push/subscriptions?refresh=1", subscription.toJSON());
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * Turns push on in this browser: asks for permission (the browser's prompt; only after the
 * member's click), registers the service worker, subscribes with the server's key (replacing a
 * subscription made with an older key) and stores the subscription with the server.
 */
export async function subscribeThisBrowser(): Promise<PushSubscribeOutcome> {
  if (pushSupport() !== "supported") return "unsupported";
  const publicKey = await fetchPushPublicKey();
  if (!publicKey) return "unavailable";
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "dismissed";
  try {
    const reg = await registration();
    let subscription = await reg.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await saveSubscription(subscription);
    return "subscribed";
  } catch {
    return "failed";
  }
}

/**
 * Turns push off in this browser: the server forgets it, then the browser drops the subscription.
 * Signing out does it too (components/layout: the Log out items), so the next person on a shared
 * computer never sees the previous member's notifications.
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  // A 404 (already forgotten, e.g. taken over by another account) changes nothing here.
  await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(() => null);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * The click of a Log out link (to /api/logout): in a browser with push, forgets this browser's
 * push subscription first (waiting at most 3 s), then signs out; otherwise the link does as usual.
 */
export function logoutLinkClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (pushSupport() !== "supported") return;
  event.preventDefault();
  const href = event.currentTarget.href;
  void Promise.race([unsubscribeThisBrowser().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3_000))]).then(() => window.location.assign(href));
}
