import { requireViewer } from "@/lib/server/auth/session";
import { serviceUnavailable } from "@/lib/server/errors";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { loopbackPushAllowed, vapidDetails } from "@/lib/server/push/config";
import { deletePushSubscription, refreshPushSubscription, savePushSubscription } from "@/lib/server/push/subscriptions";
import { PUSH_UNAVAILABLE_MESSAGE, pushSubscriptionSchema, pushUnsubscribeSchema } from "@/lib/validation/push";

/** A PushSubscription's JSON is well under 1 KB; anything past 4 KB is not one. */
const MAX_BODY_BYTES = 4 * 1024;

// POST /api/push/subscriptions - subscribe this browser to the viewer's push notifications (upsert by endpoint);
// with ?refresh=1 only refresh one the viewer already has (404 otherwise)
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401; 403 suspended
  authorize(viewer, "push.subscribe");
  if (!vapidDetails()) throw serviceUnavailable(PUSH_UNAVAILABLE_MESSAGE); // 503
  const input = pushSubscriptionSchema(loopbackPushAllowed()).parse(await readJson(req, MAX_BODY_BYTES)); // 400, 413
  const refreshOnly = new URL(req.url).searchParams.get("refresh") === "1";
  const { id, created } = refreshOnly ? await refreshPushSubscription(viewer, input) : await savePushSubscription(viewer, input); // 404 refresh of another's
  return Response.json({ id, created }, { status: created ? 201 : 200 });
});

// DELETE /api/push/subscriptions - forget one of the viewer's browsers, by endpoint (allowed while suspended)
export const DELETE = handler(async (req) => {
  const viewer = await requireViewer(req, { whileSuspended: "allowed" }); // 401
  authorize(viewer, "push.unsubscribe");
  const { endpoint } = pushUnsubscribeSchema.parse(await readJson(req, MAX_BODY_BYTES)); // 400, 413
  await deletePushSubscription(viewer, endpoint); // 404 not the viewer's
  return new Response(null, { status: 204 });
});
