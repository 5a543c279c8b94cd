import { handler } from "@/lib/server/http";
import { vapidDetails } from "@/lib/server/push/config";

// GET /api/push/public-key - the VAPID public key browsers subscribe with, or that push is unavailable here
export const GET = handler(async () => {
  const vapid = vapidDetails();
  return Response.json({ available: vapid !== null, publicKey: vapid?.publicKey ?? null });
});
