// Web Push subscriptions (issue 15): the body of POST /api/push/subscriptions is the browser's
// PushSubscription.toJSON(); DELETE takes its endpoint. Only the server checks these (the
// browser made the values), so the endpoint rules may read the environment.
import { z } from "./zod";

/** Longest push endpoint stored (real ones are 150 to 500 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
/** Browsers (devices) one member may have subscribed at once; the oldest is replaced past it. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

export const PUSH_ENDPOINT_MESSAGE = "endpoint must be the https:// URL of a push service";
export const PUSH_P256DH_MESSAGE = "keys.p256dh must be the browser's P-256 public key (base64url, 65 bytes)";
export const PUSH_AUTH_MESSAGE = "keys.auth must be the browser's authentication secret (base64url, 16 bytes)";
export const PUSH_SUBSCRIPTION_NOT_FOUND = "Push subscription not found";
export const PUSH_UNAVAILABLE_MESSAGE = "Push notifications are not available on this server";

const BODY_MESSAGE = "Request body must be a JSON object";

/** Bytes of a base64url (or base64) string, or -1 when it is not one. */
function decodedLength(value: string): number {
  if (!/^[A-Za-z0-9_+/-]+={0,2}$/.test(value)) return -1;
  return Buffer.from(value.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""), "base64url").length;
}

/** Host names that never lead to a push service on the internet. */
function isPrivateHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (!host.includes(".")) return true; // single label: localhost, intranet names
  if (/^\[.*\]$/.test(host) || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || /^0x/i.test(host)) return true; // IP literals
  return /\.(localhost|local|internal|lan|home|intranet|corp|arpa)$/.test(host);
}

/**
 * Whether the endpoint may be stored and later POSTed to: an https URL on port 443 of a public
 * host name (no IP literal, no credentials), so a member cannot point Agora's sender at the
 * server's own network (the sender also refuses addresses that resolve there: sender.ts). With
 * `allowLoopback` (tests only), http://127.0.0.1:port and http://localhost:port too.
 */
export function isAcceptablePushEndpoint(value: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (allowLoopback && url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost")) return true;
  if (url.protocol !== "https:" || (url.port !== "" && url.port !== "443")) return false;
  return !isPrivateHostName(url.hostname);
}

const endpoint = (allowLoopback: boolean) =>
  z
    .string({ error: PUSH_ENDPOINT_MESSAGE })
    .max(PUSH_ENDPOINT_MAX_LENGTH, `endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`)
    .refine((v) => isAcceptablePushEndpoint(v, allowLoopback), PUSH_ENDPOINT_MESSAGE);

/** POST /api/push/subscriptions: PushSubscription.toJSON() (expirationTime is accepted and ignored). */
export const pushSubscriptionSchema = (allowLoopback: boolean) =>
  z.object(
    {
      endpoint: endpoint(allowLoopback),
      expirationTime: z.number({ error: "expirationTime must be a number or null" }).nullable().optional(),
      keys: z.object(
        {
          p256dh: z.string({ error: PUSH_P256DH_MESSAGE }).max(100, PUSH_P256DH_MESSAGE).refine((v) => decodedLength(v) === 65 && Buffer.from(v, "base64url")[0] === 4, PUSH_P256DH_MESSAGE),
          auth: z.string({ error: PUSH_AUTH_MESSAGE }).max(40, PUSH_AUTH_MESSAGE).refine((v) => decodedLength(v) === 16, PUSH_AUTH_MESSAGE),
        },
        { error: "keys must hold p256dh and auth" },
      ),
    },
    { error: BODY_MESSAGE },
  );
export type PushSubscriptionInput = z.output<ReturnType<typeof pushSubscriptionSchema>>;

/** DELETE /api/push/subscriptions: the endpoint of the browser to forget (any string up to the limit: a stored one is matched exactly). */
export const pushUnsubscribeSchema = z.object(
  { endpoint: z.string({ error: "endpoint is required" }).min(1, "endpoint is required").max(PUSH_ENDPOINT_MAX_LENGTH, `endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`) },
  { error: BODY_MESSAGE },
);
