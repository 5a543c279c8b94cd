"use client";

import { useEffect, useState } from "react";

import { SwitchRow } from "@/components/settings/setting-row";
import { toastError, toastSuccess } from "@/lib/api-client/toast";
import {
  currentPushSubscription,
  fetchPushPublicKey,
  notificationPermission,
  pushSupport,
  refreshSubscription,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  type PushSubscribeOutcome,
  type PushSupport,
} from "@/lib/push/client";

/** Every user-visible string of push notifications in the interface (one place, for translation). */
export const PUSH_MESSAGES = {
  label: "Push notifications",
  description: "Get Agora's notifications on this device, even when Agora is closed. Your browser asks for permission first.",
  onHere: "On in this browser. Turning it off stops push notifications on all your devices.",
  permission: "Browser permission",
  permissionStates: { granted: "allowed", denied: "blocked", default: "not asked yet", unsupported: "not supported" },
  checking: "Checking this browser…",
  unavailable: "Push notifications are not available on this server.",
  unsupported: "This browser does not support push notifications.",
  insecure: "Push notifications need a secure (https) connection to Agora.",
  denied: "Notifications are blocked for this site in your browser. Allow them in the browser's site settings, then turn this on again.",
  dismissed: "The browser's permission prompt closed without an answer. Turn the switch on to be asked again.",
  failed: "This browser could not subscribe to push notifications (its push service did not answer). Try again later.",
  turnedOn: ["Push notifications on", "This browser will show Agora's notifications."],
  turnedOff: ["Push notifications off", "No device of yours gets Agora's push notifications now."],
  errorTitle: "Push notifications",
} as const;

type Problem = Exclude<PushSubscribeOutcome, "subscribed"> | "insecure";

/**
 * The push switch of Settings > Notifications (issue 15). On means: the member's pushNotifications
 * setting is on and this browser is subscribed. Turning it on asks the browser's permission,
 * subscribes this browser and stores the subscription, then turns the setting on; turning it off
 * unsubscribes this browser and turns the setting off (no device gets pushes). It says why it
 * cannot be turned on: push unavailable on the server, an unsupported or insecure browser, a
 * refused or dismissed permission prompt, a push service that failed.
 */
export function PushNotificationRow({ enabled, onSettingChange }: { enabled: boolean; onSettingChange: (on: boolean) => void }) {
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [available, setAvailable] = useState<boolean | null>(null);
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">("default");
  const [subscribedHere, setSubscribedHere] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const found = pushSupport();
      const key = await fetchPushPublicKey().catch(() => null);
      const subscription = found === "supported" ? await currentPushSubscription().catch(() => null) : null;
      // This browser counts as subscribed only when the server holds its subscription as this member's (refreshed on the way).
      const mine = subscription && key ? await refreshSubscription(subscription).catch(() => false) : false;
      if (cancelled) return;
      setSupport(found);
      setPermission(notificationPermission());
      setAvailable(key !== null);
      setSubscribedHere(mine);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const ready = support !== null && available !== null && subscribedHere !== null;
  const checked = enabled && subscribedHere === true && permission !== "denied";
  const blocked = support !== "supported" || available === false || (permission === "denied" && !checked);

  async function turnOn() {
    const outcome = await subscribeThisBrowser();
    setPermission(notificationPermission());
    if (outcome === "subscribed") {
      setProblem(null);
      setSubscribedHere(true);
      if (enabled) toastSuccess(PUSH_MESSAGES.turnedOn[0], PUSH_MESSAGES.turnedOn[1], { id: "settings-push" });
      else onSettingChange(true);
      return;
    }
    setProblem(outcome);
    if (outcome === "unavailable") setAvailable(false);
    toastError(PUSH_MESSAGES.errorTitle, PUSH_MESSAGES[outcome], { id: "settings-push" });
  }

  async function turnOff() {
    await unsubscribeThisBrowser();
    setSubscribedHere(false);
    setProblem(null);
    if (enabled) onSettingChange(false);
    else toastSuccess(PUSH_MESSAGES.turnedOff[0], PUSH_MESSAGES.turnedOff[1], { id: "settings-push" });
  }

  async function onCheckedChange(on: boolean) {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } finally {
      setBusy(false);
    }
  }

  const status = !ready
    ? PUSH_MESSAGES.checking
    : support !== "supported"
      ? PUSH_MESSAGES[support ?? "unsupported"]
      : available === false
        ? PUSH_MESSAGES.unavailable
        : permission === "denied"
          ? PUSH_MESSAGES.denied
          : problem
            ? PUSH_MESSAGES[problem]
            : checked
              ? PUSH_MESSAGES.onHere
              : null;

  return (
    <SwitchRow
      label={PUSH_MESSAGES.label}
      description={
        <>
          {PUSH_MESSAGES.description}
          <span className="mt-1 block" data-testid="push-permission">
            {PUSH_MESSAGES.permission}: {PUSH_MESSAGES.permissionStates[permission]}
          </span>
          {status ? (
            <span className="mt-1 block text-foreground" role="status" data-testid="push-status">
              {status}
            </span>
          ) : null}
        </>
      }
      checked={checked}
      disabled={!ready || busy || blocked}
      onCheckedChange={(on) => void onCheckedChange(on)}
    />
  );
}
