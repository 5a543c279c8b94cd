import { requireViewer } from "@/lib/server/auth/session";
import { handler } from "@/lib/server/http";
import { allowanceOf } from "@/lib/server/rate-limit";

// GET /api/ai/quota - the member's AI answers left this hour (aiHourly): { limit, remaining, resetsAt }
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req);
  const { limit, remaining, resetsAt } = await allowanceOf("aiHourly", viewer.id);
  return Response.json({ limit, remaining, resetsAt: resetsAt?.toISOString() ?? null }, { headers: { "Cache-Control": "private, no-store" } });
});
