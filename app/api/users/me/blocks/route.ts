import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { presentBlockedMember } from "@/lib/server/direct-messages/presenters";
import { listBlockedMembers } from "@/lib/server/direct-messages/queries";

// GET /api/users/me/blocks - the members the viewer blocked, most recent first (Settings > Privacy)
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const rows = await listBlockedMembers(viewer);
  return Response.json(rows.map((row) => presentBlockedMember(row, viewer.id)));
});
