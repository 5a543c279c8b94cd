import { clearSessionCookies, requireViewer } from "@/lib/server/auth/session";
import { handler, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { deleteAccount } from "@/lib/server/accounts/mutations";
import { accountDeleteSchema } from "@/lib/validation/users";

// DELETE /api/users/me - delete the signed-in member's account after they typed DELETE; signs them out
export const DELETE = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  accountDeleteSchema.parse(await readJson(req)); // 400 without the typed confirmation
  authorize(viewer, "user.deleteAccount"); // 403
  await deleteAccount(viewer);
  const res = new Response(null, { status: 204 });
  for (const cookie of clearSessionCookies(req)) res.headers.append("Set-Cookie", cookie);
  return res;
});
