import { requireViewer } from "@/lib/server/auth/session";
import { badRequest } from "@/lib/server/errors";
import { presentReviewItem } from "@/lib/server/flags/presenters";
import { countFlaggedPosts, DEFAULT_REVIEW_PAGE, listReviewItems, MAX_REVIEW_PAGE } from "@/lib/server/flags/queries";
import { handler } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize, SITE } from "@/lib/server/policy";
import { pageQuerySchema, searchParamsOf } from "@/lib/validation/questions";

// GET /api/review - the review queue: flagged posts with open flags, most recently flagged first (moderators and admins)
export const GET = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  authorize(viewer, "review.view", SITE); // 403
  const query = pageQuerySchema.parse(searchParamsOf(req.url)); // 400
  // The cursor is an offset: the queue is short, and it shrinks as moderators work through it.
  const offset = query.cursor ? Number(query.cursor) : 0;
  if (!/^\d{1,6}$/.test(query.cursor ?? "0") || !Number.isSafeInteger(offset)) throw badRequest("Invalid cursor");
  const limit = Math.min(MAX_REVIEW_PAGE, query.limit ?? DEFAULT_REVIEW_PAGE);
  const [page, total] = await Promise.all([listReviewItems({ limit, offset }), countFlaggedPosts()]);
  const items = page.rows.map((row) => presentReviewItem(row, viewer.id));
  return pageResponse(items, { nextCursor: page.hasMore ? String(offset + limit) : null, total });
});
