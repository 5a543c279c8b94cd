import { getViewer } from "@/lib/server/auth/session";
import { presentCategory } from "@/lib/server/categories/presenters";
import { listCategories } from "@/lib/server/categories/queries";
import { handler } from "@/lib/server/http";

// GET /api/categories - every category by name, with tag and follower counts and the viewer's follow state
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const categories = await listCategories(viewer);
  return Response.json(categories.map(presentCategory));
});
