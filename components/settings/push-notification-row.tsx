"use client";

import { useTranslations } from "next-intl";
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
  const t = useTranslations("push");
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
      if (enabled) toastSuccess(t("turnedOnTitle"), t("turnedOnText"), { id: "settings-push" });
      else onSettingChange(true);
      return;
    }
    setProblem(outcome);
    if (outcome === "unavailable") setAvailable(false);
    toastError(t("errorTitle"), t(outcome), { id: "settings-push" });
  }

  async function turnOff() {
    await unsubscribeThisBrowser();
    setSubscribedHere(false);
    setProblem(null);
    if (enabled) onSettingChange(false);
    else toastSuccess(t("turnedOffTitle"), t("turnedOffText"), { id: "settings-push" });
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
    ? t("checking")
    : support !== "supported"
      ? t(support ?? "unsupported")
      : available === false
        ? t("unavailable")
        : permission === "denied"
          ? t("denied")
          : problem
            ? t(problem)
            : checked
              ? t("onHere")
              : null;

  return (
    <SwitchRow
      label={t("label")}
      description={
        <>
          {t("description")}
          <span className="mt-1 block" data-testid="push-permission">
            {t("permission", { state: t(`permissionStates.${permission}`) })}
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
