import { errorResponse, handler } from "@/lib/server/http";
import { unauthorized } from "@/lib/server/errors";
import { getViewer } from "@/lib/server/auth/session";
import { presentCurrentUser } from "@/lib/server/accounts/presenters";

// GET /api/auth/user - the signed-in member's own account (with settings), or 401
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const res = viewer ? Response.json(presentCurrentUser(viewer)) : errorResponse(unauthorized());
  // Per-person and changes at sign-in and sign-out: never cached anywhere.
  res.headers.set("Cache-Control", "no-store");
  return res;
});
